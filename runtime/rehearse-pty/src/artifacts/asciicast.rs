//! An asciicast v2 recording of the real PTY output with its real timing
//! (<https://docs.asciinema.org/manual/asciicast/v2/>): a header line, then
//! one `[seconds, "o", text]` line per read, `"i"` for input written and `"r"`
//! for a resize (`"COLSxROWS"`).

use std::time::Instant;

/// Collects events while the session runs.
#[derive(Debug, Clone)]
pub(crate) struct Recorder {
    start: Instant,
    cols: u16,
    rows: u16,
    events: Vec<(f64, char, String)>,
    /// The tail of a UTF-8 character split across reads.
    pending: Vec<u8>,
}

impl Recorder {
    pub(crate) fn new(start: Instant, cols: u16, rows: u16) -> Self {
        Self { start, cols, rows, events: Vec::new(), pending: Vec::new() }
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
        let text = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending = rest;
        if !text.is_empty() {
            let at = self.at(now);
            self.events.push((at, 'o', text));
        }
    }

    pub(crate) fn input(&mut self, now: Instant, bytes: &[u8]) {
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
