//! `pty-stop` and `pty-start`: what the session's thread does with them
//! (the work is the [`Served`]'s own).

use std::time::{Duration, Instant};

use rehearse_protocol::{
    ErrorCode, WireError,
    message::{OkReply, RequestBody},
};

use crate::served::Served;

/// How long `pty-start` waits for the program's first screen when the
/// request names no `timeoutMs`.
const DEFAULT_START_WAIT: Duration = Duration::from_secs(5);

/// The answer to `pty-stop` or `pty-start` (`body` is one of them), with
/// the start's wait cut to what is left of the request's `deadline`.
pub(crate) fn answer<S: Served + ?Sized>(
    served: &mut S,
    body: &RequestBody,
    deadline: Instant,
) -> Result<OkReply, WireError> {
    match body {
        RequestBody::PtyStop => served.stop_program().map(OkReply::PtyStop),
        RequestBody::PtyStart(start) => {
            let asked = start.timeout_ms.map_or(DEFAULT_START_WAIT, Duration::from_millis);
            let left = deadline.saturating_duration_since(Instant::now());
            served.start_program(asked.min(left)).map(OkReply::PtyStart)
        }
        other => Err(WireError::new(
            ErrorCode::Internal,
            format!("`{}` is not pty-stop or pty-start", other.op()),
        )),
    }
}
