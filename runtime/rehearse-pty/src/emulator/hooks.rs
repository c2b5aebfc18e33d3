//! The vt100 callbacks: terminal queries answered with the state at that point
//! of the stream, the render-commit marker taken out of the stream,
//! synchronized-output edges, the title, and our own scrollback store (vt100's
//! own scrollback is not used: its resize pulls rows back from it).

use vt100::{MouseProtocolEncoding, MouseProtocolMode, Screen};

use super::{QueryColors, ScrollbackLine, TermEvent};

/// Primary device attributes: a VT220 with ANSI colour (`CSI ? 62 ; 22 c`),
/// which crossterm accepts as the end of its kitty-keyboard probe.
pub(crate) const DA1_REPLY: &[u8] = b"\x1b[?62;22c";
/// Secondary device attributes: a VT220, firmware 0, no ROM cartridge.
pub(crate) const DA2_REPLY: &[u8] = b"\x1b[>1;0;0c";

#[derive(Debug, Default)]
pub(crate) struct Hooks {
    pub(crate) colors: QueryColors,
    pub(crate) replies: Vec<u8>,
    pub(crate) events: Vec<TermEvent>,
    /// Inside a synchronized-output frame.
    pub(crate) sync: bool,
    /// Up to twice the capacity, trimmed in batches; see [`Hooks::scrollback`].
    scrollback: Vec<ScrollbackLine>,
    pub(crate) scrollback_capacity: usize,
    pub(crate) title: Option<String>,
}

impl Hooks {
    pub(crate) fn new(colors: QueryColors, scrollback_capacity: usize) -> Self {
        Self { colors, scrollback_capacity, ..Self::default() }
    }

    pub(crate) fn push_scrollback(&mut self, line: ScrollbackLine) {
        let capacity = self.scrollback_capacity;
        if capacity == 0 {
            return;
        }
        self.scrollback.push(line);
        // Trim in batches so a push costs O(1) amortized.
        if self.scrollback.len() >= capacity.saturating_mul(2) {
            let excess = self.scrollback.len() - capacity;
            self.scrollback.drain(..excess);
        }
    }

    /// The last `scrollback_capacity` lines, oldest first.
    pub(crate) fn scrollback(&self) -> &[ScrollbackLine] {
        let len = self.scrollback.len();
        &self.scrollback[len.saturating_sub(self.scrollback_capacity)..]
    }

    fn decrqm(&mut self, screen: &Screen, mode: u16) {
        let set = match mode {
            1 => Some(screen.application_cursor()),
            25 => Some(!screen.hide_cursor()),
            47 | 1049 => Some(screen.alternate_screen()),
            2004 => Some(screen.bracketed_paste()),
            2026 => Some(self.sync),
            9 => Some(screen.mouse_protocol_mode() == MouseProtocolMode::Press),
            1000 => Some(screen.mouse_protocol_mode() == MouseProtocolMode::PressRelease),
            1002 => Some(screen.mouse_protocol_mode() == MouseProtocolMode::ButtonMotion),
            1003 => Some(screen.mouse_protocol_mode() == MouseProtocolMode::AnyMotion),
            1005 => Some(screen.mouse_protocol_encoding() == MouseProtocolEncoding::Utf8),
            1006 => Some(screen.mouse_protocol_encoding() == MouseProtocolEncoding::Sgr),
            _ => None,
        };
        let value = match set {
            Some(true) => 1,
            Some(false) => 2,
            None => 0,
        };
        self.replies.extend(format!("\x1b[?{mode};{value}$y").as_bytes());
    }

    /// Records an edge of a synchronized-output frame (a repeated `h` or `l`
    /// is no edge).
    fn set_sync(&mut self, begin: bool) {
        if self.sync != begin {
            self.sync = begin;
            self.events.push(if begin { TermEvent::SyncBegin } else { TermEvent::SyncEnd });
        }
    }

