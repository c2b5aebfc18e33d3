//! What serving fails with, and how a session's failures map onto the
//! wire's error codes.

use std::io;
use std::path::PathBuf;

use rehearse_core::{AutomationError, StepError};
use rehearse_lang::AutomationStep;
use rehearse_protocol::{ErrorCode, WireError};

/// Why a server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// An I/O operation on the socket or its directory failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// The operating system's error.
        source: io::Error,
    },
    /// The socket's directory could be entered by someone else.
    #[error("the socket directory {dir} is refused: {reason}")]
    UnsafeDirectory {
        /// The directory.
        dir: PathBuf,
        /// Why, and what would be valid.
        reason: String,
    },
    /// The socket path is taken.
    #[error("the socket {socket} is in use: {reason}")]
    InUse {
        /// The socket's path.
        socket: PathBuf,
        /// Why.
        reason: String,
    },
    /// The session failed in a way no request caused.
    #[error("the session failed: {0}")]
    Session(#[from] AutomationError),
}

/// The wire error for a step that failed: `wait-timeout` for a wait that
/// did not hold, `session-closed` for a closed session, else `step-failed`;
/// `step` is its index in the script.
pub(crate) fn step_error(error: &StepError) -> WireError {
    let code = match &error.error {
        AutomationError::WaitTimeout(_) => ErrorCode::WaitTimeout,
        AutomationError::SessionClosed => ErrorCode::SessionClosed,
        _ => ErrorCode::StepFailed,
    };
    WireError::new(
        code,
        format!("step {} `{}`: {}", error.index, spelled(&error.step), error.error),
    )
}

/// A step as an error may show it: typed text is never echoed (it may be
/// a secret typed with `--secret-env`), only its length.
fn spelled(step: &AutomationStep) -> String {
    match step {
        AutomationStep::Type { text } => format!("type:({} characters)", text.chars().count()),
        other => other.to_string(),
    }
}
