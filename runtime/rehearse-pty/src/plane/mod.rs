//! [`Terminal`]: a program in a PTY driven with the same steps, through the
//! same executor ([`rehearse_core::execute`]) and with the same results
//! ([`RunReport`], [`StepError`]) as the engine plane's `Session`.
//!
//! What each step means on a program:
//!
//! | step | on the terminal plane |
//! |---|---|
//! | `key:` | the key's bytes for the modes the program set (xterm; DECCKM) |
//! | `type:` | the text's UTF-8 bytes as typed, a line break sent as Enter (`\r`) |
//! | `click:` `rclick:` `mclick:` `hover:` `scroll:` `drag:` | mouse reports (SGR when `?1006`, else X10) at the centre of the matched text or at a `col,row` cell; an error when the program has not enabled mouse reporting |
//! | `resize:` | the emulator (xterm rules, no reflow), then the PTY (SIGWINCH) |
//! | `wait:` and `sleep:` | wall time passes (time on a program is real), then the screen is stable |
//! | `drain` | the screen is stable |
//! | `checkpoint:` | the stable screen to the sinks (`text`, `styled`, `cells`, `png`; a ratatui `Buffer` from the grid), and the terminal state and scrollback (`terminal`, `scrollback`) while a sink writes them |
//! | `wait-for:` | judged on each new output (at each settling marker for a program that sends them) until it holds, the timeout passes, or the program ends (then [`AutomationError::TargetEnded`] names its exit status) |
//! | `#id`, `@role`, JSON/Markdown | [`AutomationError::NotAvailable`]: a program publishes no semantic tree — unless a [`TreeSource`] is attached ([`Terminal::with_tree_source`]): then they use the tree the program publishes (a rehearse app or an adopted one serving the control protocol), and clicks land at the centre of its nodes' clipped bounds |
//! | `focus:` | [`AutomationError::NotAvailable`]: focus moves by the program's own keys |
//!
//! Every step commits one generation. With an exact signal (the render-commit
//! marker, the end of a synchronized-output frame) it is a settled screen;
//! without one an input step returns once its bytes are written, and what
//! judges the screen — a pointer's target ([`Plane::observe`]), a guard, a
//! checkpoint — waits for a screen stable for the window adapted to the
//! program (see [`crate::settle`]), which cannot prove the program has
//! answered.

mod adapter;
mod conditions;
mod extension;
mod input;
mod pipeline;
mod screen;

use std::ops::{Deref, DerefMut};
use std::time::Duration;

use rehearse_core::artifacts::{Artifacts, Format};
use rehearse_core::semantic::Generation;
use rehearse_core::{AutomationError, Driver, TreeSource};

use self::adapter::NO_TREE;
pub use self::adapter::PtyPlane;
use crate::error::PtyError;
use crate::session::{PtySession, PtySessionOptions};

/// A program in a real PTY, driven by steps: the terminal plane's session.
///
/// Built on a [`PtySession`] (reachable through [`pty`](Self::pty) for the
/// plane's own waits: scrollback, process exit, idle). Dropping it kills and
/// reaps every process of the program's session, on every path.
///
/// ```no_run
/// use std::time::Duration;
/// use rehearse_lang::{AutomationStep, KeyCode, Predicate, Selector, WaitCondition};
/// use rehearse_pty::{PtySessionOptions, Terminal};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let mut terminal = Terminal::spawn(PtySessionOptions::new("bash").args(["--norc"]))?;
/// let report = terminal.run(vec![
///     AutomationStep::type_text("echo hello"),
///     AutomationStep::key(KeyCode::Enter),
///     AutomationStep::wait_for(
///         WaitCondition::new(Predicate::Exists, Selector::text_contains("hello")),
///         Duration::from_secs(5),
///     ),
/// ])?;
/// assert_eq!(report.steps.len(), 3);
/// # Ok(())
/// # }
/// ```
pub struct Terminal {
    driver: Driver<PtyPlane>,
}

impl std::fmt::Debug for Terminal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Terminal")
            .field("pty", &self.plane().pty)
            .field("generation", &self.generation())
            .finish_non_exhaustive()
    }
}

impl Terminal {
    /// Starts the program and commits generation 1: the screen as it is at
    /// once (usually blank; wait for the program's first screen with a
    /// `wait-for:` step).
    ///
    /// # Errors
    ///
    /// What [`PtySession::spawn`] fails with (nothing is left running).
    pub fn spawn(options: PtySessionOptions) -> Result<Self, PtyError> {
        Ok(Self::from_session(PtySession::spawn(options)?))
    }

    /// Drives a session already started.
    pub fn from_session(pty: PtySession) -> Self {
        let shared = std::sync::Arc::clone(&pty.shared);
        let mut plane = PtyPlane::new(pty);
        // Every checkpoint sink (artifacts, baselines) hides what the steps
        // typed as secrets in all it writes but pixels.
        plane.record.hide_typed_secrets(move || shared.lock().secrets.clone());
        Self { driver: Driver::new(plane) }
    }

    /// Records this terminal's trace as `options` say (mode, directory,
    /// title, bounds; without a mode there, `REHEARSE_TRACE` chooses it),
    /// instead of as the environment alone does (`docs/trace.md`). Call it
    /// before the first step: what was recorded before is dropped.
    #[must_use]
    pub fn traced(mut self, options: rehearse_core::trace::TraceOptions) -> Self {
        self.driver.trace(options);
        self
    }