    fn osc_color(&mut self, number: u8) {
        let color = match number {
            10 => &self.colors.foreground,
            11 => &self.colors.background,
            _ => &self.colors.cursor,
        };
        self.replies.extend(format!("\x1b]{number};{color}\x1b\\").as_bytes());
    }
}

fn first(params: &[&[u16]]) -> Option<u16> {
    params.first().and_then(|param| param.first().copied())
}

impl vt100::Callbacks for Hooks {
    fn set_window_title(&mut self, _: &mut Screen, title: &[u8]) {
        self.title = Some(String::from_utf8_lossy(title).into_owned());
    }

    fn unhandled_csi(
        &mut self,
        screen: &mut Screen,
        i1: Option<u8>,
        i2: Option<u8>,
        params: &[&[u16]],
        c: char,
    ) {
        match (i1, i2, c) {
            // CPR: the cursor where it is now, at this byte of the stream.
            (None, None, 'n') if first(params) == Some(6) => {
                let (rows, cols) = screen.size();
                let (row, col) = screen.cursor_position();
                let row = row.min(rows.get() - 1) + 1;
                let col = col.min(cols.get() - 1) + 1;
                self.replies.extend(format!("\x1b[{row};{col}R").as_bytes());
            }
            // Device status: OK.
            (None, None, 'n') if first(params) == Some(5) => self.replies.extend(b"\x1b[0n"),
            (None, None, 'c') if first(params).unwrap_or(0) == 0 => self.replies.extend(DA1_REPLY),
            (Some(b'>'), None, 'c') if first(params).unwrap_or(0) == 0 => {
                self.replies.extend(DA2_REPLY);
            }
            // DECRQM for private modes, then for ANSI modes (none known).
            (Some(b'?'), Some(b'$'), 'p') => {
                if let Some(mode) = first(params) {
                    self.decrqm(screen, mode);
                }
            }
            (Some(b'$'), None, 'p') => {
                if let Some(mode) = first(params) {
                    self.replies.extend(format!("\x1b[{mode};0$y").as_bytes());
                }
            }
            // Synchronized output (vt100 passes the whole parameter list for
            // each mode it does not know).
            (Some(b'?'), None, 'h' | 'l') if params.iter().any(|p| p.first() == Some(&2026)) => {
                self.set_sync(c == 'h');
            }
            // The kitty keyboard query (`CSI ? u`) and everything else: no
            // answer, as a terminal that does not speak it.
            _ => {}
        }
    }

    fn unhandled_osc(&mut self, _: &mut Screen, params: &[&[u8]]) {
        match params.first().copied() {
            Some(b"8487") => {
                let total: usize = params.iter().map(|p| p.len() + 1).sum();
                if total <= rehearse_core::marker::MAX_MARKER_PAYLOAD + 8 {
                    self.events.push(TermEvent::MarkerCandidate(
                        params.iter().map(|p| p.to_vec()).collect(),
                    ));
                }
            }
            Some(number @ (b"10" | b"11" | b"12")) => {
                // `OSC 10 ; ? ; ?` asks for 10 and then 11.
                let mut number = number[1] - b'0' + 10;
                for param in &params[1..] {
                    if *param == b"?" {
                        self.osc_color(number);
                    }
                    number += 1;
                    if number > 12 {
                        break;
                    }
                }
            }
            _ => {}
        }
    }

    fn on_scroll(&mut self, contents: vt100::capture::RowContents<'_>, alternate_screen: bool) {
        if alternate_screen {
            return;
        }
        let mut formatted = String::new();
        let mut state = vt100::capture::BasicFormattedCaptureState::new();
        let _ = contents.write_formatted_basic(&mut formatted, &mut state);
        // Writing the row again tells whether it wrapped: the capture starts
        // with a newline exactly when the row before did not wrap.
        let mut probe = String::new();
        let _ = contents.write_formatted_basic(&mut probe, &mut state);
        let wrapped = !probe.starts_with('\n');
        let text: String = vt100::capture::basic_formatted_to_plain(&formatted).collect();
        self.push_scrollback(ScrollbackLine { text: text.trim_end().to_owned(), wrapped });
    }
}
