//! `Session`: the headless host tests use. No terminal, a deterministic
//! clock, one committed generation per step.

use std::ops::{Deref, DerefMut};
use std::time::Duration;

use crate::component::Component;
use crate::engine::{Engine, SessionOptions};
use rehearse_core::semantic::Generation;
use rehearse_core::trace::TraceOptions;
use rehearse_core::wait::IdleReport;
use rehearse_core::{AutomationError, Driver};

/// A headless session: a mounted app, its engine, no terminal.
///
/// A `Session` is a [`Driver`] of the engine (it dereferences to one):
/// [`step`](Driver::step), [`run`](Driver::run),
/// [`run_script`](Driver::run_script) (checked against the app's declared
/// ids and refused keys), sinks, hooks and what was committed are the
/// driver's; messages, draining, idleness and the app are the session's.
///
/// Sessions share no global state: any number run side by side, in one
/// test or in parallel tests.
pub struct Session<C: Component> {
    driver: Driver<Engine<C>>,
    /// The trace mode the session options asked for.
    trace_mode: Option<rehearse_core::trace::TraceMode>,
}

impl<C: Component> Session<C> {
    /// Mounts `app` and commits the first generation.
    ///
    /// # Panics
    ///
    /// Panics with the error's message when the first commit fails (for
    /// instance on duplicate automation ids); use [`try_new`](Self::try_new)
    /// to handle that as an error.
    pub fn new(app: C, options: SessionOptions) -> Self {
        Self::try_new(app, options)
            .unwrap_or_else(|error| panic!("the session could not start: {error}"))
    }

    /// Mounts `app` and commits the first generation.
    ///
    /// # Errors
    ///
    /// What the first commit fails with.
    pub fn try_new(app: C, options: SessionOptions) -> Result<Self, AutomationError> {
        let trace_mode = options.trace_mode();
        let trace = TraceOptions { mode: trace_mode, ..TraceOptions::new() };
        let driver = Driver::traced(Engine::start(app, options)?, trace);
        Ok(Self { driver, trace_mode })
    }

    /// Records this session's trace as `options` say (its mode, directory,
    /// title and bounds; without a mode there, the session options' or
    /// else `REHEARSE_TRACE`'s), instead of as the session options did
    /// (`docs/trace.md`). Call it before the first step: what was recorded
    /// before is dropped.
    #[must_use]
    pub fn traced(mut self, options: TraceOptions) -> Self {
        let mut options = options;
        if options.mode.is_none() {
            options.mode = self.trace_mode;
        }
        self.driver.trace(options);
        self
    }

    /// Sends a message to the root component, drains and commits.
    ///
    /// # Errors
    ///
    /// What draining and committing fail with.
    pub fn send(&mut self, message: C::Message) -> Result<Generation, AutomationError> {
        self.engine_mut().send(message)
    }

    /// Processes work runnable at the current logical time (messages from
    /// commands and links, due timers) and commits.
    ///
    /// # Errors
    ///
    /// What draining and committing fail with.
    pub fn drain_ready(&mut self) -> Result<Generation, AutomationError> {
        let engine = self.engine_mut();
        engine.drain()?;
        engine.commit_now()
    }

    /// Waits (in wall time, never moving logical time) until tracked work is
    /// quiet for `quiet_window`, then commits; see
    /// [`Engine::wait_for_idle`].
    ///
    /// # Errors
    ///
    /// [`AutomationError::IdleTimeout`] with what was still pending.
    pub fn wait_for_idle(
        &mut self,
        timeout: Duration,
        quiet_window: Duration,
    ) -> Result<IdleReport, AutomationError> {
        self.engine_mut().wait_for_idle(timeout, quiet_window)
    }

    /// What is pending right now.
    pub fn idle_report(&self) -> IdleReport {
        self.engine().idle_report()
    }

    /// What memoized bodies saved since the session started: how many ran
    /// and how many were carried over unchanged.
    pub fn render_stats(&self) -> crate::RenderStats {
        self.engine().render_stats()
    }

    /// Whether the app asked to quit (`ctx.quit()`). The step that quit
    /// completes and commits; every later step, [`send`](Self::send) and
    /// [`drain_ready`](Self::drain_ready) fails with
    /// [`AutomationError::AppQuit`]. The app and the last committed
    /// generation stay readable.
    pub fn quit_requested(&self) -> bool {
        self.engine().quit_requested()
    }

    /// The root component.
    pub fn app(&self) -> &C {
        self.engine().app()
    }

    /// The engine, for hosts that need more (the driver's
    /// [`plane_mut`](Driver::plane_mut)).
    pub fn engine_mut(&mut self) -> &mut Engine<C> {
        self.driver.plane_mut()
    }

    /// The engine (the driver's [`plane`](Driver::plane)).
    pub fn engine(&self) -> &Engine<C> {
        self.driver.plane()
    }

    /// Unmounts everything (exactly once) and ends the session. Dropping a
    /// session does the same.
    pub fn close(mut self) {
        self.engine_mut().close();
    }
}

impl<C: Component> Deref for Session<C> {
    type Target = Driver<Engine<C>>;

    fn deref(&self) -> &Self::Target {
        &self.driver
    }
}

impl<C: Component> DerefMut for Session<C> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.driver
    }
}
