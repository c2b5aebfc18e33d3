//! Readable differences between a golden and what a checkpoint produced:
//! screens as text rows and style spans apart with the first differing
//! cell, text as changed lines, PNGs as the first differing pixel.

use std::fmt::Write as _;

use super::screen::Screen;
use crate::format::Format;

/// The most changed lines or rows a diff lists.
const MAX_LISTED: usize = 12;

/// How `actual` differs from `golden` in `format`, or `None` when they are
/// the same bytes. `screen` is the actual screen (for text formats).
pub fn describe(format: Format, golden: &[u8], actual: &[u8], screen: &Screen) -> Option<String> {
    if golden == actual {
        return None;
    }
    let (Ok(golden_text), Ok(actual_text)) =
        (std::str::from_utf8(golden), std::str::from_utf8(actual))
    else {
        return Some(describe_binary(format, golden, actual));
    };
    Some(match format {
        Format::Text => match Screen::parse_text(golden_text, screen.cols(), screen.rows()) {
            Ok(golden) => screens(&golden, screen, false),
            Err(error) => format!(
                "the golden is not a {}x{} text grid ({error})\n{}",
                screen.cols(),
                screen.rows(),
                lines(golden_text, actual_text)
            ),
        },
        Format::Styled | Format::Cells => {
            let parsed = if format == Format::Styled {
                Screen::parse_styled(golden_text)
            } else {
                Screen::parse_cells(golden_text)
            };
            match parsed {
                Ok(golden) if golden == *screen => {
                    // Same screen, different bytes: a hand-edited golden.
                    format!("same screen, different spelling\n{}", lines(golden_text, actual_text))
                }
                Ok(golden) => screens(&golden, screen, true),
                Err(error) => format!(
                    "the golden does not parse ({error})\n{}",
                    lines(golden_text, actual_text)
                ),
            }
        }
        Format::Json | Format::Markdown | Format::Png | Format::Terminal | Format::Scrollback => {
            lines(golden_text, actual_text)
        }
    })
}

fn describe_binary(format: Format, golden: &[u8], actual: &[u8]) -> String {
    #[cfg(feature = "png")]
    if format == Format::Png {
        return match (super::png::decode(golden), super::png::decode(actual)) {
            (Ok(golden), Ok(actual)) => pixels(&golden, &actual),
            (Err(error), _) => format!("the golden is not a PNG this crate reads: {error}"),
            (_, Err(error)) => format!("the new PNG does not decode: {error}"),
        };
    }
    format!(
        "{format}: {} bytes in the golden, {} bytes now; they differ",
        golden.len(),
        actual.len()
    )
}

#[cfg(feature = "png")]
fn pixels(golden: &super::png::Image, actual: &super::png::Image) -> String {
    use super::png::glyphs::{CELL_HEIGHT, CELL_WIDTH};
    if (golden.width, golden.height) != (actual.width, actual.height) {
        return format!(
            "image size: golden {}x{} px, now {}x{} px",
            golden.width, golden.height, actual.width, actual.height
        );
    }
    let mut first = None;
    let mut count = 0usize;
    for y in 0..golden.height {
        for x in 0..golden.width {
            if golden.pixel(x, y) != actual.pixel(x, y) {
                count += 1;
                first.get_or_insert((x, y));
            }
        }
    }
    match first {
        None => "same pixels, different encoding (an older encoder?)".to_owned(),
        Some((x, y)) => {
            let hex = |[r, g, b]: [u8; 3]| format!("#{r:02x}{g:02x}{b:02x}");
            format!(
                "{count} pixels differ; first at {x},{y} px (cell col {}, row {}): golden {}, now {}",
                x / CELL_WIDTH,
                y / CELL_HEIGHT,
                hex(golden.pixel(x, y)),
                hex(actual.pixel(x, y))
            )
        }
    }
}

