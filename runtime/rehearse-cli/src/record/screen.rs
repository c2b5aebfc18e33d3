//! What the person sees: the program's output passed through to their
//! terminal as it comes, the same bytes fed to the terminal plane's
//! emulator (the recorder's view of the screen: its lines, cursor and
//! input modes, and when it last changed), and the status line on the last
//! row, drawn only where the output stream is between two sequences.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write as _;
use std::time::Instant;

use rehearse_pty::emulator::{ActiveBuffer, Emulator, Vt100Emulator};
use rehearse_pty::encode::InputModes;

use super::filter::OutputFilter;
use super::terminal::{MODES_OFF, MODES_ON};

/// The program's screen and the person's terminal around it.
pub struct Screen {
    emulator: Vt100Emulator,
    filter: OutputFilter,
    /// The person's terminal, `(cols, rows)`.
    size: (u16, u16),
    status: String,
    want_status: bool,
    want_region: bool,
    want_modes: bool,
    /// Cursor position queries of the program's not answered yet.
    pub cursor_queries: u32,
    /// When the screen last changed (text, width or style of a cell).
    changed_at: Instant,
    fingerprint: u64,
    /// The terminal was given back: nothing more is written to it.
    left: bool,
    out: Vec<u8>,
}

/// The program's rows in a terminal of `rows`: all but the status line.
pub fn program_rows(rows: u16) -> u16 {
    rows.saturating_sub(1).max(1)
}

impl Screen {
    /// The person's terminal of `size`, before anything is drawn.
    pub fn new(size: (u16, u16), now: Instant) -> Self {
        let rows = program_rows(size.1);
        Self {
            emulator: Vt100Emulator::new(rows, size.0, 1000),
            filter: OutputFilter::new(rows),
            size,
            status: String::new(),
            want_status: true,
            want_region: true,
            want_modes: true,
            cursor_queries: 0,
            changed_at: now,
            fingerprint: 0,
            left: false,
            out: Vec::new(),
        }
    }

    /// The program's terminal, `(cols, rows)`.
    pub fn program_size(&self) -> (u16, u16) {
        (self.size.0, program_rows(self.size.1))
    }

    /// Clears the person's terminal and sets the recorder's modes, the
    /// program's scroll region and the status line.
    pub fn enter(&mut self) {
        self.out.extend_from_slice(b"\x1b[0m\x1b[H\x1b[2J");
        self.inject();
        self.flush();
    }

    /// The program wrote `chunk`.
    pub fn output(&mut self, chunk: &[u8], now: Instant) {
        // The person's terminal answers the program's queries; the
        // emulator's own answers are not sent.
        let _ = self.emulator.feed(chunk);
        let fingerprint = self.fingerprint();
        if fingerprint != self.fingerprint {
            self.fingerprint = fingerprint;
            self.changed_at = now;
        }
        if self.left {
            return;
        }
        let seen = self.filter.filter(chunk, &mut self.out);
        self.cursor_queries += seen.cursor_queries;
        self.want_modes |= seen.modes || seen.reset;
        self.want_region |= seen.screen || seen.reset;
        self.want_status |= seen.erase || seen.screen || seen.reset;
        self.inject();
        self.flush();
    }

    /// Shows `status` on the last row (at once when the stream allows).
    pub fn set_status(&mut self, status: String) {
        if status != self.status {
            self.status = status;
            self.want_status = true;
            self.inject();
            self.flush();
        }
    }

    /// The person's terminal is now `size`: the emulator follows (xterm's
    /// rules), and the region and status line are drawn again.
    pub fn resize(&mut self, size: (u16, u16)) {
        self.size = size;
        let rows = program_rows(size.1);
        self.emulator.resize(rows, size.0);
        self.filter.set_rows(rows);
        self.want_region = true;
        self.want_status = true;
        self.inject();
        self.flush();
    }

    /// The program's screen.
    pub fn emulator(&self) -> &dyn Emulator {
        &self.emulator
    }

    /// The input modes the program set.
    pub fn input_modes(&self) -> InputModes {
        self.emulator.input_modes()
    }

    /// When the screen last changed.
    pub fn changed_at(&self) -> Instant {
        self.changed_at
    }

