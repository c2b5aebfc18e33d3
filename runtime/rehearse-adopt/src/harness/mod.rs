//! [`Harness`]: a plain ratatui app's own loop, on its own thread, driven
//! by rehearse steps.
//!
//! The app draws on a `Terminal<HarnessBackend>` (ratatui's `TestBackend`
//! underneath) and reads events through [`HarnessEvents`]. A step delivers
//! crossterm events into that queue and waits until the app is blocked
//! reading again — it has reacted to everything — then commits the frame
//! it flushed last, with the semantic tree its tags recorded.
//!
//! | step | on an adopted app |
//! |---|---|
//! | `key:` `type:` | crossterm key events, one per character for `type:` (which needs a focused text field, as on the engine) |
//! | `click:` `hover:` `scroll:` `drag:` | crossterm mouse events at the centre of the node's clipped bounds, after checking the topmost node painted there is it (or inside it) |
//! | `wait:` | the controlled clock moves; an app in `poll(timeout)` wakes at its deadline, reacts, and is settled again before time moves on |
//! | `resize:` | the backend's size changes and the app reads `Event::Resize` |
//! | `wait-for:` | evaluated on the committed tree; under the controlled clock nothing changes by waiting, so it fails at once when it does not hold |
//! | `focus:` | not available: the app owns its focus |
//! | `checkpoint:` | every sink and format, goldens included |

mod backend;
mod events;
mod live;
mod mirror;
mod plane;
mod shared;

use std::borrow::Cow;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::layout::Size;
use rehearse_core::semantic::{Generation, SemanticTree};
use rehearse_core::{
    AutomationError, AutomationIds, CheckpointSink, ClockMode, CommitHook, CommittedFrame,
    DEFAULT_VIEWPORT, LogicalTime, Plane, RunError, RunReport, Runner, Scenario, ScriptRunError,
    SinkHost, StepError, StepResult,
};
use rehearse_lang::AutomationStep;
use rehearse_lang::script::CheckContext;

pub use self::backend::HarnessBackend;
pub use self::events::HarnessEvents;
use self::live::Live;
use self::mirror::Mirror;
use self::plane::AdoptPlane;
use self::shared::{Ended, Shared};
use crate::record;

/// How a harness runs an app.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct HarnessOptions {
    /// The terminal size the app sees (100x30 by default).
    pub viewport: Size,
    /// The ids and refused keys the app declares (`automation_ids!`'s
    /// `DECLARED`): every commit checks the tree's ids against them, text
    /// scripts are checked against them before they run, and refused keys
    /// are never pressed.
    pub declared: AutomationIds,
    /// How long the app may take to react before a step fails (10 s).
    pub settle_timeout: Duration,
    /// Whose time the app reads: the controlled clock (the default: `wait:`
    /// moves it, polls time out only then) or the wall clock (polls time
    /// out by themselves, `wait:` is refused as on the engine).
    pub clock: ClockMode,
}

impl Default for HarnessOptions {
    fn default() -> Self {
        Self {
            viewport: DEFAULT_VIEWPORT,
            declared: AutomationIds::UNDECLARED,
            settle_timeout: Duration::from_secs(10),
            clock: ClockMode::Controlled,
        }
    }
}

impl HarnessOptions {
    /// The terminal size the app sees.
    #[must_use]
    pub fn viewport(mut self, cols: u16, rows: u16) -> Self {
        self.viewport = Size::new(cols, rows);
        self
    }

    /// The ids and refused keys the app declares.
    #[must_use]
    pub fn declared(mut self, declared: AutomationIds) -> Self {
        self.declared = declared;
        self
    }

    /// How long the app may take to react before a step fails.
    #[must_use]
    pub fn settle_timeout(mut self, timeout: Duration) -> Self {
        self.settle_timeout = timeout;
        self
    }

    /// Whose time the app reads.
    #[must_use]
    pub fn clock(mut self, clock: ClockMode) -> Self {
        self.clock = clock;
        self
    }
}

