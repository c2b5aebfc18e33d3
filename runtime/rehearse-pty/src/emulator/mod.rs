//! The headless terminal emulator, behind a small trait of ours so a second
//! implementation (alacritty_terminal) can be added later.
//!
//! An emulator takes the program's output bytes, keeps the grid, answers the
//! terminal queries a real terminal answers (with the state at that point of
//! the stream), and reports the events the settle logic needs: render-commit
//! markers (taken out of the stream, they never reach the grid) and the edges
//! of synchronized-output frames (`?2026h` / `?2026l`).

mod hooks;
mod osc_guard;
mod resize;
mod vt100_emu;

pub use vt100_emu::Vt100Emulator;

use crate::encode::InputModes;

/// A colour as the program set it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Color {
    /// The terminal's default colour.
    #[default]
    Default,
    /// A palette index (0–15 the ANSI colours, 16–255 the extended palette).
    Indexed(u8),
    /// A direct RGB colour.
    Rgb(u8, u8, u8),
}

/// The style of one cell.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CellStyle {
    /// Foreground.
    pub fg: Color,
    /// Background.
    pub bg: Color,
    /// Bold (SGR 1).
    pub bold: bool,
    /// Dim (SGR 2).
    pub dim: bool,
    /// Italic (SGR 3).
    pub italic: bool,
    /// Underline (SGR 4).
    pub underline: bool,
    /// Reverse video (SGR 7).
    pub reverse: bool,
}

impl CellStyle {
    /// Whether this is the default style.
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// One cell of the grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellInfo {
    /// The text in the cell (a character and any combining marks); empty for
    /// a blank cell and for the second half of a wide character.
    pub text: String,
    /// Display width: 1, 2 for a wide character, 0 for the second half of one.
    pub width: u8,
    /// The style.
    pub style: CellStyle,
}

/// The cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CursorState {
    /// Zero-based row.
    pub row: u16,
    /// Zero-based column.
    pub col: u16,
    /// Whether the cursor is shown (`?25`).
    pub visible: bool,
}

/// Which buffer is active.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActiveBuffer {
    /// The main screen, with scrollback.
    Main,
    /// The alternate screen (`?1049`/`?47`), without scrollback.
    Alternate,
}

/// A line that scrolled off the top of the main screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScrollbackLine {
    /// Its text, trailing blanks trimmed.
    pub text: String,
    /// Whether it wrapped onto the next line.
    pub wrapped: bool,
}

/// Something the stream said that is not on the grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TermEvent {
    /// An OSC 8487 sequence, as the parser split its parameters on `;` (the
    /// first is `8487`); not verified yet.
    MarkerCandidate(Vec<Vec<u8>>),
    /// `CSI ? 2026 h`: a synchronized-output frame begins.
    SyncBegin,
    /// `CSI ? 2026 l`: a synchronized-output frame ends.
    SyncEnd,
}

/// What feeding some output produced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fed {
    /// Replies to terminal queries, in stream order, to write to the program.
    pub replies: Vec<u8>,
    /// Events, in stream order.
    pub events: Vec<TermEvent>,
}

/// The colours reported to OSC 10/11/12 queries, as `rgb:rrrr/gggg/bbbb`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryColors {
    /// Default foreground (OSC 10).
    pub foreground: String,
    /// Default background (OSC 11).
    pub background: String,
    /// Cursor colour (OSC 12).
    pub cursor: String,
}

impl Default for QueryColors {
    fn default() -> Self {
        Self {
            foreground: "rgb:ffff/ffff/ffff".into(),
            background: "rgb:0000/0000/0000".into(),
            cursor: "rgb:ffff/ffff/ffff".into(),
        }
    }
}

/// A headless terminal emulator.
pub trait Emulator: Send {
    /// Feeds program output; returns query replies and events in stream order.
    fn feed(&mut self, bytes: &[u8]) -> Fed;
    /// Resizes like xterm, without reflow (see [`Vt100Emulator::resize`]).
    fn resize(&mut self, rows: u16, cols: u16);
    /// `(rows, cols)`.
    fn size(&self) -> (u16, u16);
    /// A cell of the visible screen.
    fn cell(&self, row: u16, col: u16) -> Option<CellInfo>;
    /// Visits every cell of a visible row in column order — its column, text
    /// (empty when blank), width and style — without allocating per cell,
    /// for what reads the whole screen at every commit.
    fn visit_row(&self, row: u16, visit: &mut dyn FnMut(u16, &str, u8, CellStyle)) {
        let (_, cols) = self.size();
        for col in 0..cols {
            if let Some(cell) = self.cell(row, col) {
                visit(col, &cell.text, cell.width, cell.style);
            }
        }
    }
    /// One key per visible row, top first, into `keys` (its length becomes
    /// the row count): two reads of a row give equal keys only when every
    /// cell of it has the same text, width and style, so a snapshot re-reads
    /// only the rows whose key changed. The default spells every cell out;
    /// an emulator with a cheaper faithful encoding of a row uses that.
    fn row_keys(&self, keys: &mut Vec<String>) {
        use std::fmt::Write as _;
        let (rows, _) = self.size();
        keys.resize_with(usize::from(rows), String::new);
        for (row, key) in (0..rows).zip(keys.iter_mut()) {
            key.clear();
            self.visit_row(row, &mut |_, text, width, style| {
                let _ = write!(key, "{text}\u{0}{width}{style:?}\u{0}");
            });
        }
    }
    /// The text of a visible row, trailing blanks trimmed.
    fn line_text(&self, row: u16) -> String;
    /// Whether a visible row wrapped onto the next one.
    fn line_wrapped(&self, row: u16) -> bool;
    /// The cursor.
    fn cursor(&self) -> CursorState;
    /// Which buffer is active.
    fn active_buffer(&self) -> ActiveBuffer;
    /// The lines scrolled off the main screen, oldest first.
    fn scrollback(&self) -> &[ScrollbackLine];
    /// The input modes the program enabled.
    fn input_modes(&self) -> InputModes;
    /// The window title the program set, if any.
    fn title(&self) -> Option<&str>;

    /// The visible screen as text: one line per row, trailing blanks trimmed,
    /// joined with `\n`.
    fn screen_text(&self) -> String {
        let (rows, _) = self.size();
        (0..rows).map(|row| self.line_text(row)).collect::<Vec<_>>().join("\n")
    }

    /// The text of a visible row as the program wrote it, what text waits
    /// match: the cells at its end that the program never wrote (or
    /// erased) are left out, the spaces it wrote are kept — a `> ` prompt
    /// ends in its space. By default the trimmed [`line_text`](Self::line_text),
    /// for an emulator that cannot tell a written space from a blank cell.
    fn written_line(&self, row: u16) -> String {
        self.line_text(row)
    }

    /// The visible screen as [`written_line`](Self::written_line)s joined
    /// with `\n`: the text `contains`, `lacks` and `matches` waits read.
    fn written_text(&self) -> String {
        let (rows, _) = self.size();
        (0..rows).map(|row| self.written_line(row)).collect::<Vec<_>>().join("\n")
    }

    /// The scrollback as text, one line per row, joined with `\n`.
    fn scrollback_text(&self) -> String {
        self.scrollback().iter().map(|line| line.text.as_str()).collect::<Vec<_>>().join("\n")
    }
}
