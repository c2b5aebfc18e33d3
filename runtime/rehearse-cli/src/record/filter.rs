//! The program's output on its way to the person's terminal: passed through
//! as it comes, byte for byte, but for the one sequence that would let it
//! reach the status line (a scroll region reaching past the program's last
//! row, rewritten to end there), and read for what the recorder must know:
//! where the stream may take an injected sequence (between two of the
//! program's sequences, never inside one), which sequences cleared the
//! status line or took the recorder's own modes away, the program's current
//! pen (SGR) to restore after drawing, and its cursor position queries.

/// What one chunk of output did that the recorder must answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seen {
    /// An erase in display (`CSI J`): it may have cleared the status line.
    pub erase: bool,
    /// A switch of screen buffer (`?1049`, `?1047`, `?47`): the other one
    /// has no status line, and may have no scroll region.
    pub screen: bool,
    /// A full or soft reset (`ESC c`, `CSI ! p`): modes, scroll region and
    /// screen are gone.
    pub reset: bool,
    /// A mouse or bracketed-paste mode was set or reset: the recorder's
    /// own (any-motion SGR mouse, bracketed paste) must be set again.
    pub modes: bool,
    /// How many cursor position reports the program asked for (`CSI 6 n`).
    pub cursor_queries: u32,
}

impl Seen {
    fn merge(&mut self, other: Seen) {
        self.erase |= other.erase;
        self.screen |= other.screen;
        self.reset |= other.reset;
        self.modes |= other.modes;
        self.cursor_queries += other.cursor_queries;
    }
}

/// Where the parser stands in the stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between sequences and characters: an injection is safe here.
    Ground,
    /// Inside a UTF-8 character, this many continuation bytes to go.
    Utf8(u8),
    /// After `ESC` (held back: it may start a CSI).
    Escape,
    /// After `ESC` and an intermediate byte (`ESC ( B`).
    EscapeIntermediate,
    /// Inside a control sequence (held back until its final byte).
    Csi,
    /// Inside a string (OSC, DCS, SOS, PM, APC), until BEL or ST; `true`
    /// just after an `ESC`.
    Text(bool),
}

/// The most SGR sequences kept to restore the pen (older ones are dropped).
const MAX_PEN: usize = 32;

/// The longest control sequence held back: a longer one is no sequence a
/// terminal acts on, and is passed on as it is.
const MAX_HELD: usize = 4096;

/// Mouse and paste modes: the program setting one of them changes the
/// person's terminal, where the recorder needs its own.
const INPUT_MODES: [&[u8]; 10] =
    [b"9", b"1000", b"1001", b"1002", b"1003", b"1005", b"1006", b"1015", b"1016", b"2004"];

/// Screen buffer switches.
const SCREEN_MODES: [&[u8]; 3] = [b"47", b"1047", b"1049"];

/// The filter between the program's output and the person's terminal.
#[derive(Debug, Clone)]
pub struct OutputFilter {
    state: State,
    /// The sequence being read, not yet passed on.
    held: Vec<u8>,
    /// The program's rows: the last row a scroll region may reach.
    rows: u16,
    /// The SGR sequences since the last reset of the pen, to draw it again.
    pen: Vec<Vec<u8>>,
}

impl OutputFilter {
    /// A filter for a program `rows` rows high, at the start of its stream.
    pub fn new(rows: u16) -> Self {
        Self { state: State::Ground, held: Vec::new(), rows: rows.max(1), pen: Vec::new() }
    }

    /// The program's height changed.
    pub fn set_rows(&mut self, rows: u16) {
        self.rows = rows.max(1);
    }

    /// Whether the stream stands between sequences, where the recorder may
    /// write its own.
    pub fn at_ground(&self) -> bool {
        self.state == State::Ground
    }

    /// The bytes that set the program's pen again after the recorder drew
    /// in another: a reset, then every SGR since its last reset.
    pub fn pen(&self) -> Vec<u8> {
        let mut bytes = b"\x1b[0m".to_vec();
        for sequence in &self.pen {
            bytes.extend_from_slice(sequence);
        }
        bytes
    }

    /// Passes `input` on into `out` and says what it did.
    pub fn filter(&mut self, input: &[u8], out: &mut Vec<u8>) -> Seen {
        let mut seen = Seen::default();
        for &byte in input {
            seen.merge(self.byte(byte, out));
        }
        seen
    }

    fn byte(&mut self, byte: u8, out: &mut Vec<u8>) -> Seen {
        match self.state {
            State::Ground | State::Utf8(_) => self.ground(byte, out),
            State::Escape => self.escape(byte, out),
            State::EscapeIntermediate => {
                out.push(byte);
                if !(0x20..=0x2f).contains(&byte) {
                    self.state = State::Ground;
                }
                Seen::default()
            }
            State::Csi => self.csi(byte, out),
            State::Text(after_escape) => {
                out.push(byte);
                self.state = match byte {
                    0x07 => State::Ground,
                    b'\\' if after_escape => State::Ground,
                    0x1b => State::Text(true),
                    // CAN and SUB abort a string as they abort a sequence.
                    0x18 | 0x1a => State::Ground,
                    _ => State::Text(false),
                };
                Seen::default()
            }
        }
    }