/// A plain ratatui app's loop driven by steps: the adopt plane's session.
///
/// ```
/// use std::io;
/// use ratatui::{Terminal, backend::Backend, crossterm::event::{Event, KeyCode}, widgets::Paragraph};
/// use rehearse_adopt::{EventSource, Harness, HarnessOptions, Tag};
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::{AutomationStep, SemanticRole};
///
/// /// An app's own loop, generic over the backend and the event source.
/// fn run<B: Backend<Error = io::Error>>(terminal: &mut Terminal<B>, events: &mut impl EventSource) -> io::Result<()> {
///     let mut count = 0;
///     loop {
///         terminal.draw(|frame| {
///             let text = Paragraph::new(format!("{count} presses")).tag(|| {
///                 // Built only while a harness records.
///                 SemanticFacts::new(SemanticRole::Status).automation_id("count").label(format!("{count} presses"))
///             });
///             frame.render_widget(text, frame.area());
///         })?;
///         if let Event::Key(key) = events.read()? {
///             match key.code {
///                 KeyCode::Char('q') => return Ok(()),
///                 _ => count += 1,
///             }
///         }
///     }
/// }
///
/// let mut harness = Harness::start(HarnessOptions::default().viewport(20, 1), run)?;
/// harness.step(AutomationStep::key(rehearse_lang::KeyCode::Char('x')))?;
/// assert_eq!(harness.tree().by_id("count").unwrap().name, "1 presses");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Harness {
    plane: AdoptPlane,
    runner: Runner,
    thread: Option<JoinHandle<()>>,
    /// The real terminal, when the app is served from it; dropped (and
    /// restored) after the app's thread has ended.
    _live: Option<Live>,
}

impl std::fmt::Debug for Harness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Harness").field("generation", &self.generation()).finish_non_exhaustive()
    }
}

impl Harness {
    /// Starts `app` — the app's own loop, given the terminal and the event
    /// source — on its own thread, waits until it blocks waiting for input,
    /// and commits generation 1.
    ///
    /// # Errors
    ///
    /// What settling and committing the first frame fail with (the app
    /// panicked, failed, did not block within the settle timeout, or
    /// published an invalid tree). The app's thread is stopped first.
    pub fn start<F, E>(options: HarnessOptions, app: F) -> Result<Self, AutomationError>
    where
        F: FnOnce(&mut Terminal<HarnessBackend>, &mut HarnessEvents) -> Result<(), E>
            + Send
            + 'static,
        E: std::fmt::Display,
    {
        Self::launch(options, None, app)
    }

    /// Starts `app` in the real terminal, under the wall clock, at the
    /// terminal's size: it draws there as it would on its own (and
    /// announces each frame with the render-commit marker when
    /// `REHEARSE_TOKEN`/`REHEARSE_SESSION` are set), a person's input
    /// reaches it beside the steps', and the harness still publishes its
    /// tree — how an app is served over the control protocol while someone
    /// watches. The terminal is restored when the harness is dropped.
    ///
    /// # Errors
    ///
    /// Entering the terminal fails ([`AutomationError::Io`]), or as
    /// [`start`](Self::start).
    pub fn start_in_terminal<F, E>(options: HarnessOptions, app: F) -> Result<Self, AutomationError>
    where
        F: FnOnce(&mut Terminal<HarnessBackend>, &mut HarnessEvents) -> Result<(), E>
            + Send
            + 'static,
        E: std::fmt::Display,
    {
        let (live, size) = Live::enter().map_err(AutomationError::Io)?;
        let options = HarnessOptions { viewport: size, clock: ClockMode::Realtime, ..options };
        Self::launch(options, Some(live), app)
    }