    /// Bounds how long one settle may take (default 10 s): a step whose
    /// screen does not settle within it fails (a program that never stops
    /// writing, or never sends the marker it promised).
    #[must_use]
    pub fn settle_timeout(mut self, timeout: Duration) -> Self {
        self.plane_mut().settle_timeout = timeout;
        self
    }

    /// Resolves `#id` and `@role` against the tree the program itself
    /// publishes through `source`, from the next commit on: a rehearse app
    /// (or an adopted ratatui app) serving the control protocol from the
    /// PTY. While it publishes none, selectors see the screen's lines (a
    /// `wait-for:` on `#id` waits for the tree); a click lands at the centre
    /// of a node's clipped bounds, as a mouse report the program reads from
    /// its terminal. The facade's `rehearse::control::spawn_app_in_pty`
    /// starts a program with the socket offered and the source attached.
    /// A second call replaces the source (the first is dropped).
    #[must_use]
    pub fn with_tree_source(mut self, source: impl TreeSource + 'static) -> Self {
        self.plane_mut().tree_source = Some(Box::new(source));
        self
    }

    /// Adds an artifact sink writing the screen formats (`text`, `styled`,
    /// `cells`, `png`), the terminal's own (`terminal`, `scrollback`), and
    /// with a [`TreeSource`] the semantic ones (JSON, Markdown) of the
    /// committed tree. What the steps typed as a secret shows as `*` in
    /// text, styled text and cells, and as `<redacted>` in the terminal
    /// state and the scrollback; PNG keeps the pixels. (Every checkpoint
    /// sink of this terminal, a
    /// [`Baseline`](rehearse_core::artifacts::Baseline)'s too, is handed
    /// them: [`Checkpoint::secrets`](rehearse_core::Checkpoint::secrets).)
    /// With `text` among the formats `scrollback` is written too (`NAME.scrollback.txt` beside
    /// `NAME.txt`: the lines scrolled off the top of the main screen, empty
    /// when none).
    ///
    /// # Errors
    ///
    /// [`AutomationError::NotAvailable`] when it is configured with a
    /// semantic format without a tree source (JSON, Markdown —
    /// [`Artifacts::new`]'s defaults include Markdown: choose formats with
    /// [`Artifacts::formats`]), and what [`Artifacts::check`] fails with.
    pub fn add_artifacts(&mut self, artifacts: Artifacts) -> Result<(), AutomationError> {
        if self.plane().tree_source.is_none()
            && let Some(format) = artifacts
                .configured_formats()
                .iter()
                .find(|format| matches!(format, Format::Json | Format::Markdown))
        {
            return Err(AutomationError::NotAvailable {
                what: format.name().to_owned(),
                reason: format!(
                    "{NO_TREE}; the screen formats are text, styled, cells and png, the terminal's terminal and scrollback"
                ),
            });
        }
        let mut formats = artifacts.configured_formats().to_vec();
        if formats.contains(&Format::Text) && !formats.contains(&Format::Scrollback) {
            formats.push(Format::Scrollback);
        }
        let artifacts = artifacts.formats(formats).check()?;
        self.add_checkpoint_sink(artifacts);
        Ok(())
    }

    /// What the steps typed into the program as secrets
    /// (`type:${secret.NAME}`). Every screen the plane shows in an error,
    /// a wait's diagnostic or its trees hides them; anything else that
    /// shows this program's screen (a trace, a report) hides them with
    /// [`TypedSecrets::redact_text`](rehearse_core::TypedSecrets::redact_text)
    /// and [`redact_cells`](rehearse_core::TypedSecrets::redact_cells).
    /// Pixels and recordings show the screen as it was.
    pub fn typed_secrets(&self) -> rehearse_core::TypedSecrets {
        self.plane().pty.typed_secrets()
    }

    /// The PTY session underneath: raw input, the emulator, scrollback,
    /// process and idle waits, terminal-state goldens, the recording.
    pub fn pty(&self) -> &PtySession {
        &self.plane().pty
    }

    /// The PTY session, mutably (for [`PtySession::resize`]).
    pub fn pty_mut(&mut self) -> &mut PtySession {
        &mut self.plane_mut().pty
    }

    /// Commits what the screen shows once it settles within `within`, or
    /// as it is then, outside any step: a front-end that shows a program
    /// between steps (the `rehearse open` host) commits a program that
    /// never stops writing without failing, and a step that timed out
    /// waiting for a settle leaves nothing behind that fails the next
    /// commit.
    ///
    /// # Errors
    ///
    /// Writing input still queued failed (the program ended), or the tree
    /// source failed (the screen's tree is committed then).
    pub fn commit_within(&mut self, within: Duration) -> Result<Generation, AutomationError> {
        self.plane_mut().commit_within(within)
    }

    /// Numbers the committed generation as the one after `last`, and every
    /// later commit on from it: a host that starts its program again
    /// (`rehearse pty-start`) keeps its generations rising.
    #[must_use]
    pub fn numbered_after(mut self, last: Generation) -> Self {
        self.plane_mut().renumber(last.next());
        self
    }

    /// Kills the program's whole session, reaps it, and returns how it
    /// ended (dropping the terminal does the same).
    pub fn close(self) -> Option<crate::error::ExitInfo> {
        self.driver.into_plane().pty.close()
    }
}

impl Deref for Terminal {
    type Target = Driver<PtyPlane>;

    fn deref(&self) -> &Self::Target {
        &self.driver
    }
}

impl DerefMut for Terminal {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.driver
    }
}
