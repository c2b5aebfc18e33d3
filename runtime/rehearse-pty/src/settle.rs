//! When a screen may be judged, never on a timer when a signal exists.
//!
//! Two questions, answered apart (docs/terminal.md's table is the contract):
//!
//! - **When does an input step return?** With an *exact* signal — the
//!   render-commit marker, or synchronized output once the program has used
//!   it — once that signal settles (below). Without one, as soon as its bytes
//!   are written: the step does not wait for the program at all.
//! - **When is a screen stable**, for what judges it whole (a checkpoint, a
//!   golden, a guard, the target of a pointer action)? In order:
//!
//! 1. **Marker**: once the program has sent one verified render-commit marker
//!    (seed 004, checked with `rehearse_core::marker`), only markers settle: a
//!    marker that acknowledges the last input (its `in=` count covers every
//!    byte written so far) or, in the base form without `in=`, any marker
//!    that arrives after the last input. Forged and replayed markers are
//!    ignored.
//! 2. **Synchronized output**: else, once the program has used `?2026h`, the
//!    end of a frame (`?2026l`) after the last input settles.
//! 3. **Stability window**: else (or while no frame came), no output and no
//!    input for a window adapted to the program: three times the longest
//!    pause it has lately made — between two reads of output once it has
//!    written since the last input, and also between an input and its first
//!    output while it has not — at least [`MIN_STABLE_WINDOW`], at most the
//!    policy's quiet window (default 120 ms; `None` switches it off). Before
//!    the program has written anything the window is the whole quiet window.
//!    This cannot prove the program has answered: results say which settle
//!    was used.
//!
//! A wait (`wait-for:`) judges more often than that: every time the
//! program's output stops arriving (the reader found no more bytes waiting),
//! outside a synchronized frame — or, for a program that sends markers, at
//! every marker that settles.
//!
//! The settled screen is the current grid: bytes that follow a marker in the
//! same read are on it too. A resize counts as an input that writes no byte,
//! so the next commit acknowledges it (the marker's `in=` cannot tell a
//! commit made after the SIGWINCH from one made just before it).

use std::time::{Duration, Instant};

use rehearse_core::marker::Marker;

/// The default quiet window: the longest the stability window grows to.
pub const DEFAULT_QUIET_WINDOW: Duration = Duration::from_millis(120);

/// The shortest stability window (unless the quiet window is shorter).
pub const MIN_STABLE_WINDOW: Duration = Duration::from_millis(10);

/// How many times the program's longest recent pause the window is.
const PAUSE_FACTOR: u32 = 3;

/// How many recent pauses the window is adapted to.
const PAUSES: usize = 16;

/// Which signals may settle a wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettlePolicy {
    /// The longest stability window, or `None` to settle only on signals.
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
    /// No output (and no input) for this window; this proves nothing about
    /// the program.
    Quiet(Duration),
    /// The program's output had stopped arriving for the moment (no more
    /// bytes were waiting): a wait judged the screen as it was then, which
    /// may be the middle of a frame drawn in several writes.
    BurstEnd,
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
            Self::BurstEnd => write!(
                f,
                "the end of a burst of output (no settle signal: the screen may be mid-frame)"
            ),
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
    /// More output was waiting when the last read was handed over.
    burst_open: bool,
    /// The program's recent pauses between two reads of its output.
    gaps: Pauses,
    /// Its recent delays between an input and its first output.
    delays: Pauses,
}

/// The last [`PAUSES`] pauses of one kind.
#[derive(Debug, Clone, Default)]
struct Pauses {
    recent: [Duration; PAUSES],
    /// How many were ever recorded (the ring's write position).
    count: usize,
}

impl Pauses {
    fn record(&mut self, pause: Duration) {
        self.recent[self.count % PAUSES] = pause;
        self.count += 1;
    }

    fn longest(&self) -> Option<Duration> {
        self.recent[..self.count.min(PAUSES)].iter().max().copied()
    }
}

