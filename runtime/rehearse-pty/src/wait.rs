//! Waits on the screen, the scrollback, the process and idleness.
//!
//! A screen or scrollback wait checks its condition each time the program's
//! output stops arriving, and for a program that sends render-commit markers
//! only at the markers that settle (see [`crate::settle`]); it ends early with
//! [`PtyError::TargetExited`] when the program exits first (after its last
//! output is read). [`PtySession::wait_settled`] waits for a stable screen.
//! A timeout shows the screen.

use std::sync::MutexGuard;
use std::time::{Duration, Instant};

use regex::Regex;

use crate::error::{ExitInfo, PtyError};
use crate::session::{PtySession, State};
use crate::settle::Settle;

/// The longest a wait waits, however long a timeout it is given: the
/// grammar's longest duration (7 days), so `now + timeout` cannot overflow.
const LONGEST_WAIT: Duration = Duration::from_millis(rehearse_lang::script::MAX_DURATION_MS);

/// After the program exits, how often a waiter looks again whether its last
/// output has been read, besides being woken by each chunk the reader feeds.
const EXIT_DRAIN: Duration = Duration::from_millis(100);

/// The screen as a wait's error shows it: what was typed as a secret
/// reads `<redacted>`.
fn shown(state: &State) -> String {
    state.secrets.redact_text(&state.emulator.screen_text()).into_owned()
}

fn drain_end(state: &State, exited_at: Instant) -> Instant {
    state.settle.last_output().max(exited_at) + EXIT_DRAIN
}

/// Whether the program has exited and its last output is on the screen:
/// the PTY reported its end, or it holds nothing unread and no chunk is
/// between the reader and the screen (a leftover process may keep the PTY
/// open, so its end may never come). Exact, where a silence after the exit
/// was only likely on a loaded machine.
fn drained(state: &State) -> bool {
    state.exit_at.is_some() && (state.reader_done || state.output.all_read())
}

/// How a text is matched.
#[derive(Debug, Clone)]
pub enum TextMatch {
    /// Contains the substring.
    Contains(String),
    /// Does not contain the substring.
    NotContains(String),
    /// Equals the text, trailing blanks and blank lines ignored on both sides.
    Equals(String),
    /// The regular expression matches somewhere (in the rows as the program
    /// wrote them: the spaces it wrote at a row's end are kept).
    Matches(Regex),
}

impl TextMatch {
    /// A regex matcher.
    ///
    /// # Errors
    /// [`PtyError::Regex`] when the pattern does not compile.
    pub fn regex(pattern: &str) -> Result<Self, PtyError> {
        Ok(Self::Matches(Regex::new(pattern)?))
    }

    /// Whether `text` matches.
    pub fn test(&self, text: &str) -> bool {
        match self {
            Self::Contains(needle) => text.contains(needle.as_str()),
            Self::NotContains(needle) => !text.contains(needle.as_str()),
            Self::Equals(expected) => normalize(text) == normalize(expected),
            Self::Matches(regex) => regex.is_match(text),
        }
    }

    fn describe(&self) -> String {
        match self {
            Self::Contains(needle) => format!("contains {needle:?}"),
            Self::NotContains(needle) => format!("does not contain {needle:?}"),
            Self::Equals(expected) => format!("equals {expected:?}"),
            Self::Matches(regex) => format!("matches /{}/", regex.as_str()),
        }
    }
}

fn normalize(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let end = lines.iter().rposition(|line| !line.is_empty()).map_or(0, |i| i + 1);
    lines[..end].join("\n")
}

/// A condition on the visible screen (optionally the scrollback followed by it).
#[derive(Debug, Clone)]
pub struct ScreenCondition {
    /// The matcher.
    pub matcher: TextMatch,
    /// Match the scrollback followed by the screen instead of the screen.
    pub include_scrollback: bool,
}

impl ScreenCondition {
    /// The screen contains `text`.
    pub fn contains(text: impl Into<String>) -> Self {
        TextMatch::Contains(text.into()).into()
    }

    /// The screen does not contain `text`.
    pub fn not_contains(text: impl Into<String>) -> Self {
        TextMatch::NotContains(text.into()).into()
    }

