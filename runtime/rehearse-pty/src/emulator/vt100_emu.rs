//! The [`Emulator`] implementation on the `vt100` crate.

use vt100::{MouseProtocolEncoding, MouseProtocolMode, Parser};

use super::hooks::Hooks;
use super::osc_guard::OscGuard;
use super::resize::nz;
use super::{
    ActiveBuffer, CellInfo, CellStyle, Color, CursorState, Emulator, Fed, QueryColors,
    ScrollbackLine,
};
use crate::encode::{InputModes, MouseEncoding, MouseReporting};

/// A headless terminal on `vt100` 0.18, with our own scrollback store and
/// xterm's resize.
pub struct Vt100Emulator {
    parser: Parser<Hooks>,
    guard: OscGuard,
}

impl std::fmt::Debug for Vt100Emulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vt100Emulator").field("size", &self.size()).finish_non_exhaustive()
    }
}

impl Vt100Emulator {
    /// A blank terminal of `rows` × `cols` (each at least 1) keeping up to
    /// `scrollback` lines.
    pub fn new(rows: u16, cols: u16, scrollback: usize) -> Self {
        Self::with_colors(rows, cols, scrollback, QueryColors::default())
    }

    /// As [`Vt100Emulator::new`], answering colour queries with `colors`.
    pub fn with_colors(rows: u16, cols: u16, scrollback: usize, colors: QueryColors) -> Self {
        let hooks = Hooks::new(colors, scrollback);
        Self {
            parser: Parser::new_with_callbacks(nz(rows), nz(cols), 0, hooks),
            guard: OscGuard::default(),
        }
    }
}

/// A cell's display width (0 for the second half of a wide character) and
/// style.
fn width_and_style(cell: &vt100::Cell) -> (u8, CellStyle) {
    let width = if cell.is_wide_continuation() {
        0
    } else if cell.is_wide() {
        2
    } else {
        1
    };
    let style = CellStyle {
        fg: color(cell.fgcolor()),
        bg: color(cell.bgcolor()),
        bold: cell.bold(),
        dim: cell.dim(),
        italic: cell.italic(),
        underline: cell.underline(),
        reverse: cell.inverse(),
    };
    (width, style)
}

fn color(color: vt100::Color) -> Color {
    match color {
        vt100::Color::Default => Color::Default,
        vt100::Color::Idx(index) => Color::Indexed(index),
        vt100::Color::Rgb(r, g, b) => Color::Rgb(r, g, b),
    }
}

impl Emulator for Vt100Emulator {
    fn feed(&mut self, bytes: &[u8]) -> Fed {
        let bytes = self.guard.filter(bytes);
        self.parser.process(&bytes);
        let hooks = self.parser.callbacks_mut();
        Fed {
            replies: std::mem::take(&mut hooks.replies),
            events: std::mem::take(&mut hooks.events),
        }
    }

    /// Resizes like xterm without reflow: see the `resize` module for the
    /// rules. Rows pushed off the top go to the scrollback.
    fn resize(&mut self, rows: u16, cols: u16) {
        super::resize::resize(&mut self.parser, rows, cols);
        // The fresh parser starts outside any sequence; so does the guard.
        self.guard = OscGuard::default();
    }

    fn size(&self) -> (u16, u16) {
        let (rows, cols) = self.parser.screen().size();
        (rows.get(), cols.get())
    }

    fn cell(&self, row: u16, col: u16) -> Option<CellInfo> {
        let cell = self.parser.screen().cell(row, col)?;
        let (width, style) = width_and_style(cell);
        Some(CellInfo { text: cell.contents().to_owned(), width, style })
    }

    fn visit_row(&self, row: u16, visit: &mut dyn FnMut(u16, &str, u8, CellStyle)) {
        let (_, cols) = self.size();
        let screen = self.parser.screen();
        for col in 0..cols {
            if let Some(cell) = screen.cell(row, col) {
                let (width, style) = width_and_style(cell);
                visit(col, cell.contents(), width, style);
            }
        }
    }

    /// vt100's own formatted rows: the escape sequences that redraw each
    /// row exactly (text, wide characters, every attribute, erased runs), a
    /// faithful key that reads each row's cells in place, far cheaper than a
    /// [`Emulator::visit_row`] of every cell.
    fn row_keys(&self, keys: &mut Vec<String>) {
        let (_, cols) = self.size();
        keys.clear();
        keys.extend(self.parser.screen().rows_formatted(0, cols));
    }

    fn line_text(&self, row: u16) -> String {
        let (_, cols) = self.size();
        let mut text = String::new();
        for col in 0..cols {
            match self.parser.screen().cell(row, col) {
                Some(cell) if cell.is_wide_continuation() => {}
                Some(cell) if cell.has_contents() => text.push_str(cell.contents()),
                _ => text.push(' '),
            }
        }
        text.truncate(text.trim_end().len());
        text
    }

    fn written_line(&self, row: u16) -> String {
        let (_, cols) = self.size();
        let mut text = String::new();
        // The length up to the last cell the program wrote.
        let mut written = 0;
        for col in 0..cols {
            match self.parser.screen().cell(row, col) {
                Some(cell) if cell.is_wide_continuation() => {}
                Some(cell) if cell.has_contents() => {
                    text.push_str(cell.contents());
                    written = text.len();
                }
                _ => text.push(' '),
            }
        }
        text.truncate(written);
        text
    }

    fn line_wrapped(&self, row: u16) -> bool {
        self.parser.screen().row_wrapped(row)
    }

    fn cursor(&self) -> CursorState {
        let screen = self.parser.screen();
        let (rows, cols) = self.size();
        let (row, col) = screen.cursor_position();
        CursorState {
            row: row.min(rows - 1),
            col: col.min(cols - 1),
            visible: !screen.hide_cursor(),
        }
    }

    fn active_buffer(&self) -> ActiveBuffer {
        if self.parser.screen().alternate_screen() {
            ActiveBuffer::Alternate
        } else {
            ActiveBuffer::Main
        }
    }

    fn scrollback(&self) -> &[ScrollbackLine] {
        self.parser.callbacks().scrollback()
    }

    fn input_modes(&self) -> InputModes {
        let screen = self.parser.screen();
        InputModes {
            application_cursor: screen.application_cursor(),
            bracketed_paste: screen.bracketed_paste(),
            mouse_reporting: match screen.mouse_protocol_mode() {
                MouseProtocolMode::None => MouseReporting::Off,
                MouseProtocolMode::Press => MouseReporting::Press,
                MouseProtocolMode::PressRelease => MouseReporting::PressRelease,
                MouseProtocolMode::ButtonMotion => MouseReporting::ButtonMotion,
                MouseProtocolMode::AnyMotion => MouseReporting::AnyMotion,
            },
            mouse_encoding: match screen.mouse_protocol_encoding() {
                MouseProtocolEncoding::Default => MouseEncoding::X10,
                MouseProtocolEncoding::Utf8 => MouseEncoding::Utf8,
                MouseProtocolEncoding::Sgr => MouseEncoding::Sgr,
            },
        }
    }

    fn title(&self) -> Option<&str> {
        self.parser.callbacks().title.as_deref()
    }
}