    fn launch<F, E>(
        options: HarnessOptions,
        mut live: Option<Live>,
        app: F,
    ) -> Result<Self, AutomationError>
    where
        F: FnOnce(&mut Terminal<HarnessBackend>, &mut HarnessEvents) -> Result<(), E>
            + Send
            + 'static,
        E: std::fmt::Display,
    {
        if options.viewport.width == 0 || options.viewport.height == 0 {
            return Err(AutomationError::InvalidViewport {
                cols: options.viewport.width,
                rows: options.viewport.height,
            });
        }
        let shared =
            Shared::new(options.viewport, options.clock == ClockMode::Realtime, live.is_some());
        if let Some(live) = &mut live {
            live.listen(Arc::clone(&shared)).map_err(AutomationError::Io)?;
        }
        let mirror = live.is_some();
        let thread = {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name("rehearse-adopted-app".into())
                .spawn(move || run_app(&shared, mirror, app))
                .map_err(AutomationError::Io)?
        };
        let plane = AdoptPlane::new(shared, options.declared, options.settle_timeout);
        let runner = Runner::traced("adopted", rehearse_core::trace::TraceOptions::new());
        let mut harness = Self { plane, runner, thread: Some(thread), _live: live };
        harness.plane.commit()?;
        Ok(harness)
    }

    /// Executes one step; its index continues from earlier steps.
    ///
    /// # Errors
    ///
    /// [`StepError`] with the step's index and the last good generation.
    pub fn step(&mut self, step: AutomationStep) -> Result<StepResult, StepError> {
        self.runner.step(&mut self.plane, step)
    }

    /// Executes a scenario — `scenario! { ... }`, a parsed script, or a
    /// `Vec` or array of steps — stopping at the first failure.
    ///
    /// # Errors
    ///
    /// [`RunError`] with the completed steps and the failure.
    pub fn run(&mut self, scenario: impl Into<Scenario>) -> Result<RunReport, RunError> {
        self.runner.run(&mut self.plane, scenario)
    }

    /// Parses a text script against the declared ids and refused keys,
    /// then runs it.
    ///
    /// # Errors
    ///
    /// [`ScriptRunError::Invalid`] with every parse and check error before
    /// any step runs, or [`ScriptRunError::Failed`] when a step fails.
    pub fn run_script(&mut self, script: &str) -> Result<RunReport, ScriptRunError> {
        self.run_named_script(script, None)
    }

    /// Like [`run_script`](Self::run_script), naming the script (a file
    /// name) in every step's origin.
    ///
    /// # Errors
    ///
    /// As [`run_script`](Self::run_script).
    pub fn run_named_script(
        &mut self,
        script: &str,
        name: Option<Cow<'static, str>>,
    ) -> Result<RunReport, ScriptRunError> {
        let declared = self.plane.declared;
        let mut context = CheckContext::new().refused_keys(declared.refused_keys());
        if let Some(ids) = declared.declared() {
            context = context.declared_ids(ids);
        }
        self.runner.run_script(&mut self.plane, script, name, &context)
    }

    /// Adds a checkpoint sink (artifacts, baselines, a recorder's markers).
    pub fn add_checkpoint_sink(&mut self, sink: impl CheckpointSink + 'static) {
        self.plane.sinks.push(Box::new(sink));
    }

    /// Registers a hook told about every later commit.
    pub fn on_commit(&mut self, hook: impl CommitHook + 'static) {
        self.plane.hooks.push(Box::new(hook));
    }

    /// Every checkpoint recorded so far, with its generation, in order.
    pub fn checkpoints(&self) -> &[(String, Generation)] {
        &self.plane.checkpoints
    }

    /// The last committed generation.
    pub fn frame(&self) -> &CommittedFrame {
        &self.plane.committed
    }

    /// The committed semantic tree.
    pub fn tree(&self) -> &SemanticTree {
        &self.plane.committed.tree
    }

    /// The committed generation's number.
    pub fn generation(&self) -> Generation {
        self.plane.committed.generation
    }

    /// The controlled clock's time.
    pub fn now(&self) -> LogicalTime {
        self.plane.now()
    }

    /// Whether the app's loop has ended, and how (`None` while it runs).
    pub fn ended(&self) -> Option<String> {
        self.plane.shared.lock().ended.as_ref().map(Ended::status)
    }

