//! When the screen counts as settled after an input, never on a timer when a
//! signal exists:
//!
//! 1. **Marker**: once the program has sent one verified render-commit marker
//!    (seed 004, checked with `rehearse_core::marker`), only markers settle: a
//!    marker that acknowledges the last input (its `in=` count covers every
//!    byte written so far) or, in the base form without `in=`, any marker
//!    that arrives after the last input. Forged and replayed markers are
//!    ignored.
//! 2. **Synchronized output**: else, once the program has used `?2026h`, the
//!    end of a frame (`?2026l`) after the last input settles.
//! 3. **Quiet window**: else (or while no frame came), no output for the
//!    window (default 120 ms; `None` switches it off). This cannot prove the
//!    program has answered: results say which settle was used.
//!
//! The settled screen is the current grid: bytes that follow a marker in the
//! same read are on it too. A resize counts as an input that writes no byte,
//! so the next commit acknowledges it (the marker's `in=` cannot tell a
//! commit made after the SIGWINCH from one made just before it).

use std::time::{Duration, Instant};

use rehearse_core::marker::Marker;

/// The default quiet window.
pub const DEFAULT_QUIET_WINDOW: Duration = Duration::from_millis(120);

/// Which signals may settle a wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettlePolicy {
    /// The quiet window, or `None` to settle only on signals.
    pub quiet_window: Option<Duration>,
    /// Whether the end of a synchronized-output frame settles.
    pub sync_output: bool,
}

impl Default for SettlePolicy {
    fn default() -> Self {
        Self { quiet_window: Some(DEFAULT_QUIET_WINDOW), sync_output: true }
    }
}

/// Which settle a result rested on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settle {
    /// A verified render-commit marker of this revision.
    Marker {
        /// The revision.
        revision: u64,
        /// Whether the marker acknowledged the last input by its `in=` count
        /// (else it only came after it).
        acknowledged: bool,
    },
    /// The end of a synchronized-output frame.
    SyncEnd,
    /// No output for the window; this proves nothing about the program.
    Quiet(Duration),
    /// The program had ended; its final screen.
    Exited,
    /// Nothing to settle: a process or idle wait.
    NotNeeded,
}

impl std::fmt::Display for Settle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Marker { revision, acknowledged: true } => {
                write!(f, "render-commit marker r{revision} (acknowledged the input)")
            }
            Self::Marker { revision, acknowledged: false } => {
                write!(f, "render-commit marker r{revision}")
            }
            Self::SyncEnd => write!(f, "end of a synchronized-output frame"),
            Self::Quiet(window) => {
                write!(f, "quiet for {window:?} (does not prove the program answered)")
            }
            Self::Exited => write!(f, "the program had ended"),
            Self::NotNeeded => write!(f, "no settle needed"),
        }
    }
}

/// The settle state of one session.
#[derive(Debug, Clone)]
pub(crate) struct SettleTracker {
    policy: SettlePolicy,
    input_epoch: u64,
    last_input: Instant,
    last_output: Instant,
    marker_seen: bool,
    marker_since_input: Option<Settle>,
    sync_seen: bool,
    in_sync: bool,
    sync_end_since_input: bool,
}

impl SettleTracker {
    pub(crate) fn new(policy: SettlePolicy, now: Instant) -> Self {
        Self {
            policy,
            input_epoch: 0,
            last_input: now,
            last_output: now,
            marker_seen: false,
            marker_since_input: None,
            sync_seen: false,
            in_sync: false,
            sync_end_since_input: false,
        }
    }

    pub(crate) fn set_policy(&mut self, policy: SettlePolicy) {
        self.policy = policy;
    }

    /// Input was written; `written` counts every byte written so far.
    pub(crate) fn on_input(&mut self, written: u64, now: Instant) {
        self.input_epoch = written;
        self.last_input = now;
        self.marker_since_input = None;
        self.sync_end_since_input = false;
    }

    /// Output arrived. For a program that sends markers, output after a
    /// marker is the start of another frame (a timer's, say): the screen is
    /// not settled again until that frame's marker comes.
    pub(crate) fn on_output(&mut self, now: Instant) {
        self.last_output = now;
        if self.marker_seen {
            self.marker_since_input = None;
        }
    }

