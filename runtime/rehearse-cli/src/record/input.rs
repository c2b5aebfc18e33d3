//! The person's input, split into what their terminal sent: keys, mouse
//! reports, pastes, and the replies their terminal gives to the program's
//! queries (which pass on to the program unrecorded). Each sequence is cut
//! out of the stream here and read by `terminput` (crossterm's parser).

use terminput::{Event, KeyEvent, KeyEventKind, MouseEvent};

/// Where a bracketed paste ends.
const PASTE_END: &[u8] = b"\x1b[201~";

/// The longest paste kept (more is passed on but not recorded past this).
const MAX_PASTE: usize = 1 << 20;

/// The longest unfinished sequence waited on: past it, the bytes are no
/// sequence and pass on as they are.
const MAX_PENDING: usize = 1 << 16;

/// One thing the person's terminal sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputEvent {
    /// A key press, with the bytes the terminal sent for it.
    Key {
        /// The key.
        key: KeyEvent,
        /// What the terminal sent.
        bytes: Vec<u8>,
    },
    /// A mouse report (the recorder asked for SGR reports of every motion).
    Mouse(MouseEvent),
    /// A bracketed paste.
    Paste(String),
    /// Not the person's input: a reply to a query of the program's (a
    /// cursor position, device attributes, a mode, a colour), a focus report
    /// or a key release. Passed on as it is and not recorded.
    Pass(Vec<u8>),
    /// Bytes no parser reads as a key: passed on, and recorded as `send:`.
    Raw(Vec<u8>),
}

/// Splits the person's input stream into events.
#[derive(Debug, Default)]
pub struct InputParser {
    /// Bytes of an unfinished sequence from the last read.
    pending: Vec<u8>,
    /// A paste under way.
    paste: Option<Vec<u8>>,
}

impl InputParser {
    /// The events in `bytes` (one read), with what an earlier read left
    /// unfinished. `cursor_queries` counts the program's cursor position
    /// queries not yet answered: only while one is, `CSI row ; col R` is a
    /// reply and not a key (`Ctrl+F3` spells the same).
    pub fn feed(&mut self, bytes: &[u8], cursor_queries: &mut u32) -> Vec<InputEvent> {
        let mut buffer = std::mem::take(&mut self.pending);
        buffer.extend_from_slice(bytes);
        let mut events = Vec::new();
        let mut at = 0;
        while at < buffer.len() {
            if let Some(paste) = &mut self.paste {
                let rest = &buffer[at..];
                match find(rest, PASTE_END) {
                    Some(end) => {
                        if paste.len() < MAX_PASTE {
                            paste.extend_from_slice(&rest[..end]);
                        }
                        let text = String::from_utf8_lossy(paste).into_owned();
                        events.push(InputEvent::Paste(text));
                        self.paste = None;
                        at += end + PASTE_END.len();
                        continue;
                    }
                    None => {
                        // Keep what may be the start of the end marker.
                        let keep = (0..PASTE_END.len().min(rest.len()))
                            .rev()
                            .find(|&n| PASTE_END.starts_with(&rest[rest.len() - n..]))
                            .unwrap_or(0);
                        if paste.len() < MAX_PASTE {
                            paste.extend_from_slice(&rest[..rest.len() - keep]);
                        }
                        self.pending = rest[rest.len() - keep..].to_vec();
                        return events;
                    }
                }
            }
            let Some(len) = token_len(&buffer[at..]) else {
                if buffer.len() - at > MAX_PENDING {
                    events.push(InputEvent::Pass(buffer[at..].to_vec()));
                    return events;
                }
                self.pending = buffer[at..].to_vec();
                return events;
            };
            let token = &buffer[at..at + len];
            at += len;
            if token == b"\x1b[200~" {
                self.paste = Some(Vec::new());
                continue;
            }
            events.push(classify(token, cursor_queries));
        }
        events
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|window| window == needle)
}