    /// The screen equals `text` (trailing blanks and blank lines ignored).
    pub fn equals(text: impl Into<String>) -> Self {
        TextMatch::Equals(text.into()).into()
    }

    /// The screen matches the regular expression.
    ///
    /// # Errors
    /// [`PtyError::Regex`] when the pattern does not compile.
    pub fn matches(pattern: &str) -> Result<Self, PtyError> {
        Ok(TextMatch::regex(pattern)?.into())
    }

    /// Match the scrollback followed by the screen.
    #[must_use]
    pub fn with_scrollback(mut self) -> Self {
        self.include_scrollback = true;
        self
    }

    fn describe(&self) -> String {
        let place = if self.include_scrollback { "scrollback and screen" } else { "screen" };
        format!("the {place} {}", self.matcher.describe())
    }
}

impl From<TextMatch> for ScreenCondition {
    fn from(matcher: TextMatch) -> Self {
        Self { matcher, include_scrollback: false }
    }
}

/// How many lines the scrollback holds: the language's own bound.
pub use rehearse_lang::LineCount;

/// A condition on the lines that scrolled off the top of the main screen.
#[derive(Debug, Clone)]
pub enum ScrollbackCondition {
    /// The scrollback text matches.
    Text(TextMatch),
    /// The scrollback holds so many lines.
    Lines(LineCount),
}

impl ScrollbackCondition {
    fn describe(&self) -> String {
        match self {
            Self::Text(matcher) => format!("the scrollback {}", matcher.describe()),
            Self::Lines(count) => format!("the scrollback line count {count:?}"),
        }
    }

    fn test(&self, state: &State) -> bool {
        match self {
            Self::Text(matcher) => matcher.test(&state.emulator.scrollback_text()),
            Self::Lines(count) => count.holds(state.emulator.scrollback().len()),
        }
    }
}

/// How a wait ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaitOutcome {
    /// The settle the result rests on.
    pub settle: Settle,
    /// How long the wait took.
    pub elapsed: Duration,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Check whenever the output stops arriving (at markers for a marker
    /// program); end early when the program exits.
    Judge,
    /// Check on a stable screen; end early when the program exits.
    Stable,
    /// Check at once (process waits).
    Immediate,
}

impl PtySession {
    /// Waits until the screen (optionally scrollback + screen) matches,
    /// judged each time the program's output stops arriving (at each
    /// settling marker for a program that sends them).
    ///
    /// # Errors
    /// [`PtyError::Timeout`] (with the screen), [`PtyError::TargetExited`]
    /// when the program exits first.
    pub fn wait_screen(
        &self,
        condition: &ScreenCondition,
        timeout: Duration,
    ) -> Result<WaitOutcome, PtyError> {
        self.wait_until(
            &condition.describe(),
            timeout,
            Mode::Judge,
            |state| {
                // The rows as the program wrote them: a space it wrote at
                // the end of a row is there to match (`matches="^> "`).
                let text = if condition.include_scrollback {
                    let scrollback = state.emulator.scrollback_text();
                    let screen = state.emulator.written_text();
                    if scrollback.is_empty() { screen } else { format!("{scrollback}\n{screen}") }
                } else {
                    state.emulator.written_text()
                };
                condition.matcher.test(&text)
            },
            |_| None,
        )
    }

    /// Waits until the scrollback matches, judged as
    /// [`wait_screen`](Self::wait_screen) judges.
    ///
    /// # Errors
    /// As [`PtySession::wait_screen`].
    pub fn wait_scrollback(
        &self,
        condition: &ScrollbackCondition,
        timeout: Duration,
    ) -> Result<WaitOutcome, PtyError> {
        self.wait_until(
            &condition.describe(),
            timeout,
            Mode::Judge,
            |state| condition.test(state),
            |_| None,
        )
    }