    pub(crate) fn last_output(&self) -> Instant {
        self.last_output
    }

    pub(crate) fn on_marker(&mut self, marker: Marker) {
        self.marker_seen = true;
        match marker.input {
            Some(read) if read >= self.input_epoch => {
                self.marker_since_input =
                    Some(Settle::Marker { revision: marker.revision, acknowledged: true });
            }
            // A commit from before the program read the last input.
            Some(_) => {}
            None => {
                self.marker_since_input =
                    Some(Settle::Marker { revision: marker.revision, acknowledged: false });
            }
        }
    }

    pub(crate) fn on_sync(&mut self, begin: bool) {
        self.sync_seen = true;
        self.in_sync = begin;
        if !begin {
            self.sync_end_since_input = true;
        }
    }

    /// The settle that holds now, if any.
    pub(crate) fn settled(&self, now: Instant) -> Option<Settle> {
        if self.marker_seen {
            return self.marker_since_input;
        }
        if self.policy.sync_output && self.sync_seen && !self.in_sync && self.sync_end_since_input {
            return Some(Settle::SyncEnd);
        }
        let window = self.policy.quiet_window?;
        let quiet_since = self.last_output.max(self.last_input);
        (!self.in_sync && now.duration_since(quiet_since) >= window)
            .then_some(Settle::Quiet(window))
    }

    /// When the quiet window would next settle, for a timed wait.
    pub(crate) fn next_quiet_deadline(&self) -> Option<Instant> {
        if self.marker_seen {
            return None;
        }
        let window = self.policy.quiet_window?;
        Some(self.last_output.max(self.last_input) + window)
    }
}

/// A fresh secret for the render-commit marker ([`PtySessionOptions::marker`](crate::PtySessionOptions::marker)):
/// 16 random bytes from the operating system, in hex. A fresh token each
/// start: what an earlier program printed proves nothing now.
///
/// # Errors
///
/// `/dev/urandom` could not be read.
pub fn random_marker_token() -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_from_before_the_input_does_not_settle() {
        let t0 = Instant::now();
        let mut tracker =
            SettleTracker::new(SettlePolicy { quiet_window: None, sync_output: true }, t0);
        tracker.on_marker(Marker { revision: 1, input: Some(0) });
        assert!(tracker.settled(t0).is_some());
        tracker.on_input(5, t0);
        assert_eq!(tracker.settled(t0), None);
        tracker.on_marker(Marker { revision: 2, input: Some(3) });
        assert_eq!(tracker.settled(t0), None, "a timer's commit before the input was read");
        tracker.on_marker(Marker { revision: 3, input: Some(5) });
        assert_eq!(tracker.settled(t0), Some(Settle::Marker { revision: 3, acknowledged: true }));
    }

    #[test]
    fn output_after_a_marker_waits_for_the_next_marker() {
        let t0 = Instant::now();
        let mut tracker =
            SettleTracker::new(SettlePolicy { quiet_window: None, sync_output: true }, t0);
        tracker.on_input(1, t0);
        tracker.on_output(t0);
        tracker.on_marker(Marker { revision: 1, input: Some(1) });
        assert!(tracker.settled(t0).is_some());
        // A timer's frame starts drawing with no new input: half drawn, it
        // must not pass for settled.
        tracker.on_output(t0);
        assert_eq!(tracker.settled(t0), None);
        tracker.on_marker(Marker { revision: 2, input: Some(1) });
        assert_eq!(tracker.settled(t0), Some(Settle::Marker { revision: 2, acknowledged: true }));
    }

    #[test]
    fn sync_end_then_quiet_window() {
        let t0 = Instant::now();
        let mut tracker = SettleTracker::new(SettlePolicy::default(), t0);
        assert_eq!(tracker.settled(t0), None);
        let later = t0 + Duration::from_millis(130);
        assert_eq!(tracker.settled(later), Some(Settle::Quiet(DEFAULT_QUIET_WINDOW)));
        tracker.on_input(1, t0);
        tracker.on_sync(true);
        assert_eq!(tracker.settled(later), None, "inside a frame");
        tracker.on_sync(false);
        assert_eq!(tracker.settled(t0), Some(Settle::SyncEnd));
    }
}
