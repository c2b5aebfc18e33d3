//! `Screen`: a lossless copy of a rendered frame — every cell's glyph and
//! full style, plus the cursor — that the `text`, `styled`, `cells` and PNG
//! formats project and the parsers rebuild.

use std::fmt;

use ratatui::buffer::{Buffer, CellWidth};
use ratatui::layout::Rect;
use ratatui::text::Span;

use super::style::CellStyle;
use crate::CommittedFrame;
use crate::format::Format;

/// One cell: its glyph (a grapheme, `" "` when blank) and its style.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ScreenCell {
    /// The glyph. A blank cell holds `" "`.
    pub symbol: String,
    /// The full style.
    pub style: CellStyle,
}

impl ScreenCell {
    /// A blank cell with the default style.
    pub fn blank() -> Self {
        Self { symbol: " ".to_owned(), style: CellStyle::DEFAULT }
    }
}

/// A rendered frame as data: `cols` x `rows` cells and the cursor.
///
/// Lossless for what a terminal shows: every cell's glyph, colours and
/// modifiers, and where the cursor is. (ratatui's per-cell diff directives,
/// which tell a backend how to write a cell rather than what it holds, are
/// not kept.) A wide glyph occupies its cell and the blank cells after it;
/// those trailing cells are *continuations*, never glyphs of their own.
///
/// ```
/// use ratatui::{buffer::Buffer, layout::Rect, style::{Color, Style}};
/// use rehearse::artifacts::Screen;
///
/// let mut buffer = Buffer::empty(Rect::new(0, 0, 6, 2));
/// buffer.set_string(0, 0, "中a", Style::new().fg(Color::Cyan));
/// let screen = Screen::from_buffer(&buffer);
/// assert_eq!(screen.text().to_string(), "中a\n\n");
/// assert_eq!(Screen::parse_cells(&screen.cells().to_string()).unwrap(), screen);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Screen {
    cols: u16,
    rows: u16,
    cells: Vec<ScreenCell>,
    cursor: Option<(u16, u16)>,
}

/// Why an artifact did not parse back into a [`Screen`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{format} artifact, line {line}: {message}")]
pub struct FormatError {
    /// The format being parsed.
    pub format: Format,
    /// The 1-based line of the problem.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl FormatError {
    pub(crate) fn new(format: Format, line: usize, message: impl Into<String>) -> Self {
        Self { format, line, message: message.into() }
    }
}

/// `Ok` when a golden's declared `cols` x `rows` is within
/// [`MAX_SCREEN_CELLS`](crate::MAX_SCREEN_CELLS); every reader checks it
/// before it allocates a cell.
pub(crate) fn check_declared_size(
    format: Format,
    line: usize,
    cols: u16,
    rows: u16,
) -> Result<(), FormatError> {
    crate::check_screen_size(cols, rows)
        .map_err(|too_large| FormatError::new(format, line, format!("declared size: {too_large}")))
}

/// The first control character of `text` (C0, DEL or C1) and the cell
/// column it would land on, counting the glyphs before it the way
/// [`Screen::place_text`] places them.
pub(crate) fn first_control(text: &str) -> Option<(u16, char)> {
    let (at, control) = text.char_indices().find(|(_, c)| c.is_control())?;
    let col = Span::raw(&text[..at])
        .styled_graphemes(ratatui::style::Style::new())
        .map(|grapheme| grapheme.symbol.cell_width().max(1))
        .fold(0u16, u16::saturating_add);
    Some((col, control))
}

/// What a cell holding a control character shows instead: U+FFFD, the
/// replacement character (one cell wide).
pub const CONTROL_REPLACEMENT: &str = "\u{FFFD}";

/// `symbol`, or [`CONTROL_REPLACEMENT`] when it holds a control character
/// (C0, DEL or C1). Such a cell can only come from `Cell::set_symbol` or
/// `set_char` (ratatui's string writers drop control characters); a
/// terminal would act on the character rather than show it, and ratatui's
/// width calculation asserts against it. Every screen artifact
/// ([`Screen::from_buffer`]) and the live terminal show a cell through it.
pub fn visible_symbol(symbol: &str) -> &str {
    // Fast path: no byte of a C0 control, DEL, or the lead byte of a C1 one.
    let suspect = symbol.bytes().any(|byte| byte < 0x20 || byte == 0x7f || byte == 0xc2);
    if suspect && symbol.contains(char::is_control) { CONTROL_REPLACEMENT } else { symbol }
}

/// How a control character is named in errors: `U+0007`.
pub(crate) fn control_message(control: char) -> String {
    format!("a control character (U+{:04X}); no terminal shows one in a cell", u32::from(control))
}