/// The length of the first whole token of `input`, or `None` when it is
/// unfinished (more bytes will come). A lone `ESC` at the end is whole: the
/// Esc key (a terminal sends a sequence in one write).
fn token_len(input: &[u8]) -> Option<usize> {
    let first = *input.first()?;
    if first != 0x1b {
        return utf8_len(input);
    }
    let Some(&second) = input.get(1) else { return Some(1) };
    match second {
        b'[' => csi_len(input),
        b'O' => (input.len() >= 3).then_some(3),
        b']' => string_len(input, true),
        b'P' if is_dcs_reply(&input[2..]) => string_len(input, false),
        0x1b => Some(2),
        _ => utf8_len(&input[1..]).map(|len| len + 1),
    }
}

/// One UTF-8 character (or one byte that is not part of one).
fn utf8_len(input: &[u8]) -> Option<usize> {
    let want = match input.first()? {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    };
    if input.len() < want {
        return None;
    }
    let whole = input[1..want].iter().all(|byte| (0x80..=0xbf).contains(byte));
    Some(if whole { want } else { 1 })
}

/// `ESC [` … final byte; an X10 mouse report (`ESC [ M b x y`) takes its
/// three bytes after the `M`.
fn csi_len(input: &[u8]) -> Option<usize> {
    if input.get(2) == Some(&b'M') {
        return (input.len() >= 6).then_some(6);
    }
    let end = input[2..].iter().position(|byte| (0x40..=0x7e).contains(byte))?;
    Some(end + 3)
}

/// A string up to BEL (OSC only) or `ESC \`.
fn string_len(input: &[u8], bel_ends: bool) -> Option<usize> {
    for at in 2..input.len() {
        if bel_ends && input[at] == 0x07 {
            return Some(at + 1);
        }
        if input[at] == 0x1b && input.get(at + 1) == Some(&b'\\') {
            return Some(at + 2);
        }
    }
    None
}

/// Whether `ESC P` starts a terminal's reply (XTVERSION `>|`, DECRQSS
/// `0$r`/`1$r`, XTGETTCAP `0+r`/`1+r`) rather than Alt+Shift+P.
fn is_dcs_reply(after: &[u8]) -> bool {
    after.starts_with(b">|")
        || matches!(after, [b'0' | b'1', b'$' | b'+', b'r', ..])
        // Not yet long enough to tell: wait for more.
        || (after.len() < 3 && after.first().is_some_and(|b| matches!(b, b'>' | b'0' | b'1')))
}

/// Whether a control sequence is a terminal's reply or report.
fn is_reply(token: &[u8], cursor_queries: &mut u32) -> bool {
    let body = &token[2..token.len() - 1];
    let last = token[token.len() - 1];
    let is_cpr = last == b'R'
        && !body.is_empty()
        && body.iter().all(|byte| byte.is_ascii_digit() || *byte == b';')
        && body.contains(&b';');
    if is_cpr && *cursor_queries > 0 {
        *cursor_queries -= 1;
        return true;
    }
    match (body.first(), last) {
        // Device attributes, kitty keyboard flags.
        (Some(b'?' | b'>'), b'c') | (Some(b'?'), b'u') => true,
        // DECRQM answers.
        (_, b'y') if body.ends_with(b"$") => true,
        // Status reports and window reports.
        (Some(b'0' | b'3'), b'n') if body.len() == 1 => true,
        (_, b't') => true,
        // Focus in and out (the program enabled them in the terminal).
        (None, b'I' | b'O') => true,
        _ => false,
    }
}

fn classify(token: &[u8], cursor_queries: &mut u32) -> InputEvent {
    if token.starts_with(b"\x1b[") && token.len() > 2 && is_reply(token, cursor_queries) {
        return InputEvent::Pass(token.to_vec());
    }
    if token.starts_with(b"\x1b]") || (token.starts_with(b"\x1bP") && token.len() > 3) {
        return InputEvent::Pass(token.to_vec());
    }
    match Event::parse_from(token) {
        Ok(Some(Event::Key(key))) if key.kind == KeyEventKind::Release => {
            InputEvent::Pass(token.to_vec())
        }
        Ok(Some(Event::Key(key))) => InputEvent::Key { key, bytes: token.to_vec() },
        Ok(Some(Event::Mouse(mouse))) => InputEvent::Mouse(mouse),
        Ok(Some(Event::Paste(text))) => InputEvent::Paste(text),
        Ok(Some(Event::FocusGained | Event::FocusLost)) => InputEvent::Pass(token.to_vec()),
        _ => InputEvent::Raw(token.to_vec()),
    }
}