fn cell_words(screen: &Screen, col: u16, row: u16, style: bool) -> String {
    let cell = screen.cell(col, row);
    let symbol = serde_json::to_string(&cell.symbol).expect("strings serialize");
    if style { format!("{symbol} {}", cell.style) } else { symbol }
}

/// Two screens: size, cursor, the first differing cell, then the rows whose
/// text differs and (with `style`) the rows whose style spans differ.
pub fn screens(golden: &Screen, actual: &Screen, style: bool) -> String {
    let mut out = String::new();
    if (golden.cols(), golden.rows()) != (actual.cols(), actual.rows()) {
        let _ = writeln!(
            out,
            "size: golden {}x{}, now {}x{}",
            golden.cols(),
            golden.rows(),
            actual.cols(),
            actual.rows()
        );
    }
    if style && golden.cursor() != actual.cursor() {
        let at = |cursor: Option<(u16, u16)>| {
            cursor.map_or("hidden".to_owned(), |(c, r)| format!("{c},{r}"))
        };
        let _ =
            writeln!(out, "cursor: golden {}, now {}", at(golden.cursor()), at(actual.cursor()));
    }
    let (cols, rows) = (golden.cols().min(actual.cols()), golden.rows().min(actual.rows()));
    'first: for row in 0..rows {
        for col in 0..cols {
            let (a, b) = (golden.cell(col, row), actual.cell(col, row));
            if a.symbol != b.symbol || (style && a.style != b.style) {
                let _ = writeln!(
                    out,
                    "first differing cell: col {col}, row {row}: golden {}, now {}",
                    cell_words(golden, col, row, style),
                    cell_words(actual, col, row, style)
                );
                break 'first;
            }
        }
    }
    let all_rows = golden.rows().max(actual.rows());
    let text = |screen: &Screen, row: u16| (row < screen.rows()).then(|| screen.row_text(row));
    let changed: Vec<u16> =
        (0..all_rows).filter(|&row| text(golden, row) != text(actual, row)).collect();
    if !changed.is_empty() {
        out.push_str("text rows (- golden, + now):\n");
        for &row in changed.iter().take(MAX_LISTED) {
            let quoted = |line: Option<String>| {
                line.map_or("(no row)".to_owned(), |line| {
                    serde_json::to_string(&line).expect("strings serialize")
                })
            };
            let _ = writeln!(out, "  row {row:>3} - {}", quoted(text(golden, row)));
            let _ = writeln!(out, "          + {}", quoted(text(actual, row)));
        }
        more(&mut out, changed.len());
    }
    if style {
        let spans = |screen: &Screen, row: u16| -> Vec<String> {
            if row < screen.rows() {
                screen.style_spans(row).iter().map(ToString::to_string).collect()
            } else {
                Vec::new()
            }
        };
        let changed: Vec<u16> =
            (0..all_rows).filter(|&row| spans(golden, row) != spans(actual, row)).collect();
        if !changed.is_empty() {
            out.push_str("style spans (- golden, + now):\n");
            for &row in changed.iter().take(MAX_LISTED) {
                let joined = |spans: Vec<String>| {
                    if spans.is_empty() { "(none)".to_owned() } else { spans.join(" | ") }
                };
                let _ = writeln!(out, "  row {row:>3} - {}", joined(spans(golden, row)));
                let _ = writeln!(out, "          + {}", joined(spans(actual, row)));
            }
            more(&mut out, changed.len());
        }
    }
    if out.is_empty() {
        out.push_str("the screens are equal\n");
    }
    out.truncate(out.trim_end().len());
    out
}

fn more(out: &mut String, count: usize) {
    if count > MAX_LISTED {
        let _ = writeln!(out, "  ... and {} more", count - MAX_LISTED);
    }
}

