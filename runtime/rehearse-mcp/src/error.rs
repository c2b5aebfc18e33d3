//! [`McpError`]: why serving the tools failed; [`ToolError`]: why a tool
//! call failed, kept typed until the tool words it for the client (as the
//! text of an error result).

use rehearse_control::ClientError;
use rehearse_protocol::{ErrorCode, id::DeadlineError, message::ErrorReply, vocabulary::Op};

use crate::sessions::Sessions;

/// Why serving the tools over stdio failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum McpError {
    /// The async runtime could not start.
    #[error("starting the MCP runtime: {0}")]
    Runtime(std::io::Error),
    /// The server could not start on standard input and output (the client's
    /// `initialize` never came, or broke the protocol).
    #[error("starting the MCP server: {0}")]
    Start(Box<rmcp::service::ServerInitializeError>),
    /// The server's task failed.
    #[error("the MCP server failed: {0}")]
    Failed(tokio::task::JoinError),
}

/// Why a tool call failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ToolError {
    /// Starting or finding the session failed (in the sessions' own words).
    #[error("{0}")]
    Session(String),
    /// Reaching the session `id` or greeting it failed.
    #[error("session {id}: {source}")]
    Connect {
        /// The session.
        id: String,
        /// Why (boxed: a refusal is large).
        source: Box<ClientError>,
    },
    /// The request failed on its connection, or the session refused it
    /// (`CODE: message`).
    #[error(transparent)]
    Client(Box<ClientError>),
    /// The session answered a sent request with an error.
    #[error("{code}: {message}{}", trace.as_deref().map(|trace| format!("\n{trace}")).unwrap_or_default())]
    Refused {
        /// The wire's error code.
        code: ErrorCode,
        /// The session's message.
        message: String,
        /// Where the request's trace was written (`trace: …`), when it was.
        trace: Option<String>,
    },
    /// The session answered another operation than the one asked.
    #[error("the session answered `{0}`")]
    Unexpected(Op),
    /// A wait's deadline the protocol does not take.
    #[error(transparent)]
    Deadline(#[from] DeadlineError),
    /// The request's blocking thread failed.
    #[error("the request's thread failed: {0}")]
    Thread(#[from] tokio::task::JoinError),
}

impl From<ClientError> for ToolError {
    fn from(error: ClientError) -> Self {
        Self::Client(Box::new(error))
    }
}

impl ToolError {
    /// Session `id` refused a request: its code and message, and where its
    /// trace is when the session wrote one (the reply names the files
    /// relative to the directory the session was opened with).
    pub(crate) fn refused(sessions: &dyn Sessions, id: &str, refused: ErrorReply) -> Self {
        let trace = refused.trace.as_ref().and_then(|files| {
            let dir = sessions.traces(id)?;
            Some(rehearse_control::named_trace(&dir, files).to_string())
        });
        Self::Refused { code: refused.code, message: refused.message, trace }
    }

    /// Reaching or greeting session `id` failed with `source`.
    pub(crate) fn connect(id: &str) -> impl FnOnce(ClientError) -> Self + '_ {
        move |source| Self::Connect { id: id.to_owned(), source: Box::new(source) }
    }
}

#[cfg(test)]
mod tests {
    use rehearse_protocol::message::{ErrorReply, Extra};

    use super::*;

    fn refused() -> ClientError {
        ClientError::Refused(ErrorReply {
            code: ErrorCode::WaitTimeout,
            message: "timed out after 30 ms waiting for `exists,#x`".into(),
            limit: None,
            step: None,
            generation: Some(3),
            trace: None,
            extra: Extra::new(),
        })
    }

    #[test]
    fn each_failure_keeps_its_kind_and_reads_as_the_client_expects() {
        let error = ToolError::from(refused());
        assert!(
            matches!(&error, ToolError::Client(client) if matches!(**client, ClientError::Refused(_)))
        );
        assert_eq!(
            error.to_string(),
            "wait-timeout: timed out after 30 ms waiting for `exists,#x`"
        );
        let error = ToolError::connect("s1")(refused());
        assert!(error.to_string().starts_with("session s1: wait-timeout: "), "{error}");
        let error =
            ToolError::Refused { code: ErrorCode::StepFailed, message: "no".into(), trace: None };
        assert_eq!(error.to_string(), "step-failed: no");
        assert_eq!(ToolError::Unexpected(Op::Ping).to_string(), "the session answered `ping`");
        let error = ToolError::from(rehearse_protocol::id::Deadline::from_millis(0).unwrap_err());
        assert!(matches!(error, ToolError::Deadline(_)), "{error}");
    }
}
