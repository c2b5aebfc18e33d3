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
            // The request was never sent: it is over the protocol's frame
            // limit (64 KiB), so what was asked (a script sent in one
            // `act`, say) is too large, not the session broken.
            ClientError::Protocol(error) if error.code == ErrorCode::RequestTooLarge => {
                Failure::script(format!(
                    "the request is too large to send, so nothing was sent: {} (a script goes over the socket in one request: split it into several `send`s, or give `run` `--plane terminal`, where the script runs in a PTY and is not sent)",
                    error.message
                ))
            }
            other => Failure::runtime(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use rehearse_protocol::WireError;

    use super::*;

    #[test]
    fn a_request_over_the_frame_limit_is_an_invalid_argument_not_a_broken_session() {
        let too_large = WireError::new(
            ErrorCode::RequestTooLarge,
            "a frame of 70000 bytes is over the limit of 65536 bytes (maxRequestBytes)",
        );
        let failure = Failure::from(ClientError::Protocol(too_large));
        assert_eq!(failure.exit, Exit::Script);
        assert!(
            failure.message.contains("nothing was sent")
                && failure.message.contains("70000 bytes")
                && failure.message.contains("maxRequestBytes"),
            "{}",
            failure.message
        );
        let broken = WireError::new(ErrorCode::Malformed, "not JSON");
        assert_eq!(Failure::from(ClientError::Protocol(broken)).exit, Exit::Runtime);
    }
}