#[cfg(test)]
mod tests {
    use terminput::{KeyCode, KeyModifiers, MouseButton, MouseEventKind};

    use super::*;

    fn parse(bytes: &[u8]) -> Vec<InputEvent> {
        InputParser::default().feed(bytes, &mut 0)
    }

    fn keys(events: &[InputEvent]) -> Vec<(KeyCode, KeyModifiers)> {
        events
            .iter()
            .map(|event| match event {
                InputEvent::Key { key, .. } => (key.code, key.modifiers),
                other => panic!("not a key: {other:?}"),
            })
            .collect()
    }

    #[test]
    fn keys_in_one_read_are_each_an_event_with_their_bytes() {
        let events = parse("aé\r\x1b[A\x1bOB\x03\x1bx\x1b".as_bytes());
        assert_eq!(
            keys(&events),
            [
                (KeyCode::Char('a'), KeyModifiers::NONE),
                (KeyCode::Char('é'), KeyModifiers::NONE),
                (KeyCode::Enter, KeyModifiers::NONE),
                (KeyCode::Up, KeyModifiers::NONE),
                (KeyCode::Down, KeyModifiers::NONE),
                (KeyCode::Char('c'), KeyModifiers::CTRL),
                (KeyCode::Char('x'), KeyModifiers::ALT),
                (KeyCode::Esc, KeyModifiers::NONE),
            ]
        );
        let InputEvent::Key { bytes, .. } = &events[3] else { unreachable!() };
        assert_eq!(bytes, b"\x1b[A");
    }

    #[test]
    fn a_sequence_split_across_reads_waits_for_its_end() {
        let mut parser = InputParser::default();
        assert!(parser.feed(b"\x1b[1;5", &mut 0).is_empty());
        assert_eq!(keys(&parser.feed(b"D", &mut 0)), [(KeyCode::Left, KeyModifiers::CTRL)]);
        assert!(parser.feed("\u{e9}".as_bytes()[..1].as_ref(), &mut 0).is_empty());
    }

    #[test]
    fn sgr_mouse_reports_are_mouse_events() {
        let events = parse(b"\x1b[<0;5;3M\x1b[<0;5;3m\x1b[<35;7;2M\x1b[<65;1;1M");
        let kinds: Vec<_> = events
            .iter()
            .map(|event| match event {
                InputEvent::Mouse(mouse) => (mouse.kind, mouse.column, mouse.row),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                (MouseEventKind::Down(MouseButton::Left), 4, 2),
                (MouseEventKind::Up(MouseButton::Left), 4, 2),
                (MouseEventKind::Moved, 6, 1),
                (MouseEventKind::Scroll(terminput::ScrollDirection::Down), 0, 0),
            ]
        );
    }

    #[test]
    fn a_paste_is_one_event_even_across_reads() {
        let mut parser = InputParser::default();
        assert!(parser.feed(b"\x1b[200~two\nlin", &mut 0).is_empty());
        assert!(parser.feed(b"es\x1b[20", &mut 0).is_empty());
        let events = parser.feed(b"1~x", &mut 0);
        assert_eq!(events[0], InputEvent::Paste("two\nlines".into()));
        assert_eq!(keys(&events[1..]), [(KeyCode::Char('x'), KeyModifiers::NONE)]);
    }

    #[test]
    fn replies_pass_and_a_cursor_report_is_one_only_when_asked_for() {
        let mut asked = 1;
        let mut parser = InputParser::default();
        let events = parser.feed(
            b"\x1b[12;5R\x1b[?62;22c\x1b]11;rgb:0000/0000/0000\x1b\\\x1b[?1u\x1bP>|xterm(1)\x1b\\",
            &mut asked,
        );
        assert!(events.iter().all(|event| matches!(event, InputEvent::Pass(_))), "{events:?}");
        assert_eq!(asked, 0);
        // Unasked, the same bytes are Ctrl+F3 (xterm's spelling of it).
        let events = parser.feed(b"\x1b[1;5R", &mut asked);
        assert_eq!(keys(&events), [(KeyCode::F(3), KeyModifiers::CTRL)]);
    }
}