impl Screen {
    /// A blank screen.
    pub fn blank(cols: u16, rows: u16) -> Self {
        let count = usize::from(cols) * usize::from(rows);
        Self { cols, rows, cells: vec![ScreenCell::blank(); count], cursor: None }
    }

    /// A screen of `cols` x `rows` from its cells in row-major order.
    pub(crate) fn from_cells(cols: u16, rows: u16, cells: Vec<ScreenCell>) -> Self {
        debug_assert_eq!(cells.len(), usize::from(cols) * usize::from(rows));
        Self { cols, rows, cells, cursor: None }
    }

    /// Every cell of `buffer` (no cursor). A symbol holding a control
    /// character becomes [`CONTROL_REPLACEMENT`] (see [`visible_symbol`]).
    pub fn from_buffer(buffer: &Buffer) -> Self {
        let area = buffer.area;
        let mut cells = Vec::with_capacity(buffer.content.len());
        for cell in &buffer.content {
            let symbol = match cell.symbol() {
                "" => " ",
                symbol => visible_symbol(symbol),
            };
            cells.push(ScreenCell {
                symbol: symbol.to_owned(),
                style: CellStyle {
                    fg: cell.fg,
                    bg: cell.bg,
                    underline: cell.underline_color,
                    modifier: cell.modifier,
                },
            });
        }
        Self { cols: area.width, rows: area.height, cells, cursor: None }
    }

    /// A committed generation's frame and cursor.
    pub fn from_frame(frame: &CommittedFrame) -> Self {
        Self::from_buffer(&frame.buffer).with_cursor(frame.cursor)
    }

    /// The same screen with the cursor at `cursor` (`None` hides it).
    /// A cursor outside the grid is dropped.
    #[must_use]
    pub fn with_cursor(mut self, cursor: Option<(u16, u16)>) -> Self {
        self.cursor = cursor.filter(|&(col, row)| col < self.cols && row < self.rows);
        self
    }

    /// Columns.
    pub fn cols(&self) -> u16 {
        self.cols
    }

    /// Rows.
    pub fn rows(&self) -> u16 {
        self.rows
    }

    /// Where the cursor is, if shown.
    pub fn cursor(&self) -> Option<(u16, u16)> {
        self.cursor
    }

    /// The cell at `col`, `row`.
    ///
    /// # Panics
    ///
    /// When the position is outside the grid.
    pub fn cell(&self, col: u16, row: u16) -> &ScreenCell {
        assert!(
            col < self.cols && row < self.rows,
            "cell {col},{row} outside {}x{}",
            self.cols,
            self.rows
        );
        &self.cells[usize::from(row) * usize::from(self.cols) + usize::from(col)]
    }

    pub(crate) fn cell_mut(&mut self, col: u16, row: u16) -> &mut ScreenCell {
        &mut self.cells[usize::from(row) * usize::from(self.cols) + usize::from(col)]
    }

    /// The cells of one row.
    pub fn row(&self, row: u16) -> &[ScreenCell] {
        let start = usize::from(row) * usize::from(self.cols);
        &self.cells[start..start + usize::from(self.cols)]
    }

    /// For each cell of `row`, whether it continues the wide glyph before
    /// it (a blank cell inside that glyph's width) rather than holding a
    /// glyph of its own.
    pub fn continuations(&self, row: u16) -> Vec<bool> {
        let mut covered = 0u16;
        self.row(row)
            .iter()
            .map(|cell| {
                if covered > 0 && cell.symbol == " " {
                    covered -= 1;
                    true
                } else {
                    covered = cell.symbol.as_str().cell_width().saturating_sub(1);
                    false
                }
            })
            .collect()
    }

    /// The row as text: every glyph in column order, continuation cells
    /// left out, trailing blanks (spaces) trimmed on the right only.
    pub fn row_text(&self, row: u16) -> String {
        let mut text: String = self
            .row(row)
            .iter()
            .zip(self.continuations(row))
            .filter(|(_, continuation)| !continuation)
            .map(|(cell, _)| cell.symbol.as_str())
            .collect();
        text.truncate(text.trim_end_matches(' ').len());
        text
    }

