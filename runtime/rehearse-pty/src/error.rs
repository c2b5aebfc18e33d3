//! The errors of the terminal plane's own API (`PtySession`). Steps run through
//! [`crate::Terminal`] report them as the shared `AutomationError` instead.

use std::time::Duration;

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExitInfo {
    /// The exit code, when it exited.
    pub code: Option<i32>,
    /// The signal, when one killed it.
    pub signal: Option<i32>,
}

impl ExitInfo {
    pub(crate) fn from_status(status: std::process::ExitStatus) -> Self {
        use std::os::unix::process::ExitStatusExt as _;
        Self { code: status.code(), signal: status.signal() }
    }

    /// Whether it exited with code 0.
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }
}

impl std::fmt::Display for ExitInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.code, self.signal) {
            (Some(code), _) => write!(f, "exit code {code}"),
            (None, Some(signal)) => write!(f, "killed by signal {signal}"),
            (None, None) => write!(f, "ended"),
        }
    }
}

/// What went wrong on the terminal plane.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PtyError {
    /// The program could not be started (nothing is left running).
    #[error("cannot start `{program}`: {source}")]
    Spawn {
        /// The program as given.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// Reading or writing the PTY failed.
    #[error("terminal I/O failed: {0}")]
    Io(#[from] std::io::Error),
    /// A wait ran out of time. The screen is the one at the timeout.
    #[error(
        "timed out after {elapsed:?} waiting for {condition}\n--- screen ---\n{screen}\n--------------"
    )]
    Timeout {
        /// The condition, in words.
        condition: String,
        /// How long the wait ran.
        elapsed: Duration,
        /// The visible screen when it gave up.
        screen: String,
    },
    /// The program exited before a screen or scrollback condition held.
    #[error(
        "the program exited ({status}) before {condition}\n--- screen ---\n{screen}\n--------------"
    )]
    TargetExited {
        /// The condition, in words.
        condition: String,
        /// How the program ended.
        status: ExitInfo,
        /// The final screen.
        screen: String,
    },
    /// The program exited with another code than the one waited for.
    #[error("expected exit code {expected}, the program ended with {actual}")]
    ExitCode {
        /// The code waited for.
        expected: i32,
        /// How it ended.
        actual: ExitInfo,
    },
    /// A regular expression did not compile.
    #[error("invalid regular expression: {0}")]
    Regex(#[from] regex::Error),
    /// Input could not be encoded (an unknown key, a bad escape).
    #[error("cannot encode input: {0}")]
    Encode(String),
    /// A size with a zero dimension, or more cells than
    /// [`MAX_SCREEN_CELLS`](rehearse_core::MAX_SCREEN_CELLS).
    #[error(
        "invalid terminal size {cols}x{rows}: both must be at least 1 and the cells at most {}",
        rehearse_core::MAX_SCREEN_CELLS
    )]
    InvalidSize {
        /// Columns.
        cols: u16,
        /// Rows.
        rows: u16,
    },
    /// Input was written after the program ended.
    #[error("cannot write to the program: it has ended ({0})")]
    Ended(ExitInfo),
}