    /// Gives the terminal back: every mode the recorder or the program set
    /// is reset, the main screen shown, the status line cleared, the cursor
    /// on the line after the program's. Nothing is written after this.
    pub fn leave(&mut self) {
        if self.left {
            return;
        }
        self.left = true;
        let mut out = std::mem::take(&mut self.out);
        // The main screen first: a terminal may keep a scroll region per
        // screen, and both are reset.
        let alternate = self.emulator.active_buffer() == ActiveBuffer::Alternate;
        if alternate {
            out.extend_from_slice(b"\x1b[?1049l");
        }
        // Resetting the scroll region homes the cursor: it is placed after.
        out.extend_from_slice(MODES_OFF);
        let rows = self.size.1;
        out.extend_from_slice(format!("\x1b[{rows};1H\x1b[2K").as_bytes());
        // Below the program's last line; a program that drew on the
        // alternate screen left the main one as the recording began: blank.
        let below = if alternate { 1 } else { (self.emulator.cursor().row + 2).min(rows) };
        out.extend_from_slice(format!("\x1b[{below};1H").as_bytes());
        self.out = out;
        self.write_out();
    }

    /// Writes what is due at a point between sequences: the recorder's
    /// modes, the scroll region, the status line, and then the program's
    /// cursor and pen as they were.
    fn inject(&mut self) {
        if self.left || !self.filter.at_ground() {
            return;
        }
        let (cols, rows) = self.size;
        let program_rows = program_rows(rows);
        let moved = self.want_region || (self.want_status && rows > 1);
        if self.want_modes {
            self.out.extend_from_slice(MODES_ON);
        }
        if self.want_region {
            // DECSTBM homes the cursor; it is put back below.
            self.out.extend_from_slice(format!("\x1b[1;{program_rows}r").as_bytes());
        }
        if self.want_status && rows > 1 {
            self.out.extend_from_slice(format!("\x1b[?25l\x1b[{rows};1H\x1b[0;7m").as_bytes());
            self.out.extend_from_slice(fit(&self.status, cols).as_bytes());
            self.out.extend_from_slice(b"\x1b[0m");
        }
        if moved {
            let cursor = self.emulator.cursor();
            self.out.extend_from_slice(
                format!("\x1b[{};{}H", cursor.row + 1, cursor.col + 1).as_bytes(),
            );
            self.out.extend_from_slice(&self.filter.pen());
            if cursor.visible {
                self.out.extend_from_slice(b"\x1b[?25h");
            }
        }
        self.want_modes = false;
        self.want_region = false;
        self.want_status = false;
    }

    fn flush(&mut self) {
        if !self.left {
            self.write_out();
        }
    }

    fn write_out(&mut self) {
        if self.out.is_empty() || super::terminal::given_back() {
            self.out.clear();
            return;
        }
        let mut stdout = std::io::stdout().lock();
        // A terminal that went away (SIGHUP follows) is not an error here.
        let _ = stdout.write_all(&self.out).and_then(|()| stdout.flush());
        self.out.clear();
    }

    /// A hash of every cell's text, width and style.
    fn fingerprint(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        let (rows, _) = self.emulator.size();
        for row in 0..rows {
            self.emulator.visit_row(row, &mut |col, text, width, style| {
                (col, text, width, style).hash(&mut hasher);
            });
        }
        hasher.finish()
    }
}

/// `text` cut or padded to `cols` cells, never wider (a character beyond
/// ASCII counts two, so a wide one never pushes the line over).
fn fit(text: &str, cols: u16) -> String {
    let cols = usize::from(cols);
    let mut fitted = String::new();
    let mut used = 0;
    for character in text.chars() {
        let width = if character.is_ascii() { 1 } else { 2 };
        if character.is_control() || used + width > cols {
            if used + width > cols {
                break;
            }
            continue;
        }
        fitted.push(character);
        used += width;
    }
    fitted.extend(std::iter::repeat_n(' ', cols - used));
    fitted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_line_never_exceeds_the_width() {
        assert_eq!(fit("abc", 5), "abc  ");
        assert_eq!(fit("abcdef", 4), "abcd");
        assert_eq!(fit("日本", 3), "日 ");
        assert_eq!(fit("a\u{1b}b", 3), "ab ");
    }
}