    /// The `text` format: one line per row.
    pub fn text(&self) -> TextSnapshot<'_> {
        TextSnapshot(self)
    }

    /// A ratatui buffer holding exactly these cells.
    pub fn to_buffer(&self) -> Buffer {
        let mut buffer = Buffer::empty(Rect::new(0, 0, self.cols, self.rows));
        for (target, cell) in buffer.content.iter_mut().zip(&self.cells) {
            target.set_symbol(&cell.symbol);
            target.fg = cell.style.fg;
            target.bg = cell.style.bg;
            target.underline_color = cell.style.underline;
            target.modifier = cell.style.modifier;
        }
        buffer
    }

    /// Parses the `text` format back into a screen of `cols` x `rows`
    /// blank-styled cells (text keeps no style). Graphemes are split the
    /// way ratatui splits them; a wide glyph gets its continuation cells.
    ///
    /// # Errors
    ///
    /// A row count other than `rows`, a row wider than `cols`, a control
    /// character (with its row and column), or a size over
    /// [`MAX_SCREEN_CELLS`](crate::MAX_SCREEN_CELLS).
    pub fn parse_text(text: &str, cols: u16, rows: u16) -> Result<Self, FormatError> {
        check_declared_size(Format::Text, 1, cols, rows)?;
        let lines: Vec<&str> = text.split_terminator('\n').collect();
        if lines.len() != usize::from(rows) {
            return Err(FormatError::new(
                Format::Text,
                lines.len().min(usize::from(rows)) + 1,
                format!("{} lines for {rows} rows", lines.len()),
            ));
        }
        let mut screen = Self::blank(cols, rows);
        for (row, line) in (0u16..).zip(lines) {
            screen
                .place_text(row, line)
                .map_err(|message| FormatError::new(Format::Text, usize::from(row) + 1, message))?;
        }
        Ok(screen)
    }

    /// Writes `text` into `row` from column 0, ratatui's way: one grapheme a
    /// cell, wide glyphs followed by blank continuations.
    /// A control character is refused (ratatui would drop it silently).
    pub(crate) fn place_text(&mut self, row: u16, text: &str) -> Result<(), String> {
        if let Some((col, control)) = first_control(text) {
            return Err(format!("row {row}, col {col}: {}", control_message(control)));
        }
        let mut col = 0u16;
        for grapheme in Span::raw(text).styled_graphemes(ratatui::style::Style::new()) {
            let width = grapheme.symbol.cell_width().max(1);
            if col.saturating_add(width) > self.cols {
                return Err(format!(
                    "row {row} is wider than {} columns at {:?}",
                    self.cols, grapheme.symbol
                ));
            }
            self.cell_mut(col, row).symbol = grapheme.symbol.to_owned();
            col += width;
        }
        Ok(())
    }
}

/// The `text` format of a [`Screen`]: one line per row (each ending in a
/// newline), the row's glyphs in column order with trailing blanks trimmed.
/// Lossless for layout: no glyph is invented or dropped, and a wide glyph's
/// trailing cell is not a second glyph. Implements `Display`, so it is an
/// `insta::assert_snapshot!` value.
#[derive(Debug, Clone, Copy)]
pub struct TextSnapshot<'a>(&'a Screen);

impl fmt::Display for TextSnapshot<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.0.rows {
            f.write_str(&self.0.row_text(row))?;
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use ratatui::style::{Color, Style};

    use super::*;

    fn buffer(cols: u16, rows: u16) -> Buffer {
        Buffer::empty(Rect::new(0, 0, cols, rows))
    }

    #[test]
    fn text_trims_right_only_and_keeps_every_row() {
        let mut buf = buffer(10, 3);
        buf.set_string(2, 0, "a  b", Style::new());
        buf.set_string(0, 2, "x", Style::new().bg(Color::Red));
        let screen = Screen::from_buffer(&buf);
        assert_eq!(screen.text().to_string(), "  a  b\n\nx\n");
    }

    #[test]
    fn a_wide_glyph_is_one_glyph() {
        let mut buf = buffer(8, 1);
        buf.set_string(0, 0, "中文ab", Style::new());
        let screen = Screen::from_buffer(&buf);
        assert_eq!(screen.continuations(0)[..6], [false, true, false, true, false, false]);
        assert_eq!(screen.row_text(0), "中文ab");
        let parsed = Screen::parse_text(&screen.text().to_string(), 8, 1).unwrap();
        assert_eq!(parsed, screen);
    }

    #[test]
    fn buffers_round_trip() {
        let mut buf = buffer(6, 2);
        buf.set_string(
            0,
            0,
            "é中",
            Style::new().fg(Color::Indexed(200)).underline_color(Color::Blue),
        );
        buf[(5, 1)].set_symbol("x").set_bg(Color::Rgb(1, 2, 3));
        let screen = Screen::from_buffer(&buf);
        assert_eq!(screen.to_buffer(), buf);
    }

    #[test]
    fn parse_text_rejects_wrong_shapes() {
        assert!(
            Screen::parse_text("a\n", 4, 2).unwrap_err().message.contains("1 lines for 2 rows")
        );
        assert!(Screen::parse_text("abcde\n", 4, 1).unwrap_err().message.contains("wider"));
    }
}
