//! Resize like xterm, without reflow (seed 002):
//!
//! * columns: each row keeps the cells that still fit; growing pads with
//!   blanks, shrinking cuts, and a wide character cut in half becomes a blank;
//! * rows: growing adds blank rows at the bottom and never pulls lines back
//!   from the scrollback; shrinking drops rows from the bottom, except that
//!   when the cursor would fall below the new last row the top rows move into
//!   the scrollback, oldest first, until the cursor's row is the last one;
//! * the cursor is clamped and keeps its visibility; a deferred wrap is
//!   cleared; the scroll region goes back to the full screen.
//!
//! vt100 0.18 pulls rows back from its scrollback when the screen grows, so
//! the resize is done here: the grid is read into a model, resized by the
//! rules above, and written into a fresh parser of the new size with a
//! synthesized stream (both buffers, the cursor, the modes, the pen). Wrap
//! marks survive when the width does not change (a cut or padded row no longer
//! wraps, as in vt100). A sequence the program had half written when the
//! resize came is lost with the old parser's state.

use std::fmt::Write as _;

use vt100::{Color, Parser, Screen};

use super::ScrollbackLine;
use super::hooks::Hooks;

#[derive(Debug, Clone, Default, PartialEq)]
struct CellModel {
    text: String,
    wide: bool,
    continuation: bool,
    fg: Color,
    bg: Color,
    bold: bool,
    dim: bool,
    italic: bool,
    underline: bool,
    inverse: bool,
}

impl CellModel {
    fn from_cell(cell: &vt100::Cell) -> Self {
        Self {
            text: cell.contents().to_owned(),
            wide: cell.is_wide(),
            continuation: cell.is_wide_continuation(),
            fg: cell.fgcolor(),
            bg: cell.bgcolor(),
            bold: cell.bold(),
            dim: cell.dim(),
            italic: cell.italic(),
            underline: cell.underline(),
            inverse: cell.inverse(),
        }
    }

    fn pen_is_default(&self) -> bool {
        self.fg == Color::Default
            && self.bg == Color::Default
            && !(self.bold || self.dim || self.italic || self.underline || self.inverse)
    }

    fn sgr(&self) -> String {
        let mut sgr = String::from("\x1b[0");
        for (on, code) in [
            (self.bold, "1"),
            (self.dim, "2"),
            (self.italic, "3"),
            (self.underline, "4"),
            (self.inverse, "7"),
        ] {
            if on {
                sgr.push(';');
                sgr.push_str(code);
            }
        }
        for (color, base) in [(self.fg, 38), (self.bg, 48)] {
            match color {
                Color::Default => {}
                Color::Idx(index) => {
                    let _ = write!(sgr, ";{base};5;{index}");
                }
                Color::Rgb(r, g, b) => {
                    let _ = write!(sgr, ";{base};2;{r};{g};{b}");
                }
            }
        }
        sgr.push('m');
        sgr
    }
}

#[derive(Debug, Clone, Default)]
struct RowModel {
    cells: Vec<CellModel>,
    wrapped: bool,
}

impl RowModel {
    fn text(&self) -> String {
        let text: String = self
            .cells
            .iter()
            .filter(|cell| !cell.continuation)
            .map(|cell| if cell.text.is_empty() { " " } else { cell.text.as_str() })
            .collect();
        text.trim_end().to_owned()
    }
}

#[derive(Debug, Clone)]
struct GridModel {
    rows: Vec<RowModel>,
    cols: u16,
    cursor: (u16, u16),
}

impl GridModel {
    fn from_screen(screen: &Screen) -> Self {
        let (rows, cols) = screen.size();
        let (rows, cols) = (rows.get(), cols.get());
        let rows_model = (0..rows)
            .map(|row| RowModel {
                cells: (0..cols)
                    .map(|col| screen.cell(row, col).map(CellModel::from_cell).unwrap_or_default())
                    .collect(),
                wrapped: screen.row_wrapped(row),
            })
            .collect();
        let (row, col) = screen.cursor_position();
        Self { rows: rows_model, cols, cursor: (row, col) }
    }

