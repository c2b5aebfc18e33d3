//! The closed set of error codes and the structured error every check returns.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::id::{DeadlineError, IdError, RequestId};
use crate::limits::MAX_MESSAGE_BYTES;

/// A stable error code of `rehearse/1`. The set is closed in both directions:
/// a code this crate does not know is itself a `malformed` reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// A request frame declared more bytes than the request limit.
    RequestTooLarge,
    /// A reply would be (or was declared) larger than the reply limit.
    ReplyTooLarge,
    /// A frame or message the wire cannot accept: zero length, not UTF-8, not
    /// JSON, a duplicate or unknown field, a missing field, an unknown type.
    Malformed,
    /// The message names a protocol version other than `rehearse/1`.
    UnsupportedVersion,
    /// The request needs a capability the connection did not negotiate.
    UnsupportedCapability,
    /// A request id that is missing or not 1–64 of `[A-Za-z0-9_-]`.
    InvalidRequestId,
    /// A request id equal to one still in flight on the connection.
    DuplicateRequestId,
    /// A deadline that is missing or outside 1–60,000 ms, or shorter than the
    /// request's own wait.
    InvalidDeadline,
    /// The request did not finish before its deadline.
    DeadlineExceeded,
    /// Another request cancelled this one by its id.
    Cancelled,
    /// A `cancel` named an id that is not in flight.
    UnknownRequest,
    /// The connection already has as many requests in flight as it may.
    TooManyRequests,
    /// The server already serves as many connections as it may.
    TooManyConnections,
    /// The session is closed (or closing): nothing more runs on it.
    SessionClosed,
    /// A script or condition that does not parse in the one grammar; nothing ran.
    InvalidScript,
    /// A step of an `act` failed; earlier steps are not rolled back.
    StepFailed,
    /// A `wait-for` or `idle` did not hold within its own timeout.
    WaitTimeout,
    /// The server failed in a way that is not the client's doing.
    Internal,
    /// A host's program is stopped (`pty-stop`): nothing reaches it until
    /// `pty-start`. Only a host that granted `pty-restart` sends it.
    ProgramStopped,
    /// `pty-start` found the program running: `pty-stop` it first. Only an
    /// answer to `pty-start`.
    ProgramRunning,
}

impl ErrorCode {
    /// Every code, in the order of the catalogue in `docs/protocol.md`.
    pub const ALL: [ErrorCode; 20] = [
        ErrorCode::RequestTooLarge,
        ErrorCode::ReplyTooLarge,
        ErrorCode::Malformed,
        ErrorCode::UnsupportedVersion,
        ErrorCode::UnsupportedCapability,
        ErrorCode::InvalidRequestId,
        ErrorCode::DuplicateRequestId,
        ErrorCode::InvalidDeadline,
        ErrorCode::DeadlineExceeded,
        ErrorCode::Cancelled,
        ErrorCode::UnknownRequest,
        ErrorCode::TooManyRequests,
        ErrorCode::TooManyConnections,
        ErrorCode::SessionClosed,
        ErrorCode::InvalidScript,
        ErrorCode::StepFailed,
        ErrorCode::WaitTimeout,
        ErrorCode::Internal,
        ErrorCode::ProgramStopped,
        ErrorCode::ProgramRunning,
    ];

