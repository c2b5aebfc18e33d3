//! What a verb ends with: its exit code and the message on standard error.

use rehearse_control::ClientError;
use rehearse_protocol::ErrorCode;

/// The exit codes of `rehearse` (`docs/cli.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Everything passed.
    Passed = 0,
    /// A step failed.
    StepFailed = 1,
    /// A runtime error: the program could not start, I/O, the session is gone.
    Runtime = 2,
    /// A wait timed out.
    WaitTimeout = 3,
    /// The script (or a key, or an argument) is invalid: nothing ran.
    Script = 4,
}

/// A verb's failure.
#[derive(Debug)]
pub struct Failure {
    /// How the process exits.
    pub exit: Exit,
    /// What went wrong, for people.
    pub message: String,
}

impl Failure {
    /// A runtime error.
    pub fn runtime(message: impl Into<String>) -> Failure {
        Failure { exit: Exit::Runtime, message: message.into() }
    }

    /// An invalid script, key or argument.
    pub fn script(message: impl Into<String>) -> Failure {
        Failure { exit: Exit::Script, message: message.into() }
    }
}

/// The exit code a server's error code means.
pub fn exit_for(code: ErrorCode) -> Exit {
    match code {
        ErrorCode::StepFailed => Exit::StepFailed,
        ErrorCode::WaitTimeout => Exit::WaitTimeout,
        ErrorCode::InvalidScript => Exit::Script,
        _ => Exit::Runtime,
    }
}

impl From<ClientError> for Failure {
    fn from(error: ClientError) -> Failure {
        match error {
            ClientError::Refused(refused) => Failure {
                exit: exit_for(refused.code),
                message: format!("{}: {}", refused.code, refused.message),
            },
            other => Failure::runtime(other.to_string()),
        }
    }
}
