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
/// did not hold (of any kind: the tree, a program's screen, scrollback or
/// process, quiescence), `session-closed` for a closed session, else
/// `step-failed`; `step` is its index in the script.
pub(crate) fn step_error(error: &StepError) -> WireError {
    WireError::new(
        code_of(&error.error),
        format!("step {} `{}`: {}", error.index, spelled(&error.step), error.error),
    )
}

/// The wire's code for what a step failed with.
pub(crate) fn code_of(error: &AutomationError) -> ErrorCode {
    match error {
        timeout if timeout.is_wait_timeout() => ErrorCode::WaitTimeout,
        AutomationError::SessionClosed => ErrorCode::SessionClosed,
        _ => ErrorCode::StepFailed,
    }
}

/// A step as an error may show it: typed text is never echoed (it may be
/// a secret typed with `--secret-env`), only its length.
fn spelled(step: &AutomationStep) -> String {
    match step {
        AutomationStep::Type { text } => format!("type:({} characters)", text.chars().count()),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use rehearse_core::{StepSource, semantic::Generation};

    use super::*;

    fn failed(error: AutomationError) -> WireError {
        let step = AutomationStep::drain();
        let source = StepSource::of(&step);
        step_error(&StepError::new(3, step, source, Generation(1), error))
    }

    #[test]
    fn a_screen_or_process_wait_that_timed_out_is_wait_timeout_not_step_failed() {
        let screen = AutomationError::ScreenTimeout {
            condition: "exited,process".into(),
            timeout: Duration::from_millis(20),
            screen: "$".into(),
        };
        let error = failed(screen);
        assert_eq!(error.code, ErrorCode::WaitTimeout, "{}", error.message);
        assert!(
            error.message.starts_with("step 3 `drain`: timed out after 20 ms"),
            "{}",
            error.message
        );
        let ended =
            AutomationError::TargetEnded { status: "exit code 1".into(), before: "x".into() };
        assert_eq!(failed(ended).code, ErrorCode::StepFailed);
        assert_eq!(failed(AutomationError::SessionClosed).code, ErrorCode::SessionClosed);
    }
}