/// A line diff: the first differing line, then changed lines (`-` golden,
/// `+` now) from a longest-common-subsequence alignment.
pub fn lines(golden: &str, actual: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (golden.lines().collect(), actual.lines().collect());
    let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    let mut out = format!("first differing line: {}\n", first + 1);
    let ops = align(&a, &b);
    let mut listed = 0usize;
    let mut total = 0usize;
    for op in &ops {
        let line = match op {
            Op::Same => continue,
            Op::Removed(at) => format!("  {:>4} - {}", at + 1, a[*at]),
            Op::Added(at) => format!("  {:>4} + {}", at + 1, b[*at]),
        };
        total += 1;
        if listed < MAX_LISTED * 2 {
            out.push_str(&line);
            out.push('\n');
            listed += 1;
        }
    }
    if total > listed {
        let _ = writeln!(out, "  ... and {} more changed lines", total - listed);
    }
    if golden.ends_with('\n') != actual.ends_with('\n') {
        out.push_str("  (one ends with a newline, the other does not)\n");
    }
    out.truncate(out.trim_end().len());
    out
}

enum Op {
    Same,
    Removed(usize),
    Added(usize),
}

/// Longest-common-subsequence alignment of two line lists; falls back to
/// line-by-line pairing when the table would be large.
fn align(a: &[&str], b: &[&str]) -> Vec<Op> {
    let (n, m) = (a.len(), b.len());
    if n.saturating_mul(m) > 4_000_000 {
        let mut ops = Vec::new();
        for at in 0..n.max(m) {
            match (a.get(at), b.get(at)) {
                (Some(x), Some(y)) if x == y => ops.push(Op::Same),
                (x, y) => {
                    if x.is_some() {
                        ops.push(Op::Removed(at));
                    }
                    if y.is_some() {
                        ops.push(Op::Added(at));
                    }
                }
            }
        }
        return ops;
    }
    // lengths[i][j]: LCS of a[i..] and b[j..].
    let mut lengths = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lengths[at(i, j)] = if a[i] == b[j] {
                lengths[at(i + 1, j + 1)] + 1
            } else {
                lengths[at(i + 1, j)].max(lengths[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut ops = Vec::new();
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.push(Op::Same);
            i += 1;
            j += 1;
        } else if i < n && (j == m || lengths[at(i + 1, j)] >= lengths[at(i, j + 1)]) {
            ops.push(Op::Removed(i));
            i += 1;
        } else {
            ops.push(Op::Added(j));
            j += 1;
        }
    }
    ops
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Modifier, Style};

    use super::*;

    fn screen(text: &str, style: Style) -> Screen {
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 3));
        buf.set_string(0, 1, text, style);
        Screen::from_buffer(&buf)
    }

    #[test]
    fn content_and_presentation_changes_are_told_apart() {
        let golden = screen("Buy milk", Style::new());
        let content = screen("Buy mild", Style::new());
        let diff = screens(&golden, &content, true);
        assert!(diff.starts_with("first differing cell: col 7, row 1: golden \"k\" default style, now \"d\" default style"), "{diff}");
        assert!(
            diff.contains(
                "text rows (- golden, + now):\n  row   1 - \"Buy milk\"\n          + \"Buy mild\""
            ),
            "{diff}"
        );
        assert!(!diff.contains("style spans"), "{diff}");

        let presentation =
            screen("Buy milk", Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD));
        let diff = screens(&golden, &presentation, true);
        assert!(
            diff.contains("col 0, row 1: golden \"B\" default style, now \"B\" fg=cyan bold"),
            "{diff}"
        );
        assert!(!diff.contains("text rows"), "{diff}");
        assert!(
            diff.contains(
                "style spans (- golden, + now):\n  row   1 - (none)\n          + 0-8 fg=cyan bold"
            ),
            "{diff}"
        );
    }

    #[test]
    fn line_diffs_align_insertions() {
        let diff = lines("a\nb\nc\n", "a\nx\nb\nc\n");
        assert_eq!(diff, "first differing line: 2\n     2 + x");
        let diff = lines("a\nb\n", "a\nc\n");
        assert_eq!(diff, "first differing line: 2\n     2 - b\n     2 + c");
    }
}
