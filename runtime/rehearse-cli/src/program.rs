//! How a host starts its program, the first time and after `pty-stop`:
//! the same command line, a fresh render-commit marker token, the offered
//! app socket, at the size asked for.

use std::path::PathBuf;

use rehearse_core::semantic::Generation;
use rehearse_core::trace::{TraceMode, TraceOptions};
use rehearse_pty::{PtySessionOptions, Terminal};

use crate::exit::Failure;

/// What a host runs, to start it again the same way.
pub struct Program {
    /// The session's id (the marker's session name).
    pub id: String,
    /// The command line, run by `/bin/sh -c 'exec …'`.
    pub exec: String,
    /// The socket offered to a rehearse app (`REHEARSE_CONTROL`).
    pub offered: PathBuf,
    /// Where failing requests' traces go (`rehearse open --trace DIR`):
    /// then the session records its steps (`retain-on-failure` unless
    /// `REHEARSE_TRACE` says otherwise); without it, only when
    /// `REHEARSE_TRACE` asks.
    pub traces: Option<PathBuf>,
}

impl Program {
    /// Starts the program at `size` (`cols`, `rows`); its first committed
    /// generation comes after `after` when given, so a client never sees
    /// generations go back across a restart.
    pub fn spawn(&self, size: (u16, u16), after: Option<Generation>) -> Result<Terminal, Failure> {
        // A rehearse app announces each commit with the render-commit marker
        // under this key, so its screen settles exactly; any other program
        // ignores the variables and settles on a quiet window. A fresh token
        // each start: what the old program printed proves nothing now.
        let options = PtySessionOptions::new("/bin/sh")
            .args(["-c".to_owned(), format!("exec {}", self.exec)])
            .size(size.0, size.1)
            .marker(marker_token()?, self.id.clone())
            // A rehearse app serves this socket from the terminal too: its
            // tree and model plane become reachable.
            .env("REHEARSE_CONTROL", &self.offered);
        let mut terminal = Terminal::spawn(options).map_err(|error| {
            Failure::runtime(format!("`{}` could not start: {error}", self.exec))
        })?;
        let trace = match &self.traces {
            Some(dir) => TraceOptions::new().dir(dir),
            None => TraceOptions { mode: TraceMode::served(), ..TraceOptions::new() },
        };
        terminal.trace(trace.title(self.id.clone()));
        Ok(match after {
            Some(last) => terminal.numbered_after(last),
            None => terminal,
        })
    }
}

/// A fresh secret for the render-commit marker.
pub fn marker_token() -> Result<String, Failure> {
    rehearse_pty::settle::random_marker_token().map_err(|error| {
        Failure::runtime(format!("reading /dev/urandom for the marker token: {error}"))
    })
}
