//! A bound on OSC strings. The parser (`vte`) buffers an OSC body without a
//! limit; a program that never terminates one would grow memory without end.
//! This filter sits in front of the parser and drops the bytes of an OSC body
//! beyond [`MAX_OSC_BYTES`], keeping its terminator, so the parser sees a
//! truncated (and therefore unverifiable, for a marker) OSC.

/// The most OSC body bytes passed to the parser.
pub(crate) const MAX_OSC_BYTES: usize = 4096;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum State {
    #[default]
    Ground,
    Escape,
    Osc(usize),
    OscEscape(usize),
}

/// The filter's state, kept across reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct OscGuard {
    state: State,
}

impl OscGuard {
    /// The bytes to pass on to the parser.
    pub(crate) fn filter(&mut self, input: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(input.len());
        for &byte in input {
            self.state = match self.state {
                State::Ground | State::Escape if byte == 0x1b => State::Escape,
                State::Escape if byte == b']' => State::Osc(0),
                State::Ground | State::Escape => State::Ground,
                State::Osc(_) if matches!(byte, 0x07 | 0x18 | 0x1a) => State::Ground,
                State::Osc(len) if byte == 0x1b => State::OscEscape(len),
                State::Osc(len) if len >= MAX_OSC_BYTES => continue,
                State::Osc(len) => State::Osc(len + 1),
                // ESC \ ends the OSC; ESC anything else ends it and starts a
                // new escape sequence.
                State::OscEscape(_) if byte == b']' => State::Osc(0),
                State::OscEscape(_) if byte == 0x1b => State::Escape,
                State::OscEscape(_) => State::Ground,
            };
            out.push(byte);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_short_oscs_and_truncates_long_ones() {
        let mut guard = OscGuard::default();
        assert_eq!(guard.filter(b"a\x1b]0;title\x07b"), b"a\x1b]0;title\x07b");
        let long = [b"\x1b]8487;".as_slice(), &[b'x'; 10_000], b"\x1b\\after"].concat();
        let out = guard.filter(&long);
        assert_eq!(out.len(), 2 + MAX_OSC_BYTES + 2 + 5);
        assert!(out.ends_with(b"\x1b\\after"));
        // Split across reads.
        let mut guard = OscGuard::default();
        let mut out = guard.filter(b"\x1b]2;");
        out.extend(guard.filter(&[b'y'; 5000]));
        out.extend(guard.filter(b"\x07z"));
        assert_eq!(out.len(), 2 + MAX_OSC_BYTES + 2);
        assert!(out.ends_with(b"\x07z"));
    }
}
