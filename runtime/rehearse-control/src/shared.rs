//! What the plane's thread, the takeover thread and the flushers share:
//! atomics and a few small locks, never the plane itself.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rehearse_protocol::{limits::Limits, negotiation::Capability, vocabulary::ServerRole};

/// The state every thread of one server reads.
#[derive(Debug)]
pub(crate) struct ServerState {
    /// The session's committed generation, published by the plane's thread
    /// after every request and every pump, so `ping` never waits for it.
    generation: AtomicU64,
    /// The session is closed (or closing): requests answer `session-closed`.
    closed: AtomicBool,
    /// When a client last sent a frame (the idle timeout counts from it).
    last_activity: Mutex<Instant>,
    /// The capabilities this server knows, in its own order.
    pub(crate) known: Vec<Capability>,
    /// What kind of server answers.
    pub(crate) role: ServerRole,
    /// The wire's limits.
    pub(crate) limits: Limits,
}

impl ServerState {
    pub(crate) fn new(
        generation: u64,
        known: Vec<Capability>,
        role: ServerRole,
        limits: Limits,
    ) -> ServerState {
        ServerState {
            generation: AtomicU64::new(generation),
            closed: AtomicBool::new(false),
            last_activity: Mutex::new(Instant::now()),
            known,
            role,
            limits,
        }
    }

    pub(crate) fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    pub(crate) fn publish(&self, generation: u64) {
        self.generation.store(generation, Ordering::Release);
    }

    pub(crate) fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }

    pub(crate) fn close(&self) {
        self.closed.store(true, Ordering::Release);
    }

    pub(crate) fn touch(&self) {
        *self.last_activity.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) =
            Instant::now();
    }

    pub(crate) fn last_activity(&self) -> Instant {
        *self.last_activity.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
