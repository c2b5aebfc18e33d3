//! What an error quotes of the screen a program ended with: when a program
//! ends as it starts, the host's `open` and `pty-start` say why with its
//! last lines.

/// The most of a failed start's screen an error quotes, in lines.
const SCREEN_LINES: usize = 6;

/// The last non-blank lines of `text` (a screen `cols` wide), joined by
/// ` | ` (an error message is one line); a row that fills the width goes on
/// in the next one, so the two are joined as they are.
pub(crate) fn last_lines(text: &str, cols: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut wraps = false;
    for row in text.lines() {
        match lines.last_mut() {
            Some(last) if wraps => last.push_str(row),
            _ => lines.push(row.to_owned()),
        }
        wraps = cols > 0 && row.chars().count() >= cols;
    }
    let lines: Vec<&str> =
        lines.iter().map(|line| line.trim_end()).filter(|line| !line.trim().is_empty()).collect();
    let from = lines.len().saturating_sub(SCREEN_LINES);
    if lines.is_empty() { "(a blank screen)".into() } else { lines[from..].join(" | ") }
}

#[cfg(test)]
mod tests {
    use super::last_lines;

    #[test]
    fn a_row_that_fills_the_width_goes_on_in_the_next() {
        let screen = "$ ./app\nexec: /tmp/rv/fakebin: not f\nound\n\n";
        assert_eq!(last_lines(screen, 28), "$ ./app | exec: /tmp/rv/fakebin: not found");
        assert_eq!(last_lines("\n  \n", 10), "(a blank screen)");
    }
}
