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
//! | `key:` `type:` | crossterm key events, for `type:` the key a terminal delivers for each character (which needs a focused text field, as on the engine) |
//! | `paste:` | one `Event::Paste` when the app turned bracketed paste on (written to its backend), otherwise the keys typing the text presses |
//! | `click:` `hover:` `scroll:` `drag:` | crossterm mouse events at the centre of the node's clipped bounds, after checking the topmost node painted there is it (or inside it) |
//! | `wait:` | the controlled clock moves; an app in `poll(timeout)` wakes at its deadline, reacts, and is settled again before time moves on |
//! | `resize:` | the backend's size changes and the app reads `Event::Resize` |
//! | `wait-for:` | evaluated on the committed tree; under the controlled clock nothing changes by waiting, so it fails at once when it does not hold |
//! | `focus:` | not available: the app owns its focus |
//! | `checkpoint:` | every sink and format, goldens included |

mod backend;
mod events;
pub(crate) mod hosted;
mod live;
mod mirror;
mod plane;
mod shared;

use std::any::Any;
use std::ops::{Deref, DerefMut};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::layout::Size;
use rehearse_core::semantic::Generation;
use rehearse_core::trace::{TraceMode, TraceOptions};
use rehearse_core::{AutomationError, AutomationIds, ClockMode, DEFAULT_VIEWPORT, Driver, Plane};

pub use self::backend::HarnessBackend;
pub use self::events::HarnessEvents;
pub use self::hosted::Host;
use self::live::Live;
use self::mirror::Mirror;
pub use self::plane::AdoptPlane;
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
    /// The trace mode (`docs/trace.md`): `REHEARSE_TRACE` chooses when
    /// this does not, and without it the default (`retain-on-failure`).
    pub trace: Option<TraceMode>,
}