    /// The code's spelling on the wire, such as `request-too-large`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::RequestTooLarge => "request-too-large",
            ErrorCode::ReplyTooLarge => "reply-too-large",
            ErrorCode::Malformed => "malformed",
            ErrorCode::UnsupportedVersion => "unsupported-version",
            ErrorCode::UnsupportedCapability => "unsupported-capability",
            ErrorCode::InvalidRequestId => "invalid-request-id",
            ErrorCode::DuplicateRequestId => "duplicate-request-id",
            ErrorCode::InvalidDeadline => "invalid-deadline",
            ErrorCode::DeadlineExceeded => "deadline-exceeded",
            ErrorCode::Cancelled => "cancelled",
            ErrorCode::UnknownRequest => "unknown-request",
            ErrorCode::TooManyRequests => "too-many-requests",
            ErrorCode::TooManyConnections => "too-many-connections",
            ErrorCode::SessionClosed => "session-closed",
            ErrorCode::InvalidScript => "invalid-script",
            ErrorCode::StepFailed => "step-failed",
            ErrorCode::WaitTimeout => "wait-timeout",
            ErrorCode::Internal => "internal",
            ErrorCode::ProgramStopped => "program-stopped",
            ErrorCode::ProgramRunning => "program-running",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A structured failure of the wire: its stable code, a message for people,
/// the limit it ran into (when one did), and the id of the request it answers
/// (when that id was read before the failure).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct WireError {
    /// The stable code.
    pub code: ErrorCode,
    /// What went wrong, naming the field, value or limit involved.
    pub message: String,
    /// The limit the failure ran into, spelled as on the wire (`maxRequestBytes`,
    /// `deadlineMs`, …), when it ran into one.
    pub limit: Option<String>,
    /// The id of the request this failure answers, when it was read.
    pub request_id: Option<RequestId>,
}

impl WireError {
    /// A failure with `code` and `message`, no limit and no request id. A
    /// message longer than [`MAX_MESSAGE_BYTES`] is cut (at a character
    /// boundary, ending in `…`): messages quote what the peer sent, and an
    /// error reply stays small whatever that was.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> WireError {
        WireError { code, message: clip(message.into()), limit: None, request_id: None }
    }

    /// A `malformed` failure.
    pub fn malformed(message: impl Into<String>) -> WireError {
        WireError::new(ErrorCode::Malformed, message)
    }

    /// This failure, naming the `limit` it ran into.
    pub fn with_limit(mut self, limit: impl Into<String>) -> WireError {
        self.limit = Some(limit.into());
        self
    }

    /// This failure, answering the request `id`.
    pub fn for_request(mut self, id: RequestId) -> WireError {
        self.request_id = Some(id);
        self
    }
}

impl From<IdError> for WireError {
    fn from(error: IdError) -> WireError {
        let wire = WireError::new(ErrorCode::InvalidRequestId, error.to_string());
        match error {
            IdError::TooLong(_) => wire.with_limit("requestIdLength"),
            _ => wire,
        }
    }
}

impl From<DeadlineError> for WireError {
    fn from(error: DeadlineError) -> WireError {
        WireError::new(ErrorCode::InvalidDeadline, error.to_string()).with_limit("deadlineMs")
    }
}

fn clip(mut message: String) -> String {
    if message.len() > MAX_MESSAGE_BYTES {
        let mut end = MAX_MESSAGE_BYTES - '…'.len_utf8();
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push('…');
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_spells_as_serde_does_and_parses_back() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(serde_json::from_str::<ErrorCode>(&json).unwrap(), code);
        }
    }

    #[test]
    fn an_unknown_code_is_refused() {
        assert!(serde_json::from_str::<ErrorCode>("\"teapot\"").is_err());
    }

    #[test]
    fn a_wire_error_displays_its_code_and_message() {
        let error = WireError::malformed("unknown field `x`").with_limit("maxRequestBytes");
        assert_eq!(error.to_string(), "malformed: unknown field `x`");
        assert_eq!(error.limit.as_deref(), Some("maxRequestBytes"));
    }

    #[test]
    fn id_and_deadline_errors_have_their_codes_and_limits() {
        let error = WireError::from(RequestId::new(&"a".repeat(65)).unwrap_err());
        assert_eq!(error.code, ErrorCode::InvalidRequestId);
        assert_eq!(error.limit.as_deref(), Some("requestIdLength"));
        assert_eq!(WireError::from(RequestId::new("a b").unwrap_err()).limit, None);
        let error = WireError::from(crate::id::Deadline::from_millis(0).unwrap_err());
        assert_eq!(error.code, ErrorCode::InvalidDeadline);
        assert_eq!(error.limit.as_deref(), Some("deadlineMs"));
    }

    #[test]
    fn long_messages_are_clipped_at_a_character_boundary() {
        let error = WireError::malformed("é".repeat(2000));
        assert!(error.message.len() <= MAX_MESSAGE_BYTES);
        assert!(error.message.ends_with('…'));
        assert_eq!(WireError::malformed("short").message, "short");
    }
}