impl SettleTracker {
    pub(crate) fn new(policy: SettlePolicy, now: Instant) -> Self {
        Self {
            policy,
            input_epoch: 0,
            // The start counts as an input: the first output's delay is the
            // program's first pause.
            last_input: now,
            last_output: now,
            marker_seen: false,
            marker_since_input: None,
            sync_seen: false,
            in_sync: false,
            sync_end_since_input: false,
            burst_open: false,
            gaps: Pauses::default(),
            delays: Pauses::default(),
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

    /// Output arrived; `more` says whether more was already waiting to be
    /// read. For a program that sends markers, output after a marker is the
    /// start of another frame (a timer's, say): the screen is not settled
    /// again until that frame's marker comes.
    pub(crate) fn on_output(&mut self, now: Instant, more: bool) {
        // The delay since the input this answers, or the gap since the last
        // read; a pause past the quiet window is between answers.
        let first = self.last_input >= self.last_output;
        let pause = now.saturating_duration_since(self.quiet_since());
        if self.policy.quiet_window.is_some_and(|ceiling| pause <= ceiling) {
            if first { self.delays.record(pause) } else { self.gaps.record(pause) }
        }
        self.last_output = now;
        self.burst_open = more;
        if self.marker_seen {
            self.marker_since_input = None;
        }
    }

    pub(crate) fn last_output(&self) -> Instant {
        self.last_output
    }

    /// Since when neither input nor output has happened.
    pub(crate) fn quiet_since(&self) -> Instant {
        self.last_output.max(self.last_input)
    }

    /// The policy's quiet window: the longest the stability window grows.
    pub(crate) fn quiet_window(&self) -> Option<Duration> {
        self.policy.quiet_window
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

    /// Whether the program offers an exact signal (a verified marker, or
    /// synchronized output the policy listens to): input steps then wait
    /// for it.
    pub(crate) fn exact(&self) -> bool {
        self.marker_seen || (self.policy.sync_output && self.sync_seen)
    }

    /// The stability window now: adapted to the program's recent pauses,
    /// bounded by the quiet window; `None` when the quiet window is off.
    pub(crate) fn window(&self) -> Option<Duration> {
        let ceiling = self.policy.quiet_window?;
        if self.gaps.count + self.delays.count == 0 {
            return Some(ceiling);
        }
        // Once the program has written since the last input, only a gap in
        // its answer can still be to come; before, its first output too.
        let mut longest = self.gaps.longest().unwrap_or_default();
        if self.last_input >= self.last_output {
            longest = longest.max(self.delays.longest().unwrap_or_default());
        }
        let adapted = longest.saturating_mul(PAUSE_FACTOR);
        Some(adapted.max(MIN_STABLE_WINDOW).min(ceiling))
    }

    /// The stable screen's settle, if the screen is stable now.
    pub(crate) fn settled(&self, now: Instant) -> Option<Settle> {
        if self.marker_seen {
            return self.marker_since_input;
        }
        if self.policy.sync_output && self.sync_seen && !self.in_sync && self.sync_end_since_input {
            return Some(Settle::SyncEnd);
        }
        let window = self.window()?;
        (!self.in_sync && now.duration_since(self.quiet_since()) >= window)
            .then_some(Settle::Quiet(window))
    }

    /// Whether a wait may judge the screen now: at a settle, or — without a
    /// marker — whenever the output has stopped arriving for the moment,
    /// outside a synchronized frame.
    pub(crate) fn judgeable(&self, now: Instant) -> Option<Settle> {
        if self.marker_seen {
            return self.marker_since_input;
        }
        if let Some(settle) = self.settled(now) {
            return Some(settle);
        }
        (!self.in_sync && !self.burst_open).then_some(Settle::BurstEnd)
    }

    /// When the stability window would next settle, for a timed wait.
    pub(crate) fn next_quiet_deadline(&self) -> Option<Instant> {
        if self.marker_seen {
            return None;
        }
        let window = self.window()?;
        Some(self.quiet_since() + window)
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
        tracker.on_output(t0, false);
        tracker.on_marker(Marker { revision: 1, input: Some(1) });
        assert!(tracker.settled(t0).is_some());
        // A timer's frame starts drawing with no new input: half drawn, it
        // must not pass for settled.
        tracker.on_output(t0, false);
        assert_eq!(tracker.settled(t0), None);
        tracker.on_marker(Marker { revision: 2, input: Some(1) });
        assert_eq!(tracker.settled(t0), Some(Settle::Marker { revision: 2, acknowledged: true }));
    }

    #[test]
    fn sync_end_then_quiet_window() {
        let t0 = Instant::now();
        let mut tracker = SettleTracker::new(SettlePolicy::default(), t0);
        assert_eq!(tracker.settled(t0), None);
        // Before any output the window is the whole quiet window.
        let later = t0 + Duration::from_millis(130);
        assert_eq!(tracker.settled(later), Some(Settle::Quiet(DEFAULT_QUIET_WINDOW)));
        tracker.on_input(1, t0);
        tracker.on_sync(true);
        assert_eq!(tracker.settled(later), None, "inside a frame");
        tracker.on_sync(false);
        assert_eq!(tracker.settled(t0), Some(Settle::SyncEnd));
    }

    #[test]
    fn the_window_adapts_to_the_programs_pauses_within_bounds() {
        let ms = Duration::from_millis;
        let t0 = Instant::now();
        let mut tracker = SettleTracker::new(SettlePolicy::default(), t0);
        assert_eq!(tracker.window(), Some(DEFAULT_QUIET_WINDOW), "nothing written yet");
        // A quick answer: the floor.
        tracker.on_output(t0 + ms(2), false);
        assert_eq!(tracker.window(), Some(MIN_STABLE_WINDOW));
        assert_eq!(tracker.settled(t0 + ms(11)), None);
        assert_eq!(tracker.settled(t0 + ms(12)), Some(Settle::Quiet(MIN_STABLE_WINDOW)));
        // A slow answer (30 ms after its input): three times that while the
        // next input waits for its answer; once the answer is there, only
        // the gaps inside answers count.
        let t1 = t0 + ms(100);
        tracker.on_input(1, t1);
        tracker.on_output(t1 + ms(30), false);
        assert_eq!(tracker.window(), Some(MIN_STABLE_WINDOW));
        tracker.on_input(2, t1 + ms(40));
        assert_eq!(tracker.window(), Some(ms(90)));
        // A gap of 20 ms inside an answer: three times that from then on.
        tracker.on_output(t1 + ms(41), false);
        tracker.on_output(t1 + ms(61), false);
        assert_eq!(tracker.window(), Some(ms(60)));
        // A pause past the quiet window is between answers: not counted.
        tracker.on_output(t1 + ms(500), false);
        assert_eq!(tracker.window(), Some(ms(60)));
        // Bounded by the quiet window.
        tracker.on_output(t1 + ms(600), false);
        assert_eq!(tracker.window(), Some(DEFAULT_QUIET_WINDOW));
        // Sixteen quick reads later the slow gaps are forgotten.
        let mut at = t1 + ms(600);
        for _ in 0..PAUSES {
            at += ms(1);
            tracker.on_output(at, false);
        }
        assert_eq!(tracker.window(), Some(MIN_STABLE_WINDOW));
        // A shorter quiet window is the bound even below the floor.
        tracker.set_policy(SettlePolicy { quiet_window: Some(ms(4)), sync_output: true });
        assert_eq!(tracker.window(), Some(ms(4)));
    }

    #[test]
    fn a_wait_judges_each_burst_end_outside_frames() {
        let t0 = Instant::now();
        let mut tracker = SettleTracker::new(SettlePolicy::default(), t0);
        tracker.on_input(1, t0);
        assert!(!tracker.exact());
        tracker.on_output(t0, true);
        assert_eq!(tracker.judgeable(t0), None, "more output was waiting");
        tracker.on_output(t0, false);
        assert_eq!(tracker.judgeable(t0), Some(Settle::BurstEnd));
        assert_eq!(tracker.settled(t0), None, "judgeable is not stable");
        tracker.on_sync(true);
        assert!(tracker.exact(), "synchronized output is an exact signal");
        assert_eq!(tracker.judgeable(t0), None, "inside a frame");
        tracker.on_sync(false);
        assert_eq!(tracker.judgeable(t0), Some(Settle::SyncEnd));
        // A marker program is judged at its markers only.
        tracker.on_marker(Marker { revision: 1, input: Some(0) });
        tracker.on_output(t0, false);
        assert_eq!(tracker.judgeable(t0), None);
    }
}