    /// Waits until the cursor is shown or hidden (`visible`), or at a cell
    /// (`at`: zero-based column and row, shown or not), judged as
    /// [`wait_screen`](Self::wait_screen) judges.
    ///
    /// # Errors
    /// As [`PtySession::wait_screen`].
    pub fn wait_cursor(
        &self,
        visible: Option<bool>,
        at: Option<(u16, u16)>,
        timeout: Duration,
    ) -> Result<WaitOutcome, PtyError> {
        let described = match (visible, at) {
            (_, Some((col, row))) => format!("the cursor at column {col}, row {row}"),
            (Some(true), None) => "the cursor shown".to_owned(),
            _ => "the cursor hidden".to_owned(),
        };
        self.wait_until(
            &described,
            timeout,
            Mode::Judge,
            |state| {
                let cursor = state.emulator.cursor();
                visible.is_none_or(|visible| cursor.visible == visible)
                    && at.is_none_or(|at| (cursor.col, cursor.row) == at)
            },
            |_| None,
        )
    }

    /// Waits until the screen is stable: settled by the marker or the end of
    /// a synchronized frame, else quiet for the stability window adapted to
    /// the program (see [`crate::settle`]).
    ///
    /// # Errors
    /// As [`PtySession::wait_screen`].
    pub fn wait_settled(&self, timeout: Duration) -> Result<WaitOutcome, PtyError> {
        self.wait_until("a settled screen", timeout, Mode::Stable, |_| true, |_| None)
    }

    /// Whether input steps wait for the program: it offers an exact signal
    /// (it has sent a verified render-commit marker, or used synchronized
    /// output while the policy listens to it). Without one, an input step
    /// returns once its bytes are written.
    pub fn settles_exactly(&self) -> bool {
        self.shared.lock().settle.exact()
    }

    /// How soon the screen is stable if nothing more arrives: zero when it
    /// is stable now, `None` when only a signal can settle it (a marker
    /// program, a synchronized frame still open, the quiet window off).
    pub fn stable_in(&self) -> Option<Duration> {
        let state = self.shared.lock();
        let now = Instant::now();
        if state.settle.settled(now).is_some() {
            return Some(Duration::ZERO);
        }
        state.settle.next_quiet_deadline().map(|at| at.saturating_duration_since(now))
    }

    /// Waits until the program has exited; returns how.
    ///
    /// # Errors
    /// [`PtyError::Timeout`].
    pub fn wait_exit(&self, timeout: Duration) -> Result<ExitInfo, PtyError> {
        // Done when the program has exited and its last output is on the
        // screen, so a read after this sees the final screen.
        self.wait_until("the program to exit", timeout, Mode::Immediate, drained, |state| {
            state.exit_at.map(|at| drain_end(state, at))
        })?;
        Ok(self.exit_status().unwrap_or(ExitInfo { code: None, signal: None }))
    }

    /// Waits until the program exits with `code`.
    ///
    /// # Errors
    /// [`PtyError::Timeout`], or [`PtyError::ExitCode`] when it ends otherwise.
    pub fn wait_exit_code(&self, code: i32, timeout: Duration) -> Result<ExitInfo, PtyError> {
        let exit = self.wait_exit(timeout)?;
        if exit.code == Some(code) {
            Ok(exit)
        } else {
            Err(PtyError::ExitCode { expected: code, actual: exit })
        }
    }

    /// The settle policy's quiet window: the longest the stability window
    /// grows (`None` when only signals settle).
    pub fn quiet_window(&self) -> Option<Duration> {
        self.shared.lock().settle.quiet_window()
    }

    /// Waits until the program has written nothing for `quiet`.
    ///
    /// # Errors
    /// [`PtyError::Timeout`].
    pub fn wait_idle(&self, quiet: Duration, timeout: Duration) -> Result<WaitOutcome, PtyError> {
        self.wait_until(
            &format!("no output for {quiet:?}"),
            timeout,
            Mode::Immediate,
            |state| state.settle.last_output().elapsed() >= quiet,
            |state| Some(state.settle.last_output() + quiet),
        )
        .map(|outcome| WaitOutcome { settle: Settle::Quiet(quiet), ..outcome })
    }