    fn ground(&mut self, byte: u8, out: &mut Vec<u8>) -> Seen {
        if byte == 0x1b {
            self.state = State::Escape;
            self.held.clear();
            self.held.push(byte);
            return Seen::default();
        }
        out.push(byte);
        self.state = match (self.state, byte) {
            (State::Utf8(more), 0x80..=0xbf) if more > 1 => State::Utf8(more - 1),
            (State::Utf8(_), 0x80..=0xbf) => State::Ground,
            (_, 0xc0..=0xdf) => State::Utf8(1),
            (_, 0xe0..=0xef) => State::Utf8(2),
            (_, 0xf0..=0xf7) => State::Utf8(3),
            _ => State::Ground,
        };
        Seen::default()
    }

    fn escape(&mut self, byte: u8, out: &mut Vec<u8>) -> Seen {
        if byte == b'[' {
            self.held.push(byte);
            self.state = State::Csi;
            return Seen::default();
        }
        out.append(&mut self.held);
        out.push(byte);
        let mut seen = Seen::default();
        self.state = match byte {
            b']' | b'P' | b'X' | b'^' | b'_' => State::Text(false),
            0x20..=0x2f => State::EscapeIntermediate,
            0x1b => {
                // `ESC ESC`: the first was cancelled, the second starts anew.
                out.pop();
                self.held.push(0x1b);
                State::Escape
            }
            b'c' => {
                seen.reset = true;
                State::Ground
            }
            _ => State::Ground,
        };
        seen
    }

    fn csi(&mut self, byte: u8, out: &mut Vec<u8>) -> Seen {
        match byte {
            // A new sequence aborts this one, which is passed on as it is.
            0x1b => {
                out.append(&mut self.held);
                self.held.push(byte);
                self.state = State::Escape;
                Seen::default()
            }
            0x18 | 0x1a => {
                out.append(&mut self.held);
                out.push(byte);
                self.state = State::Ground;
                Seen::default()
            }
            0x40..=0x7e => {
                self.held.push(byte);
                self.state = State::Ground;
                let sequence = std::mem::take(&mut self.held);
                self.finish_csi(&sequence, out)
            }
            _ if self.held.len() >= MAX_HELD => {
                out.append(&mut self.held);
                out.push(byte);
                self.state = State::Ground;
                Seen::default()
            }
            _ => {
                self.held.push(byte);
                Seen::default()
            }
        }
    }

    /// A whole control sequence (`ESC [` … final): passed on, or rewritten
    /// when it is a scroll region reaching the status line.
    fn finish_csi(&mut self, sequence: &[u8], out: &mut Vec<u8>) -> Seen {
        let body = &sequence[2..sequence.len() - 1];
        let last = sequence[sequence.len() - 1];
        let private =
            body.first().copied().filter(|byte| matches!(byte, b'?' | b'>' | b'<' | b'='));
        let params_end =
            body.iter().position(|byte| !(byte.is_ascii_digit() || matches!(byte, b';' | b':')));
        let (params, rest) = match private {
            Some(_) => {
                let after = &body[1..];
                let end = after
                    .iter()
                    .position(|byte| !(byte.is_ascii_digit() || matches!(byte, b';' | b':')))
                    .unwrap_or(after.len());
                (&after[..end], &after[end..])
            }
            None => {
                let end = params_end.unwrap_or(body.len());
                (&body[..end], &body[end..])
            }
        };
        let intermediates = rest;
        let mut seen = Seen::default();
        match (private, intermediates, last) {
            (None, [], b'r') => {
                out.extend_from_slice(&self.scroll_region(params));
                return seen;
            }
            (None | Some(b'?'), [], b'J') => seen.erase = true,
            (Some(b'?'), [], b'h' | b'l') => {
                for mode in params.split(|byte| *byte == b';') {
                    seen.modes |= INPUT_MODES.contains(&mode);
                    seen.screen |= SCREEN_MODES.contains(&mode);
                }
            }
            (None, [b'!'], b'p') => seen.reset = true,
            (None | Some(b'?'), [], b'n') if params == b"6" => seen.cursor_queries += 1,
            (None, [], b'm') => self.note_pen(params, sequence),
            _ => {}
        }
        out.extend_from_slice(sequence);
        seen
    }

    /// `CSI top ; bottom r` with the bottom kept on the program's rows (a
    /// missing or zero bottom means the last row, which is the program's
    /// last, not the terminal's).
    fn scroll_region(&self, params: &[u8]) -> Vec<u8> {
        let mut fields = params.split(|byte| *byte == b';');
        let number = |field: Option<&[u8]>| -> u32 {
            field
                .and_then(|field| std::str::from_utf8(field).ok())
                .and_then(|text| text.parse().ok())
                .unwrap_or(0)
        };
        let top = number(fields.next()).max(1);
        let bottom = number(fields.next());
        let rows = u32::from(self.rows);
        let bottom = if bottom == 0 || bottom > rows { rows } else { bottom };
        format!("\x1b[{top};{bottom}r").into_bytes()
    }

