//! A request on its way to the plane's thread, with what that thread needs
//! to answer it: its deadline, its cancellation and its connection.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub(crate) use crate::cancel::CancelSlot;
use crate::outbox::Outbox;
use crate::shared::ServerState;
use rehearse_protocol::{
    ErrorCode, WireError,
    id::RequestId,
    message::{ErrorReply, Extra, OkReply, Reply, RequestBody, TraceFiles},
};

/// One request for the plane's thread.
#[derive(Debug)]
pub(crate) struct Job {
    pub(crate) id: RequestId,
    pub(crate) body: RequestBody,
    /// When its deadline runs out (counted from when its frame was read).
    pub(crate) deadline: Instant,
    pub(crate) cancel: Arc<CancelSlot>,
    /// The client went away: nobody reads the answer.
    pub(crate) gone: Arc<AtomicBool>,
    /// Whether the connection was granted `snapshot-png` (a checkpoint's
    /// reply then carries its PNG too).
    pub(crate) png: bool,
    /// Where its answer goes.
    pub(crate) out: Arc<Outbox>,
    pub(crate) shared: Arc<ServerState>,
}

/// Why a job must stop before (or instead of) its next step.
pub(crate) enum Halt {
    Gone,
    Stop(WireError),
}

impl Job {
    /// Whether it must stop now: cancelled, out of deadline, or nobody to
    /// answer.
    pub(crate) fn halt(&self, now: Instant) -> Option<Halt> {
        if let Some(halt) = self.interrupted() {
            return Some(halt);
        }
        if now >= self.deadline {
            return Some(Halt::Stop(
                WireError::new(
                    ErrorCode::DeadlineExceeded,
                    format!("`{}` did not finish within its deadline", self.body.op()),
                )
                .with_limit("deadlineMs"),
            ));
        }
        None
    }

    /// Whether it was cancelled or its client went away.
    pub(crate) fn interrupted(&self) -> Option<Halt> {
        if self.gone.load(Ordering::Acquire) {
            return Some(Halt::Gone);
        }
        self.cancel.reason().map(|why| Halt::Stop(WireError::new(ErrorCode::Cancelled, why)))
    }

    /// Answers `ok`.
    pub(crate) fn ok(&self, payload: OkReply) {
        self.out.answer(&Reply::ok(self.id.clone(), payload), &self.shared);
    }

    /// Answers `error`, saying where the session is.
    pub(crate) fn fail(&self, error: WireError, generation: u64, step: Option<u32>) {
        self.fail_traced(error, generation, step, None);
    }

    /// Answers `error`, saying where the session is and where the
    /// request's trace was written.
    pub(crate) fn fail_traced(
        &self,
        error: WireError,
        generation: u64,
        step: Option<u32>,
        trace: Option<TraceFiles>,
    ) {
        let body = ErrorReply {
            code: error.code,
            message: error.message,
            limit: error.limit,
            step,
            generation: Some(generation),
            trace: trace.map(Box::new),
            extra: Extra::new(),
        };
        let reply = Reply {
            id: Some(self.id.clone()),
            body: rehearse_protocol::message::ReplyBody::Error(body),
        };
        self.out.answer(&reply, &self.shared);
    }

    /// Answers a halt (nothing when the client is gone).
    pub(crate) fn halted(&self, halt: Halt, generation: u64) {
        if let Halt::Stop(error) = halt {
            self.fail(error, generation, None);
        }
    }
}