    /// Resizes by the xterm rules; returns the rows pushed into the scrollback.
    fn resize(&mut self, rows: u16, cols: u16) -> Vec<RowModel> {
        let mut pushed = Vec::new();
        if usize::from(rows) < self.rows.len() {
            let cursor_row = self.cursor.0.min(self.rows.len() as u16 - 1);
            let excess = (cursor_row + 1).saturating_sub(rows);
            pushed = self.rows.drain(..usize::from(excess)).collect();
            self.rows.truncate(rows.into());
            self.cursor.0 = cursor_row - excess;
        } else {
            let blank =
                RowModel { cells: vec![CellModel::default(); self.cols.into()], wrapped: false };
            self.rows.resize(rows.into(), blank);
        }
        if cols != self.cols {
            for row in &mut self.rows {
                row.wrapped = false;
                row.cells.resize(cols.into(), CellModel::default());
                if let Some(last) = row.cells.last_mut()
                    && last.wide
                {
                    *last = CellModel::default();
                }
            }
            self.cols = cols;
        }
        if let Some(last) = self.rows.last_mut() {
            last.wrapped = false;
        }
        self.cursor.0 = self.cursor.0.min(rows - 1);
        self.cursor.1 = self.cursor.1.min(cols - 1);
        pushed
    }

    /// The stream that draws this grid on a blank screen of its size.
    fn draw(&self, out: &mut String) {
        let mut continuing = false;
        for (index, row) in self.rows.iter().enumerate() {
            let mut at: Option<usize> = continuing.then_some(0);
            for (col, cell) in row.cells.iter().enumerate() {
                if cell.continuation {
                    continue;
                }
                if cell.text.is_empty() {
                    if !cell.pen_is_default() {
                        let _ = write!(out, "\x1b[{};{}H{}\x1b[X", index + 1, col + 1, cell.sgr());
                    }
                    at = None;
                    continue;
                }
                if at != Some(col) {
                    let _ = write!(out, "\x1b[{};{}H", index + 1, col + 1);
                }
                out.push_str(&cell.sgr());
                out.push_str(&cell.text);
                at = Some(col + if cell.wide { 2 } else { 1 });
            }
            // A wrapped row is drawn to its last column and the next row
            // continues without a cursor move, so the parser marks the wrap.
            let last_has_text = row
                .cells
                .iter()
                .rev()
                .find(|c| !c.continuation)
                .is_some_and(|c| !c.text.is_empty());
            let next_starts_with_text = self
                .rows
                .get(index + 1)
                .is_some_and(|next| next.cells.first().is_some_and(|c| !c.text.is_empty()));
            continuing = row.wrapped
                && last_has_text
                && next_starts_with_text
                && at == Some(usize::from(self.cols));
        }
        out.push_str("\x1b[0m");
    }
}

/// Resizes the parser's screen like xterm (see the module docs).
pub(crate) fn resize(parser: &mut Parser<Hooks>, rows: u16, cols: u16) {
    let rows = rows.max(1);
    let cols = cols.max(1);
    let screen = parser.screen().clone();
    let alternate = screen.alternate_screen();
    let mut main = if alternate {
        // Read the main grid (kept with its own cursor) through a scratch parser.
        let (old_rows, old_cols) = screen.size();
        let mut scratch = Parser::new(old_rows, old_cols, 0);
        *scratch.screen_mut() = screen.clone();
        scratch.process(b"\x1b[?47l");
        GridModel::from_screen(scratch.screen())
    } else {
        GridModel::from_screen(&screen)
    };
    let pushed = main.resize(rows, cols);
    let alt = alternate.then(|| {
        let mut alt = GridModel::from_screen(&screen);
        alt.resize(rows, cols);
        alt
    });

    let mut hooks = std::mem::take(parser.callbacks_mut());
    for row in &pushed {
        hooks.push_scrollback(ScrollbackLine { text: row.text(), wrapped: row.wrapped });
    }
    let mut fresh = Parser::new_with_callbacks(nz(rows), nz(cols), 0, hooks);
    let mut stream = String::new();
    main.draw(&mut stream);
    let _ = write!(stream, "\x1b[{};{}H", main.cursor.0 + 1, main.cursor.1 + 1);
    if let Some(alt) = &alt {
        stream.push_str("\x1b[?1049h");
        alt.draw(&mut stream);
        let _ = write!(stream, "\x1b[{};{}H", alt.cursor.0 + 1, alt.cursor.1 + 1);
    }
    stream.push_str(&screen.input_mode_formatted());
    if screen.hide_cursor() {
        stream.push_str("\x1b[?25l");
    }
    stream.push_str(&screen.attributes_formatted());
    fresh.process(stream.as_bytes());
    // The synthesized stream asks nothing and marks nothing.
    fresh.callbacks_mut().replies.clear();
    fresh.callbacks_mut().events.clear();
    *parser = fresh;
}

/// A size of at least 1.
pub(crate) fn nz(value: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(value.max(1)).unwrap_or(std::num::NonZeroU16::MIN)
}