    fn note_pen(&mut self, params: &[u8], sequence: &[u8]) {
        let resets = params.is_empty()
            || params
                .split(|byte| *byte == b';')
                .next()
                .is_some_and(|first| first.is_empty() || first.iter().all(|byte| *byte == b'0'));
        if resets {
            self.pen.clear();
        }
        if !params.is_empty() && params.iter().any(|byte| *byte != b'0') {
            if self.pen.len() == MAX_PEN {
                self.pen.remove(0);
            }
            self.pen.push(sequence.to_vec());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(filter: &mut OutputFilter, input: &[u8]) -> (Vec<u8>, Seen) {
        let mut out = Vec::new();
        let seen = filter.filter(input, &mut out);
        (out, seen)
    }

    #[test]
    fn text_and_sequences_pass_through_unchanged() {
        let mut filter = OutputFilter::new(23);
        let input = "héllo \x1b[1;31mred\x1b[0m \x1b]0;title\x07 \x1b(B\x1b[?25l\r\n".as_bytes();
        let (out, seen) = run(&mut filter, input);
        assert_eq!(out, input);
        assert_eq!(seen, Seen::default());
        assert!(filter.at_ground());
    }

    #[test]
    fn a_scroll_region_to_the_last_row_stops_at_the_programs_last_row() {
        let mut filter = OutputFilter::new(23);
        assert_eq!(run(&mut filter, b"\x1b[r").0, b"\x1b[1;23r");
        assert_eq!(run(&mut filter, b"\x1b[;r").0, b"\x1b[1;23r");
        assert_eq!(run(&mut filter, b"\x1b[2;24r").0, b"\x1b[2;23r");
        // Within the program's rows: unchanged in meaning.
        assert_eq!(run(&mut filter, b"\x1b[5;10r").0, b"\x1b[5;10r");
        // DECSLRM-like private forms are not scroll regions.
        assert_eq!(run(&mut filter, b"\x1b[?1r").0, b"\x1b[?1r");
    }

    #[test]
    fn a_sequence_split_across_chunks_is_held_until_it_is_whole() {
        let mut filter = OutputFilter::new(10);
        let (out, _) = run(&mut filter, b"ab\x1b[");
        assert_eq!(out, b"ab");
        assert!(!filter.at_ground());
        let (out, _) = run(&mut filter, b"r");
        assert_eq!(out, b"\x1b[1;10r");
        assert!(filter.at_ground());
        // A UTF-8 character split in two is not a place to inject.
        let (out, _) = run(&mut filter, &"é".as_bytes()[..1]);
        assert_eq!(out.len(), 1);
        assert!(!filter.at_ground());
        run(&mut filter, &"é".as_bytes()[1..]);
        assert!(filter.at_ground());
        // Inside a string the stream is not at ground either.
        run(&mut filter, b"\x1b]8487;x");
        assert!(!filter.at_ground());
        run(&mut filter, b"\x1b\\");
        assert!(filter.at_ground());
    }

    #[test]
    fn an_endless_sequence_is_passed_on_not_held_for_ever() {
        let mut filter = OutputFilter::new(10);
        let mut input = b"\x1b[".to_vec();
        input.extend(std::iter::repeat_n(b'1', 10_000));
        let (out, _) = run(&mut filter, &input);
        assert!(out.len() > 4096 && filter.at_ground());
    }

    #[test]
    fn what_takes_the_recorders_modes_or_status_line_is_seen() {
        let mut filter = OutputFilter::new(10);
        assert!(run(&mut filter, b"\x1b[2J").1.erase);
        assert!(run(&mut filter, b"\x1b[J").1.erase);
        assert!(run(&mut filter, b"\x1b[?1049h").1.screen);
        assert!(run(&mut filter, b"\x1b[?1000;1006h").1.modes);
        assert!(run(&mut filter, b"\x1b[?2004l").1.modes);
        assert!(!run(&mut filter, b"\x1b[?25l").1.modes);
        assert!(run(&mut filter, b"\x1bc").1.reset);
        assert!(run(&mut filter, b"\x1b[!p").1.reset);
        assert_eq!(run(&mut filter, b"\x1b[6n\x1b[6n").1.cursor_queries, 2);
    }

    #[test]
    fn the_pen_is_every_sgr_since_its_last_reset() {
        let mut filter = OutputFilter::new(10);
        run(&mut filter, b"\x1b[1m\x1b[31m");
        assert_eq!(filter.pen(), b"\x1b[0m\x1b[1m\x1b[31m");
        run(&mut filter, b"\x1b[0;4m");
        assert_eq!(filter.pen(), b"\x1b[0m\x1b[0;4m");
        run(&mut filter, b"\x1b[m");
        assert_eq!(filter.pen(), b"\x1b[0m");
    }
}