impl Default for HarnessOptions {
    fn default() -> Self {
        Self {
            viewport: DEFAULT_VIEWPORT,
            declared: AutomationIds::UNDECLARED,
            settle_timeout: Duration::from_secs(10),
            clock: ClockMode::Controlled,
            trace: None,
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

    /// The trace mode, over `REHEARSE_TRACE` (a directory, title or bounds
    /// of its own: [`Driver::trace`] on the harness).
    #[must_use]
    pub fn trace(mut self, mode: TraceMode) -> Self {
        self.trace = Some(mode);
        self
    }

    /// The driver of `plane` with the trace these options ask for.
    fn driver(&self, plane: AdoptPlane) -> Driver<AdoptPlane> {
        Driver::traced(plane, TraceOptions { mode: self.trace, ..TraceOptions::new() })
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
    driver: Driver<AdoptPlane>,
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
    ///
    /// A loop that returns a value (`Ok(choice)`) keeps it for
    /// [`take_returned`](Self::take_returned).
    pub fn start<F, T, E>(options: HarnessOptions, app: F) -> Result<Self, AutomationError>
    where
        F: FnOnce(&mut Terminal<HarnessBackend>, &mut HarnessEvents) -> Result<T, E>
            + Send
            + 'static,
        T: Send + 'static,
        E: std::fmt::Display,
    {
        Self::launch(options, None, with_terminal(app))
    }

    /// Starts `main` — a function whose loop asks for its terminal with
    /// `rehearse::adopt::init` or `rehearse::adopt::run`, such as the app's
    /// own `main` when its loop lives there or in `ratatui::run`'s closure
    /// — on its own thread, where those calls get this harness's terminal
    /// and events; then waits until the loop blocks waiting for input and
    /// commits generation 1. What `main` returns (`Ok(value)`) is kept for
    /// [`take_returned`](Self::take_returned).
    ///
    /// # Errors
    ///
    /// As [`start`](Self::start).
    pub fn start_main<F, T, E>(options: HarnessOptions, main: F) -> Result<Self, AutomationError>
    where
        F: FnOnce() -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: std::fmt::Display,
    {
        Self::launch(options, None, move |shared: &Arc<Shared>, _mirror: bool| {
            hosted::install(Arc::clone(shared), false, None);
            let outcome = main();
            hosted::uninstall();
            outcome.map(|value| Box::new(value) as Box<dyn Any + Send>).map_err(|e| e.to_string())
        })
    }

    /// A harness for an app whose loop runs on a thread of the caller's
    /// choosing (an app served from its own `main` thread): nothing runs
    /// yet. Hand the [`Host`] to that thread ([`Host::host_here`]), start
    /// the loop there, and commit the first frame here
    /// (`plane_mut().commit()`), which waits until the loop blocks waiting
    /// for input.
    ///
    /// # Errors
    ///
    /// [`AutomationError::InvalidViewport`] for an empty viewport.
    pub fn attach(options: HarnessOptions) -> Result<(Self, Host), AutomationError> {
        Self::attach_to(options, None)
    }

    /// [`attach`](Self::attach) in the real terminal, as
    /// [`start_in_terminal`](Self::start_in_terminal) starts an app there.
    ///
    /// # Errors
    ///
    /// Entering the terminal fails ([`AutomationError::Io`]).
    pub fn attach_in_terminal(options: HarnessOptions) -> Result<(Self, Host), AutomationError> {
        let (live, size) = Live::enter().map_err(AutomationError::Io)?;
        let options = HarnessOptions { viewport: size, clock: ClockMode::Realtime, ..options };
        Self::attach_to(options, Some(live))
    }

    fn attach_to(
        options: HarnessOptions,
        mut live: Option<Live>,
    ) -> Result<(Self, Host), AutomationError> {
        let shared = prepare(&options, &mut live)?;
        let host = Host { shared: Arc::clone(&shared), mirror: live.is_some() };
        let plane = AdoptPlane::new(shared, options.declared, options.settle_timeout);
        Ok((Self { driver: options.driver(plane), thread: None, _live: live }, host))
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
    pub fn start_in_terminal<F, T, E>(
        options: HarnessOptions,
        app: F,
    ) -> Result<Self, AutomationError>
    where
        F: FnOnce(&mut Terminal<HarnessBackend>, &mut HarnessEvents) -> Result<T, E>
            + Send
            + 'static,
        T: Send + 'static,
        E: std::fmt::Display,
    {
        let (live, size) = Live::enter().map_err(AutomationError::Io)?;
        let options = HarnessOptions { viewport: size, clock: ClockMode::Realtime, ..options };
        Self::launch(options, Some(live), with_terminal(app))
    }

    fn launch<F>(
        options: HarnessOptions,
        mut live: Option<Live>,
        app: F,
    ) -> Result<Self, AutomationError>
    where
        F: FnOnce(&Arc<Shared>, bool) -> Result<Box<dyn Any + Send>, String> + Send + 'static,
    {
        let shared = prepare(&options, &mut live)?;
        let mirror = live.is_some();
        let thread = {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name("rehearse-adopted-app".into())
                .spawn(move || run_app(&shared, mirror, app))
                .map_err(AutomationError::Io)?
        };
        let plane = AdoptPlane::new(shared, options.declared, options.settle_timeout);
        let mut harness = Self { driver: options.driver(plane), thread: Some(thread), _live: live };
        harness.plane_mut().commit()?;
        Ok(harness)
    }

    /// What the app's loop returned (its `Ok` value), once it has returned
    /// a `T`; `None` while it runs, after it failed, or when it returned
    /// something else (the value is kept then).
    pub fn take_returned<T: 'static>(&mut self) -> Option<T> {
        let mut state = self.plane().shared.lock();
        let returned = state.returned.take()?;
        match returned.downcast::<T>() {
            Ok(value) => Some(*value),
            Err(other) => {
                state.returned = Some(other);
                None
            }
        }
    }

    /// Restores the real terminal now, when the app is served from one —
    /// for a server about to end the process while the app's loop still
    /// runs (dropping the harness restores it otherwise).
    pub fn restore_terminal(&mut self) {
        self._live.take();
    }

    /// Whether the app's loop has ended, and how (`None` while it runs).
    pub fn ended(&self) -> Option<String> {
        self.plane().shared.lock().ended.as_ref().map(Ended::status)
    }

    /// The ids and refused keys the app declares.
    pub fn declared(&self) -> AutomationIds {
        self.plane().declared
    }

    /// Whether the app drew a frame the committed generation does not show
    /// yet: it reacted to its own timer or to a person's input.
    pub fn has_new_frame(&self) -> bool {
        self.plane().shared.lock().frames != self.plane().committed_frames
    }

    /// Whether the app has reacted to everything: it is blocked waiting for
    /// input with nothing queued, or it ended.
    pub fn is_settled(&self) -> bool {
        self.plane().shared.lock().settled()
    }

    /// How the app's loop failed, when it did by itself: it returned an
    /// error or panicked before the harness closed (closing makes its reads
    /// fail, so whatever follows is not counted). `None` while it runs, and
    /// after a clean end.
    pub fn failure(&self) -> Option<String> {
        let state = self.plane().shared.lock();
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
        self.plane_mut().commit_now().map(Some)
    }

    /// Asks the app's loop to end: its reads fail from now on.
    pub fn close(&mut self) {
        self.plane().shared.update(|state| state.closing = true);
    }
}

impl Deref for Harness {
    type Target = Driver<AdoptPlane>;

    fn deref(&self) -> &Self::Target {
        &self.driver
    }
}

impl DerefMut for Harness {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.driver
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        // Reads fail from now on, so the app's loop returns; its thread is
        // joined once it has (an app that ignores the error and never
        // reads again is left to finish on its own).
        let plane = self.plane();
        plane.shared.update(|state| state.closing = true);
        let ended = plane.shared.wait_until(plane.settle_timeout, |state| state.ended.is_some());
        if ended && let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The viewport checked, the shared state made and the real terminal (if
/// any) read into it.
fn prepare(
    options: &HarnessOptions,
    live: &mut Option<Live>,
) -> Result<Arc<Shared>, AutomationError> {
    if options.viewport.width == 0 || options.viewport.height == 0 {
        return Err(AutomationError::InvalidViewport {
            cols: options.viewport.width,
            rows: options.viewport.height,
        });
    }
    let shared =
        Shared::new(options.viewport, options.clock == ClockMode::Realtime, live.is_some());
    if let Some(live) = live {
        live.listen(Arc::clone(&shared)).map_err(AutomationError::Io)?;
    }
    Ok(shared)
}

/// An app's loop given the harness's terminal and events, as the app
/// thread runs it.
fn with_terminal<F, T, E>(
    app: F,
) -> impl FnOnce(&Arc<Shared>, bool) -> Result<Box<dyn Any + Send>, String> + Send + 'static
where
    F: FnOnce(&mut Terminal<HarnessBackend>, &mut HarnessEvents) -> Result<T, E> + Send + 'static,
    T: Send + 'static,
    E: std::fmt::Display,
{
    move |shared: &Arc<Shared>, mirror: bool| {
        let mut terminal =
            Terminal::new(HarnessBackend::new(Arc::clone(shared), mirror.then(Mirror::from_env)))
                .map_err(|error| error.to_string())?;
        let mut events = HarnessEvents::new(Arc::clone(shared));
        match app(&mut terminal, &mut events) {
            Ok(value) => Ok(Box::new(value) as Box<dyn Any + Send>),
            Err(error) => Err(error.to_string()),
        }
    }
}

/// The app's thread: records tags, runs the app's loop, reports how it
/// ended (and keeps what it returned).
fn run_app<F>(shared: &Arc<Shared>, mirror: bool, app: F)
where
    F: FnOnce(&Arc<Shared>, bool) -> Result<Box<dyn Any + Send>, String>,
{
    record::start();
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| app(shared, mirror)));
    record::stop();
    let ended = match outcome {
        Ok(Ok(value)) => {
            shared.update(|state| state.returned = Some(value));
            Ended::Returned
        }
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
