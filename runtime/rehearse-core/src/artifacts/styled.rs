//! The styled-text golden: the glyph grid with each row's style spans on
//! their own lines, so a review tells a content change (a `|` line) from a
//! presentation change (a `style` line) without decoding ANSI.
//!
//! ```text
//! screen 20x3 cursor 4,1
//! 0| "┌Title─────────────┐"
//!      style 0-20 fg=yellow bold
//! 1| "│abc               │"
//! 2| "└──────────────────┘"
//! ```
//!
//! The header gives the size and the cursor (`cursor hidden` when there is
//! none). Every row follows as `{row}| {json string}` — the row's `text` —
//! then one `style {start}-{end} {labels}` line (indented under the
//! text) per run of cells sharing a
//! non-default style: columns `start` (inclusive) to `end` (exclusive),
//! labels `fg=`, `bg=`, `ul=` colours then modifier names. Cells with the
//! default style have no span. Lossless: [`Screen::parse_styled`] rebuilds
//! the screen exactly.

use std::fmt;

use super::screen::{FormatError, Screen, check_declared_size};
use super::style::CellStyle;
use crate::format::Format;

/// A run of cells in one row sharing a non-default style.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StyleSpan {
    /// First column.
    pub start: u16,
    /// One past the last column.
    pub end: u16,
    /// The style.
    pub style: CellStyle,
}

impl fmt::Display for StyleSpan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{} {}", self.start, self.end, self.style.labels().join(" "))
    }
}

impl Screen {
    /// The styled-text golden of this screen.
    pub fn styled(&self) -> StyledSnapshot<'_> {
        StyledSnapshot(self)
    }

    /// The style spans of `row`: maximal runs of cells with one
    /// non-default style.
    pub fn style_spans(&self, row: u16) -> Vec<StyleSpan> {
        let mut spans: Vec<StyleSpan> = Vec::new();
        for (col, cell) in (0u16..).zip(self.row(row)) {
            if cell.style.is_default() {
                continue;
            }
            match spans.last_mut() {
                Some(span) if span.end == col && span.style == cell.style => span.end += 1,
                _ => spans.push(StyleSpan { start: col, end: col + 1, style: cell.style }),
            }
        }
        spans
    }

    /// The header line of the styled golden.
    pub(crate) fn styled_header(&self) -> String {
        match self.cursor() {
            Some((col, row)) => {
                format!("screen {}x{} cursor {col},{row}", self.cols(), self.rows())
            }
            None => format!("screen {}x{} cursor hidden", self.cols(), self.rows()),
        }
    }

    /// Parses the styled-text golden.
    ///
    /// # Errors
    ///
    /// [`FormatError`] on the offending line: a bad header, rows out of
    /// order or missing, text that is not a JSON string or is wider than the
    /// screen, a span outside the row, overlapping spans, an unknown label,
    /// a control character in a row (with its row and column), a size over
    /// [`MAX_SCREEN_CELLS`](crate::MAX_SCREEN_CELLS).
    pub fn parse_styled(text: &str) -> Result<Self, FormatError> {
        let fail = |line: usize, message: String| FormatError::new(Format::Styled, line, message);
        let mut lines = text.lines().enumerate().map(|(at, line)| (at + 1, line));
        let (_, header) = lines.next().ok_or_else(|| fail(1, "empty".into()))?;
        let (cols, rows, cursor) = parse_header(header).map_err(|error| fail(1, error))?;
        check_declared_size(Format::Styled, 1, cols, rows)?;
        // The rows must be there before the screen is allocated.
        let row_lines =
            text.lines().skip(1).filter(|line| !line.trim_start().starts_with("style ")).count();
        if row_lines < usize::from(rows) {
            return Err(fail(
                text.lines().count() + 1,
                format!("{row_lines} rows for a screen of {rows}"),
            ));
        }
        let mut screen = Screen::blank(cols, rows).with_cursor(cursor);
        let mut next_row = 0u16;
        let mut styled_to = 0u16;
        for (line_no, line) in lines {
            if let Some(span) = line.trim_start().strip_prefix("style ") {
                if next_row == 0 {
                    return Err(fail(line_no, "a style line before the first row".into()));
                }
                let row = next_row - 1;
                let span = parse_span(span, cols).map_err(|error| fail(line_no, error))?;
                if span.start < styled_to {
                    return Err(fail(
                        line_no,
                        format!("span {}-{} overlaps the span before it", span.start, span.end),
                    ));
                }
                styled_to = span.end;
                for col in span.start..span.end {
                    screen.cell_mut(col, row).style = span.style;
                }
                continue;
            }
            let (number, quoted) = line.split_once("| ").ok_or_else(|| {
                fail(line_no, format!("expected `{next_row}| \"...\"` or `style a-b labels`"))
            })?;
            let number: u16 = number
                .trim()
                .parse()
                .map_err(|_| fail(line_no, format!("`{}` is not a row number", number.trim())))?;
            if number != next_row || number >= rows {
                return Err(fail(line_no, format!("expected row {next_row}, found row {number}")));
            }
            let row_text: String = serde_json::from_str(quoted).map_err(|error| {
                fail(line_no, format!("the row text must be a JSON string: {error}"))
            })?;
            screen.place_text(number, &row_text).map_err(|error| fail(line_no, error))?;
            next_row += 1;
            styled_to = 0;
        }
        if next_row != rows {
            return Err(fail(
                text.lines().count() + 1,
                format!("{next_row} rows for a screen of {rows}"),
            ));
        }
        Ok(screen)
    }
}