    /// The harness as the [`Plane`] steps run on, for a front-end that runs
    /// them with its own [`Runner`] (a control server).
    pub fn plane(&self) -> &dyn Plane {
        &self.plane
    }

    /// The harness as the [`Plane`] steps run on, to drive.
    pub fn plane_mut(&mut self) -> &mut dyn Plane {
        &mut self.plane
    }

    /// The ids and refused keys the app declares.
    pub fn declared(&self) -> AutomationIds {
        self.plane.declared
    }

    /// Whether the app drew a frame the committed generation does not show
    /// yet: it reacted to its own timer or to a person's input.
    pub fn has_new_frame(&self) -> bool {
        self.plane.shared.lock().frames != self.plane.committed_frames
    }

    /// Whether the app has reacted to everything: it is blocked waiting for
    /// input with nothing queued, or it ended.
    pub fn is_settled(&self) -> bool {
        self.plane.shared.lock().settled()
    }

    /// How the app's loop failed, when it did by itself: it returned an
    /// error or panicked before the harness closed (closing makes its reads
    /// fail, so whatever follows is not counted). `None` while it runs, and
    /// after a clean end.
    pub fn failure(&self) -> Option<String> {
        let state = self.plane.shared.lock();
        match &state.ended {
            // Once the harness closes, the app's reads fail: what it does
            // with that error (return it, or `expect` it) is no failure.
            Some(_) if state.closing => None,
            Some(ended @ (Ended::Failed(_) | Ended::Panicked(_))) => Some(ended.status()),
            _ => None,
        }
    }

    /// Commits the frame the app drew by itself (its timer, a person's
    /// input) when it has one and has settled; never waits for the app.
    ///
    /// # Errors
    ///
    /// What committing the frame fails with (an invalid tree).
    pub fn commit_if_settled(&mut self) -> Result<Option<Generation>, AutomationError> {
        if self.ended().is_some() || !self.has_new_frame() || !self.is_settled() {
            return Ok(None);
        }
        self.plane.commit_now().map(Some)
    }

    /// Asks the app's loop to end: its reads fail from now on.
    pub fn close(&mut self) {
        self.plane.shared.update(|state| state.closing = true);
    }
}

impl SinkHost for Harness {
    fn current(&self) -> &CommittedFrame {
        &self.plane.committed
    }

    fn add_checkpoint_sink(&mut self, sink: Box<dyn CheckpointSink>) {
        self.plane.sinks.push(sink);
    }

    fn add_commit_hook(&mut self, hook: Box<dyn CommitHook>) {
        self.plane.hooks.push(hook);
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        // Reads fail from now on, so the app's loop returns; its thread is
        // joined once it has (an app that ignores the error and never
        // reads again is left to finish on its own).
        self.plane.shared.update(|state| state.closing = true);
        let ended =
            self.plane.shared.wait_until(self.plane.settle_timeout, |state| state.ended.is_some());
        if ended && let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The app's thread: records tags, runs the app's loop, reports how it
/// ended.
fn run_app<F, E>(shared: &Arc<Shared>, mirror: bool, app: F)
where
    F: FnOnce(&mut Terminal<HarnessBackend>, &mut HarnessEvents) -> Result<(), E>,
    E: std::fmt::Display,
{
    record::start();
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let mut terminal =
            Terminal::new(HarnessBackend::new(Arc::clone(shared), mirror.then(Mirror::from_env)))
                .map_err(|error| error.to_string())?;
        let mut events = HarnessEvents::new(Arc::clone(shared));
        app(&mut terminal, &mut events).map_err(|error| error.to_string())
    }));
    record::stop();
    let ended = match outcome {
        Ok(Ok(())) => Ended::Returned,
        Ok(Err(error)) => Ended::Failed(error),
        Err(payload) => Ended::Panicked(
            payload
                .downcast_ref::<&str>()
                .map(|message| (*message).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_owned()),
        ),
    };
    shared.update(|state| state.ended = Some(ended));
}
