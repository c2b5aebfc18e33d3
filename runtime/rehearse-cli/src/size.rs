//! `COLSxROWS`, as `--size` spells a terminal's size.

/// Parses `COLSxROWS` (both at least 1) for clap.
pub fn parse_size(text: &str) -> Result<(u16, u16), String> {
    let invalid = || format!("{text:?} is not COLSxROWS with both at least 1 (for example 120x40)");
    let (cols, rows) = text.split_once(['x', 'X']).ok_or_else(invalid)?;
    let cols: u16 = cols.trim().parse().map_err(|_| invalid())?;
    let rows: u16 = rows.trim().parse().map_err(|_| invalid())?;
    if cols == 0 || rows == 0 {
        return Err(invalid());
    }
    Ok((cols, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_bad_ones_say_what_is_valid() {
        assert_eq!(parse_size("120x40"), Ok((120, 40)));
        assert_eq!(parse_size("80X24"), Ok((80, 24)));
        for bad in ["", "80", "0x10", "ax2", "80x24x1", "-1x2"] {
            assert!(parse_size(bad).unwrap_err().contains("COLSxROWS"), "{bad}");
        }
    }
}
