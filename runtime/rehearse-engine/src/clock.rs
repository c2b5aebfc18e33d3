//! The session clock and its timer queue.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use rehearse_core::{ClockMode, LogicalTime};

use crate::envelope::Envelope;

/// Identifies a scheduled timer, for cancellation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TimerId(u64);

/// A session's own clock. Each session has one; none is global.
#[derive(Debug)]
pub(crate) struct SessionClock {
    mode: ClockMode,
    logical: Duration,
    started: Instant,
}

impl SessionClock {
    pub(crate) fn new(mode: ClockMode) -> Self {
        Self { mode, logical: Duration::ZERO, started: Instant::now() }
    }

    pub(crate) fn mode(&self) -> ClockMode {
        self.mode
    }

    pub(crate) fn now(&self) -> LogicalTime {
        match self.mode {
            ClockMode::Controlled => LogicalTime(self.logical),
            ClockMode::Realtime => LogicalTime(self.started.elapsed()),
        }
    }

    /// Moves controlled time forward to `to` (never backward).
    pub(crate) fn set_controlled(&mut self, to: LogicalTime) {
        debug_assert_eq!(self.mode, ClockMode::Controlled);
        self.logical = self.logical.max(to.0);
    }
}

/// Timers ordered by due time, ties by submission order.
#[derive(Default)]
pub(crate) struct TimerQueue {
    next_seq: u64,
    entries: BTreeMap<(LogicalTime, u64), Envelope>,
}

impl TimerQueue {
    pub(crate) fn schedule(&mut self, due: LogicalTime, envelope: Envelope) -> TimerId {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.entries.insert((due, seq), envelope);
        TimerId(seq)
    }

    pub(crate) fn cancel(&mut self, id: TimerId) -> bool {
        let key = self.entries.keys().find(|(_, seq)| *seq == id.0).copied();
        key.is_some_and(|key| self.entries.remove(&key).is_some())
    }

    /// The earliest due time, if any timer is pending.
    pub(crate) fn next_due(&self) -> Option<LogicalTime> {
        self.entries.keys().next().map(|(due, _)| *due)
    }

    /// Removes and returns the earliest timer due at or before `now`.
    pub(crate) fn pop_due(&mut self, now: LogicalTime) -> Option<Envelope> {
        let (&key, _) = self.entries.iter().next()?;
        (key.0 <= now).then(|| self.entries.remove(&key)).flatten()
    }

    /// The message types of the timers due at or before `now`, in due order.
    pub(crate) fn due_types(&self, now: LogicalTime) -> impl Iterator<Item = &'static str> + '_ {
        self.entries
            .iter()
            .take_while(move |((due, _), _)| *due <= now)
            .map(|(_, envelope)| envelope.type_name)
    }

    pub(crate) fn count_due(&self, now: LogicalTime) -> usize {
        self.entries.keys().take_while(|(due, _)| *due <= now).count()
    }

    /// Keeps only the timers whose message `keep` accepts.
    pub(crate) fn retain(&mut self, keep: impl Fn(&Envelope) -> bool) {
        self.entries.retain(|_, envelope| keep(envelope));
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(crate) fn clear(&mut self) {
        self.entries.clear();
    }
}
