//! An asciicast v2 recording of the real PTY output with its real timing
//! (<https://docs.asciinema.org/manual/asciicast/v2/>): a header line, then
//! one `[seconds, "o", text]` line per read, `"i"` for input written (only
//! when asked for: input may hold secrets the screen never shows) and `"r"`
//! for a resize (`"COLSxROWS"`). Render-commit markers are taken out of the
//! output, so a recording never carries a valid MAC (a marker split across
//! two reads is not seen whole and stays).

use std::time::Instant;

/// `text` without the render-commit markers (`ESC ] 8487 ; … BEL` or ST).
fn without_markers(text: &str) -> String {
    const START: &str = "\x1b]8487;";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(START) {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let end = [after.find('\x07').map(|i| i + 1), after.find("\x1b\\").map(|i| i + 2)]
            .into_iter()
            .flatten()
            .min();
        match end {
            Some(end) => rest = &after[end..],
            None => {
                // An unterminated marker: keep nothing of it.
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Collects events while the session runs.
#[derive(Debug, Clone)]
pub(crate) struct Recorder {
    start: Instant,
    cols: u16,
    rows: u16,
    events: Vec<(f64, char, String)>,
    /// Whether input events are recorded.
    with_input: bool,
    /// The tail of a UTF-8 character split across reads.
    pending: Vec<u8>,
}

impl Recorder {
    pub(crate) fn new(start: Instant, cols: u16, rows: u16, with_input: bool) -> Self {
        Self { start, cols, rows, events: Vec::new(), pending: Vec::new(), with_input }
    }

    fn at(&self, now: Instant) -> f64 {
        now.duration_since(self.start).as_secs_f64()
    }

    pub(crate) fn output(&mut self, now: Instant, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
        // Keep an incomplete trailing character for the next read.
        let cut = match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.len(),
            Err(error) if error.error_len().is_none() => error.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        let rest = self.pending.split_off(cut);
        let text = without_markers(&String::from_utf8_lossy(&self.pending));
        self.pending = rest;
        if !text.is_empty() {
            let at = self.at(now);
            self.events.push((at, 'o', text));
        }
    }

    pub(crate) fn input(&mut self, now: Instant, bytes: &[u8]) {
        if !self.with_input {
            return;
        }
        let at = self.at(now);
        self.events.push((at, 'i', String::from_utf8_lossy(bytes).into_owned()));
    }

    pub(crate) fn resize(&mut self, now: Instant, cols: u16, rows: u16) {
        let at = self.at(now);
        self.events.push((at, 'r', format!("{cols}x{rows}")));
    }

    /// The recording as asciicast v2 text.
    pub(crate) fn to_asciicast(&self) -> String {
        let header = serde_json::json!({
            "version": 2,
            "width": self.cols,
            "height": self.rows,
            "env": { "TERM": "xterm-256color" },
        });
        let mut out = header.to_string();
        out.push('\n');
        for (at, kind, data) in &self.events {
            let line = serde_json::json!([
                (at * 1_000_000.0).round() / 1_000_000.0,
                kind.to_string(),
                data
            ]);
            out.push_str(&line.to_string());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod marker_tests {
    use super::*;

    #[test]
    fn markers_are_taken_out_of_recorded_output() {
        let text =
            "a\x1b]8487;twm;1;AAAAAAAAAAAAAAAAAAAAAA\x07b\x1b]8487;twm;2;x\x1b\\c\x1b]0;title\x07";
        assert_eq!(without_markers(text), "abc\x1b]0;title\x07");
    }

    #[test]
    fn input_is_recorded_only_when_asked() {
        let start = Instant::now();
        let mut quiet = Recorder::new(start, 80, 24, false);
        quiet.input(start, b"hunter2");
        assert!(!quiet.to_asciicast().contains("hunter2"));
        let mut asked = Recorder::new(start, 80, 24, true);
        asked.input(start, b"hunter2");
        assert!(asked.to_asciicast().contains("hunter2"));
    }
}
