//! [`Driver`]: a plane driven by steps — the one session API every plane
//! shares. The engine's `Session`, the terminal plane's `Terminal` and the
//! adopt plane's `Harness` are each a `Driver` of their plane (they
//! dereference to it) with only what is theirs beside it.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use rehearse_lang::AutomationStep;

use crate::committed::{CheckpointSink, CommitHook, CommittedFrame};
use crate::note::TraceNote;
use crate::observe::StepObserver;
use crate::plane::Plane;
use crate::record::{CommitRecord, SinkHost};
use crate::report::{RunError, RunReport, ScriptRunError, StepError, StepResult};
use crate::runner::Runner;
use crate::scenario::Scenario;
use crate::semantic::{Generation, SemanticTree};
use crate::time::LogicalTime;
use crate::trace::{TraceOptions, Tracer};

/// A plane and the runner that numbers its steps: steps, scenarios and
/// scripts run through the one executor, and what they committed is read
/// here, alike on every plane.
///
/// ```
/// use rehearse::prelude::*;
/// # struct App;
/// # impl Component for App { type Message = (); fn update(&mut self, _: (), _: &mut Context<'_, Self>) {} fn view(&self, _: &mut Ui<'_, ()>) {} }
/// // A `Session` is a driver of the engine plane.
/// let mut session = Session::new(App, SessionOptions::default());
/// let result = session.step(AutomationStep::drain()).unwrap();
/// assert_eq!(result.generation, session.generation());
/// ```
#[derive(Debug)]
pub struct Driver<P> {
    plane: P,
    runner: Runner,
}

impl<P: Plane> Driver<P> {
    /// Drives `plane`; its next step is step 0. Its trace is recorded as
    /// `REHEARSE_TRACE` says (`retain-on-failure` without it):
    /// [`trace`](Self::trace) chooses otherwise.
    pub fn new(plane: P) -> Self {
        Self::traced(plane, TraceOptions::new())
    }

    /// Drives `plane`, recording its trace as `options` say (see
    /// [`trace`](Self::trace)).
    pub fn traced(plane: P, options: TraceOptions) -> Self {
        let mut driver = Self { plane, runner: Runner::new() };
        driver.trace(options);
        driver
    }

    /// Records this driver's trace as `options` say (mode, directory,
    /// title, bounds; without a mode there, `REHEARSE_TRACE` chooses, and
    /// without it [`TraceMode::DEFAULT`](crate::trace::TraceMode::DEFAULT);
    /// `docs/trace.md`): a [`Tracer`] becomes
    /// the plane's observer, replacing the one set before and what it
    /// recorded. An observer set later ([`observe`](Self::observe))
    /// replaces the trace.
    pub fn trace(&mut self, options: TraceOptions) {
        let tracer = Tracer::new(trace_plane(self.plane.kind()), options);
        self.plane.commit_record_mut().observe(tracer);
    }

    /// Executes one step; its index continues from earlier steps.
    ///
    /// # Errors
    ///
    /// [`StepError`] with the step's index and the last good generation;
    /// when it records a trace, the error says where it was written
    /// ([`StepError::trace`]).
    pub fn step(&mut self, step: AutomationStep) -> Result<StepResult, StepError> {
        self.runner.step(&mut self.plane, step).map_err(|mut failed| {
            failed.trace = self.run_ended(true);
            failed
        })
    }

    /// Asks the observer what it made of a run that ended, `failed` or
    /// not: where the trace was written, or (failed) that traces are off.
    fn run_ended(&mut self, failed: bool) -> Option<Box<TraceNote>> {
        let note = self.plane.commit_record_mut().run_ended(failed);
        note.filter(|note| failed || !matches!(note, TraceNote::Off)).map(Box::new)
    }

    /// Hands a run's outcome back with what the observer made of it.
    fn ended(&mut self, outcome: Result<RunReport, RunError>) -> Result<RunReport, RunError> {
        match outcome {
            Ok(mut report) => {
                report.trace = self.run_ended(false);
                Ok(report)
            }
            Err(mut error) => {
                error.failed.trace = self.run_ended(true);
                Err(error)
            }
        }
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
        let outcome = self.runner.run(&mut self.plane, scenario);
        self.ended(outcome)
    }

    /// Parses a text script with the plane's checks (an app's declared ids
    /// and refused keys, see [`Plane::check_context`]), then runs it.
    ///
    /// # Errors
    ///
    /// [`ScriptRunError::Invalid`] with every parse and check error (line,
    /// column, the offending token, the closest valid spelling) before any
    /// step runs, or [`ScriptRunError::Failed`] when a step fails.
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
        match self.runner.run_script(&mut self.plane, script, name) {
            Ok(report) => {
                self.ended(Ok(report)).map_err(|error| ScriptRunError::Failed(Box::new(error)))
            }
            Err(ScriptRunError::Failed(error)) => {
                self.ended(Err(*error)).map_err(|error| ScriptRunError::Failed(Box::new(error)))
            }
            Err(invalid) => Err(invalid),
        }
    }

    /// Adds a checkpoint sink; it receives every later `checkpoint:` step
    /// (and a diagnostic checkpoint when a wait fails).
    pub fn add_checkpoint_sink(&mut self, sink: impl CheckpointSink + 'static) {
        self.plane.commit_record_mut().add_checkpoint_sink(sink);
    }

    /// Registers a hook told about every later commit.
    pub fn on_commit(&mut self, hook: impl CommitHook + 'static) {
        self.plane.commit_record_mut().on_commit(hook);
    }

    /// Sets the observer told about every later step (its start and end),
    /// what happened within it, every commit and every checkpoint: the
    /// seam a trace records from (see [`StepObserver`]). A plane holds
    /// one: this replaces the one set before, the session's trace too
    /// ([`trace`](Self::trace) sets a trace again).
    pub fn observe(&mut self, observer: impl StepObserver + 'static) {
        self.plane.commit_record_mut().observe(observer);
    }

    /// Every checkpoint recorded so far, with its generation, in order.
    pub fn checkpoints(&self) -> &[(String, Generation)] {
        self.plane.commit_record().checkpoints()
    }

    /// The whole committed generation.
    pub fn frame(&self) -> &CommittedFrame {
        self.plane.committed()
    }

    /// The committed semantic tree.
    pub fn tree(&self) -> &SemanticTree {
        &self.plane.committed().tree
    }

    /// The committed rendered frame.
    pub fn buffer(&self) -> &Buffer {
        &self.plane.committed().buffer
    }

    /// The committed generation's number.
    pub fn generation(&self) -> Generation {
        self.plane.committed().generation
    }

    /// The plane's logical time.
    pub fn now(&self) -> LogicalTime {
        self.plane.now()
    }

    /// The plane the steps run on, for what only it offers.
    pub fn plane(&self) -> &P {
        &self.plane
    }

    /// The plane, to drive it directly (a front-end that runs steps with
    /// its own [`Runner`], as the control server does).
    pub fn plane_mut(&mut self) -> &mut P {
        &mut self.plane
    }

    /// The plane, no longer driven.
    pub fn into_plane(self) -> P {
        self.plane
    }
}

impl<P: Plane> SinkHost for Driver<P> {
    fn commit_record(&self) -> &CommitRecord {
        self.plane.commit_record()
    }

    fn commit_record_mut(&mut self) -> &mut CommitRecord {
        self.plane.commit_record_mut()
    }
}

/// The plane's name in a trace (`engine`, `adopted`, `terminal`).
fn trace_plane(kind: crate::kind::PlaneKind) -> &'static str {
    match kind {
        crate::kind::PlaneKind::Adopt => "adopted",
        other => other.as_str(),
    }
}