    fn wait_until(
        &self,
        condition: &str,
        timeout: Duration,
        mode: Mode,
        mut check: impl FnMut(&State) -> bool,
        wake_at: impl Fn(&State) -> Option<Instant>,
    ) -> Result<WaitOutcome, PtyError> {
        let start = Instant::now();
        let deadline = start + timeout.min(LONGEST_WAIT);
        let mut state = self.shared.lock();
        loop {
            let now = Instant::now();
            let settle = match mode {
                Mode::Judge => state.settle.judgeable(now),
                Mode::Stable => state.settle.settled(now),
                Mode::Immediate => Some(Settle::NotNeeded),
            };
            if let Some(settle) = settle
                && check(&state)
            {
                return Ok(WaitOutcome { settle, elapsed: start.elapsed() });
            }
            let mut wake = deadline;
            if mode != Mode::Immediate
                && let Some(exit) = state.exit
            {
                let drain_end = drain_end(&state, state.exit_at.unwrap_or(now));
                if drained(&state) {
                    if check(&state) {
                        return Ok(WaitOutcome {
                            settle: Settle::Exited,
                            elapsed: start.elapsed(),
                        });
                    }
                    return Err(PtyError::TargetExited {
                        condition: condition.to_owned(),
                        status: exit,
                        screen: shown(&state),
                    });
                }
                // The reader's next chunk wakes this wait; the time is a
                // second look, never one in the past (no spinning).
                if drain_end > now {
                    wake = wake.min(drain_end);
                }
            }
            if now >= deadline {
                return Err(PtyError::Timeout {
                    condition: condition.to_owned(),
                    elapsed: start.elapsed(),
                    screen: shown(&state),
                });
            }
            if let Some(at) = wake_at(&state)
                && at > now
            {
                wake = wake.min(at);
            }
            // A stable wait wakes when the window would pass; a judging one
            // is woken by the output itself.
            let quiet = mode == Mode::Stable;
            let shortest =
                if quiet { Duration::from_millis(1) } else { Duration::from_micros(100) };
            state = self.block(state, now, wake, quiet, shortest);
        }
    }
}

/// What the terminal plane's wait loop reads between two evaluations.
impl PtySession {
    /// How many chunks of output have reached the emulator so far.
    pub(crate) fn outputs(&self) -> u64 {
        self.shared.lock().outputs
    }

    /// How the program ended, once it has exited **and** its last output is
    /// on the screen (so nothing can change any more).
    pub(crate) fn ended(&self) -> Option<ExitInfo> {
        let state = self.shared.lock();
        if drained(&state) { state.exit } else { None }
    }

    /// Blocks, on the session's condition variable (never a sleep), until
    /// output newer than `seen` (an [`outputs`](Self::outputs) count) may be
    /// judged (its burst has stopped arriving, outside a synchronized frame;
    /// a marker program's at a settling marker), the program has ended (its
    /// last output read), or `timeout` passes; returns the output count then
    /// and whether the screen could be judged (or the program ended).
    pub(crate) fn await_settled_output(&self, seen: u64, timeout: Duration) -> (u64, bool) {
        let deadline = Instant::now() + timeout.min(LONGEST_WAIT);
        let mut state = self.shared.lock();
        loop {
            let now = Instant::now();
            if drained(&state) {
                return (state.outputs, true);
            }
            if state.outputs > seen && state.settle.judgeable(now).is_some() {
                return (state.outputs, true);
            }
            if now >= deadline {
                return (state.outputs, false);
            }
            let mut wake = deadline;
            if let Some(exited_at) = state.exit_at
                && drain_end(&state, exited_at) > now
            {
                wake = wake.min(drain_end(&state, exited_at));
            }
            state = self.block(state, now, wake, true, Duration::from_micros(100));
        }
    }

    /// Blocks on the session's condition variable (never a sleep) until
    /// something changes or `wake` comes — earlier when the quiet window
    /// would settle first (`quiet`) — for at least `shortest`.
    fn block<'a>(
        &'a self,
        state: MutexGuard<'a, State>,
        now: Instant,
        mut wake: Instant,
        quiet: bool,
        shortest: Duration,
    ) -> MutexGuard<'a, State> {
        if quiet
            && let Some(at) = state.settle.next_quiet_deadline()
            && at > now
        {
            wake = wake.min(at);
        }
        let pause = wake.saturating_duration_since(now).max(shortest);
        self.shared
            .changed
            .wait_timeout(state, pause)
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .0
    }
}