/// Columns, rows and the cursor of a styled header.
type Header = (u16, u16, Option<(u16, u16)>);

fn parse_header(header: &str) -> Result<Header, String> {
    let expected = || {
        format!(
            "expected `screen COLSxROWS cursor COL,ROW` or `... cursor hidden`, found {header:?}"
        )
    };
    let rest = header.strip_prefix("screen ").ok_or_else(expected)?;
    let (size, cursor) = rest.split_once(" cursor ").ok_or_else(expected)?;
    let (cols, rows) = size.split_once('x').ok_or_else(expected)?;
    let (cols, rows): (u16, u16) =
        (cols.parse().map_err(|_| expected())?, rows.parse().map_err(|_| expected())?);
    let cursor = if cursor == "hidden" {
        None
    } else {
        let (col, row) = cursor.split_once(',').ok_or_else(expected)?;
        let (col, row): (u16, u16) =
            (col.parse().map_err(|_| expected())?, row.parse().map_err(|_| expected())?);
        if col >= cols || row >= rows {
            return Err(format!("cursor {col},{row} is outside {cols}x{rows}"));
        }
        Some((col, row))
    };
    Ok((cols, rows, cursor))
}

fn parse_span(span: &str, cols: u16) -> Result<StyleSpan, String> {
    let mut words = span.split(' ').filter(|word| !word.is_empty());
    let range = words.next().ok_or("a style line needs `start-end labels`")?;
    let (start, end) =
        range.split_once('-').ok_or_else(|| format!("`{range}` is not `start-end`"))?;
    let (start, end): (u16, u16) = match (start.parse(), end.parse()) {
        (Ok(start), Ok(end)) => (start, end),
        _ => return Err(format!("`{range}` is not `start-end`")),
    };
    if start >= end || end > cols {
        return Err(format!("span {start}-{end} is empty or outside 0-{cols}"));
    }
    let style = CellStyle::from_labels(words)?;
    if style.is_default() {
        return Err(format!("span {start}-{end} has no labels"));
    }
    Ok(StyleSpan { start, end, style })
}

/// The styled-text golden of a [`Screen`]; `Display` writes it, so it is an
/// `insta::assert_snapshot!` value.
#[derive(Debug, Clone, Copy)]
pub struct StyledSnapshot<'a>(&'a Screen);

impl fmt::Display for StyledSnapshot<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let screen = self.0;
        writeln!(f, "{}", screen.styled_header())?;
        let width = screen.rows().saturating_sub(1).to_string().len();
        for row in 0..screen.rows() {
            let text = serde_json::to_string(&screen.row_text(row)).expect("strings serialize");
            writeln!(f, "{row:>width$}| {text}")?;
            for span in screen.style_spans(row) {
                writeln!(f, "{:width$}    style {span}", "")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Modifier, Style};

    use super::*;

    fn sample() -> Screen {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 11));
        buf.set_string(0, 0, "Title", Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD));
        buf.set_string(5, 0, " x", Style::new().bg(Color::Indexed(17)));
        buf.set_string(0, 10, "中\"q\"", Style::new());
        buf.set_style(Rect::new(8, 10, 4, 1), Style::new().add_modifier(Modifier::REVERSED));
        Screen::from_buffer(&buf).with_cursor(Some((2, 10)))
    }

    #[test]
    fn layout_is_reviewable() {
        let styled = sample().styled().to_string();
        let lines: Vec<&str> = styled.lines().collect();
        assert_eq!(lines[0], "screen 12x11 cursor 2,10");
        assert_eq!(lines[1], " 0| \"Title x\"");
        assert_eq!(lines[2], "      style 0-5 fg=yellow bold");
        assert_eq!(lines[3], "      style 5-7 bg=idx17");
        assert_eq!(lines[4], " 1| \"\"");
        assert_eq!(lines[13], "10| \"中\\\"q\\\"\"");
        assert_eq!(lines[14], "      style 8-12 reversed");
    }

    #[test]
    fn styled_round_trips() {
        let screen = sample();
        assert_eq!(Screen::parse_styled(&screen.styled().to_string()).unwrap(), screen);
        let hidden = screen.clone().with_cursor(None);
        assert_eq!(Screen::parse_styled(&hidden.styled().to_string()).unwrap(), hidden);
    }

    #[test]
    fn malformed_goldens_name_the_line() {
        let good = sample().styled().to_string();
        let error = Screen::parse_styled(&good.replace(" 1| ", " 2| ")).unwrap_err();
        assert_eq!((error.line, error.message.as_str()), (5, "expected row 1, found row 2"));
        let error = Screen::parse_styled(&good.replace("style 5-7", "style 5-13")).unwrap_err();
        assert!(error.message.contains("outside"), "{error}");
        let error = Screen::parse_styled(&good.replace("style 5-7", "style 4-7")).unwrap_err();
        assert!(error.message.contains("overlaps"), "{error}");
        let error = Screen::parse_styled("screen 2x2 cursor hidden\n0| \"a\"\n").unwrap_err();
        assert!(error.message.contains("1 rows for a screen of 2"), "{error}");
    }
}
