//! `Session`: the headless host tests use. No terminal, a deterministic
//! clock, one committed generation per step.

use std::borrow::Cow;
use std::time::Duration;

use ratatui::buffer::Buffer;

use crate::component::Component;
use crate::engine::{SessionEngine, SessionOptions};
use rehearse_core::AutomationError;
use rehearse_core::LogicalTime;
use rehearse_core::semantic::{Generation, SemanticTree};
use rehearse_core::trace::TraceOptions;
use rehearse_core::wait::IdleReport;
use rehearse_core::{
    CheckpointSink, CommitHook, CommittedFrame, RunError, RunReport, ScriptRunError, SinkHost,
    StepError, StepResult,
};
use rehearse_core::{Runner, Scenario};
use rehearse_lang::AutomationStep;
use rehearse_lang::script::CheckContext;

/// A headless session: a mounted app, its engine, no terminal.
///
/// Sessions share no global state: any number run side by side, in one
/// test or in parallel tests.
pub struct Session<C: Component> {
    engine: SessionEngine<C>,
    runner: Runner,
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
        let engine = SessionEngine::start(app, options)?;
        let mut trace = TraceOptions::new();
        trace.mode = options.trace_mode();
        Ok(Self {
            engine,
            runner: Runner::traced("engine", trace),
            trace_mode: options.trace_mode(),
        })
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
        self.runner = Runner::traced("engine", options);
        self
    }

    /// Executes one step; its index continues from earlier steps.
    ///
    /// # Errors
    ///
    /// [`StepError`] with the step's index and the last good generation.
    pub fn step(&mut self, step: AutomationStep) -> Result<StepResult, StepError> {
        self.runner.step(&mut self.engine, step)
    }

    /// Executes a scenario — `scenario! { ... }`, a parsed script, or a
    /// `Vec` or array of steps — stopping at the first failure. Indices are
    /// zero-based within this run; earlier steps are not undone.
    ///
    /// # Errors
    ///
    /// [`RunError`] with the completed steps and the failure, which names
    /// the step's index, its spelling and where it was written.
    pub fn run(&mut self, scenario: impl Into<Scenario>) -> Result<RunReport, RunError> {
        self.runner.run(&mut self.engine, scenario)
    }

    /// Parses a text script against this app's declared ids and refused
    /// keys, then runs it.
    ///
    /// # Errors
    ///
    /// [`ScriptRunError::Invalid`] with every parse and check error (line,
    /// column, the offending token, the closest valid spelling) before any
    /// step runs, or [`ScriptRunError::Failed`] when a step fails.
    pub fn run_script(&mut self, script: &str) -> Result<RunReport, ScriptRunError> {
        self.run_named_script(script, None)
    }

    /// Like [`run_script`](Self::run_script), naming the script (a file name)
    /// in every step's origin.
    ///
    /// # Errors
    ///
    /// As [`run_script`](Self::run_script).
    pub fn run_named_script(
        &mut self,
        script: &str,
        name: Option<Cow<'static, str>>,
    ) -> Result<RunReport, ScriptRunError> {
        let declared = C::AUTOMATION_IDS;
        let mut context = CheckContext::new().refused_keys(declared.refused_keys());
        if let Some(ids) = declared.declared() {
            context = context.declared_ids(ids);
        }
        self.runner.run_script(&mut self.engine, script, name, &context)
    }

    /// Sends a message to the root component, drains and commits.
    ///
    /// # Errors
    ///
    /// What draining and committing fail with.
    pub fn send(&mut self, message: C::Message) -> Result<Generation, AutomationError> {
        self.engine.send(message)
    }

    /// Processes work runnable at the current logical time (messages from
    /// commands and links, due timers) and commits.
    ///
    /// # Errors
    ///
    /// What draining and committing fail with.
    pub fn drain_ready(&mut self) -> Result<Generation, AutomationError> {
        self.engine.drain()?;
        self.engine.commit_now()
    }

    /// Waits (in wall time, never moving logical time) until tracked work is
    /// quiet for `quiet_window`, then commits; see
    /// [`SessionEngine::wait_for_idle`].
    ///
    /// # Errors
    ///
    /// [`AutomationError::IdleTimeout`] with what was still pending.
    pub fn wait_for_idle(
        &mut self,
        timeout: Duration,
        quiet_window: Duration,
    ) -> Result<IdleReport, AutomationError> {
        self.engine.wait_for_idle(timeout, quiet_window)
    }

    /// What is pending right now.
    pub fn idle_report(&self) -> IdleReport {
        self.engine.idle_report()
    }

    /// What memoized bodies saved since the session started: how many ran
    /// and how many were carried over unchanged.
    pub fn render_stats(&self) -> crate::RenderStats {
        self.engine.render_stats()
    }

    /// The committed semantic tree.
    pub fn tree(&self) -> &SemanticTree {
        &self.engine.committed().tree
    }

    /// The committed rendered frame.
    pub fn buffer(&self) -> &Buffer {
        &self.engine.committed().buffer
    }

    /// The whole committed generation.
    pub fn frame(&self) -> &CommittedFrame {
        self.engine.committed()
    }

    /// The committed generation's number.
    pub fn generation(&self) -> Generation {
        self.engine.generation()
    }

    /// The session's logical time.
    pub fn now(&self) -> LogicalTime {
        self.engine.now()
    }

    /// Whether the app asked to quit (`ctx.quit()`). The step that quit
    /// completes and commits; every later step, [`send`](Self::send) and
    /// [`drain_ready`](Self::drain_ready) fails with
    /// [`AutomationError::AppQuit`]. The app and the last committed
    /// generation stay readable.
    pub fn quit_requested(&self) -> bool {
        self.engine.quit_requested()
    }

    /// The root component.
    pub fn app(&self) -> &C {
        self.engine.app()
    }

    /// The engine, for hosts that need more.
    pub fn engine_mut(&mut self) -> &mut SessionEngine<C> {
        &mut self.engine
    }

    /// The engine.
    pub fn engine(&self) -> &SessionEngine<C> {
        &self.engine
    }

    /// Adds a checkpoint sink; it receives every later `checkpoint:` step.
    pub fn add_checkpoint_sink(&mut self, sink: impl CheckpointSink + 'static) {
        self.engine.add_checkpoint_sink(sink);
    }

    /// Every checkpoint recorded so far, with its generation, in order.
    pub fn checkpoints(&self) -> &[(String, Generation)] {
        self.engine.checkpoints()
    }

    /// Registers a hook told about every later commit.
    pub fn on_commit(&mut self, hook: impl CommitHook + 'static) {
        self.engine.add_commit_hook(hook);
    }

    /// Unmounts everything (exactly once) and ends the session. Dropping a
    /// session does the same.
    pub fn close(mut self) {
        self.engine.close();
    }
}

impl<C: Component> SinkHost for Session<C> {
    fn current(&self) -> &CommittedFrame {
        self.engine.committed()
    }

    fn add_checkpoint_sink(&mut self, sink: Box<dyn CheckpointSink>) {
        self.engine.add_boxed_checkpoint_sink(sink);
    }

    fn add_commit_hook(&mut self, hook: Box<dyn CommitHook>) {
        self.engine.add_boxed_commit_hook(hook);
    }
}
