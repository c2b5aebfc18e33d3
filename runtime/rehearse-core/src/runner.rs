//! Runs steps and scenarios on a plane and numbers them: the one place a
//! step's index, its result and its failure are made — and the one place
//! an observer hears each step begin and end — so every plane's session,
//! and every front-end, reports alike.

use std::convert::Infallible;
use std::time::{Duration, Instant, SystemTime};

use rehearse_lang::script::parse_script_with;
use rehearse_lang::{AutomationStep, WaitCondition};

use crate::error::AutomationError;
use crate::observe::{StepEnded, StepStarted};
use crate::plane::Plane;
use crate::report::{
    Outcome, RunError, RunReport, ScriptRunError, StepError, StepResult, withhold_guesses,
};
use crate::scenario::{Scenario, ScenarioStep, StepSource};
use crate::time::LogicalTime;
use crate::waiting::WaitInProgress;

/// Numbers the steps a session runs: indices continue from step to step
/// and start again at zero with each [`run`](Runner::run).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Runner {
    next_index: usize,
}

/// Why [`Runner::run_until`] ended before the scenario did.
#[derive(Debug)]
pub enum Halted<E> {
    /// A step failed.
    Failed(RunError),
    /// The caller asked to stop before the next step.
    Stopped {
        /// The steps that ran before.
        completed: RunReport,
        /// Why it stopped (the caller's).
        reason: E,
    },
}

impl Runner {
    /// A runner whose next step is step 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// Executes one step on `plane` through [`execute`](crate::execute);
    /// its index continues from earlier steps.
    ///
    /// # Errors
    ///
    /// [`StepError`] with the step's index and the last committed
    /// generation.
    pub fn step<P: Plane + ?Sized>(
        &mut self,
        plane: &mut P,
        step: AutomationStep,
    ) -> Result<StepResult, StepError> {
        let source = StepSource::of(&step);
        self.step_from(plane, ScenarioStep::new(step, source))
    }

    fn step_from<P: Plane + ?Sized>(
        &mut self,
        plane: &mut P,
        scenario_step: ScenarioStep,
    ) -> Result<StepResult, StepError> {
        let ScenarioStep { step, source, invalid, .. } = scenario_step;
        let index = self.next_index;
        self.next_index += 1;
        // An observer that refuses steps (a trace mode REHEARSE_TRACE cannot
        // read) fails each before it runs.
        let refused = plane.commit_record().refusal();
        let watched = Watched::start(plane, index, &step, &source);
        let begun = Begun { index, step, source, watched };
        match (refused, invalid) {
            (Some(refused), _) => begun.end(plane, Err(refused), false),
            // A stand-in step: nothing ran, nothing to withhold.
            (None, Some(reason)) => {
                let spelling = begun.source.spelling.to_string();
                begun.end(plane, Err(AutomationError::InvalidStep { spelling, reason }), false)
            }
            (None, None) => {
                let outcome = crate::executor::execute_guarded(plane, &begun.step);
                begun.end(plane, outcome, true)
            }
        }
    }

    /// Executes a scenario, stopping at the first failure. Indices are
    /// zero-based within this run; earlier steps are not undone.
    ///
    /// # Errors
    ///
    /// [`RunError`] with the completed steps and the failure.
    pub fn run<P: Plane + ?Sized>(
        &mut self,
        plane: &mut P,
        scenario: impl Into<Scenario>,
    ) -> Result<RunReport, RunError> {
        self.run_until(plane, scenario, || None::<Infallible>).map_err(|halted| match halted {
            Halted::Failed(error) => error,
            Halted::Stopped { reason, .. } => match reason {},
        })
    }

    /// Executes a scenario like [`run`](Self::run), asking `stop` before
    /// each step whether to go on: a front-end that can be cancelled (the
    /// control server's `act`) stops between steps, never inside one.
    ///
    /// # Errors
    ///
    /// [`Halted::Failed`] with the completed steps and the failure, or
    /// [`Halted::Stopped`] with the completed steps and `stop`'s reason.
    pub fn run_until<P: Plane + ?Sized, E>(
        &mut self,
        plane: &mut P,
        scenario: impl Into<Scenario>,
        mut stop: impl FnMut() -> Option<E>,
    ) -> Result<RunReport, Halted<E>> {
        self.next_index = 0;
        let mut report = RunReport::default();
        for step in scenario.into() {
            if let Some(reason) = stop() {
                return Err(Halted::Stopped { completed: report, reason });
            }
            match self.step_from(plane, step) {
                Ok(result) => report.steps.push(result),
                Err(failed) => return Err(Halted::Failed(RunError::new(report, failed))),
            }
        }
        Ok(report)
    }

    /// Parses a text script with the plane's checks
    /// ([`Plane::check_context`]), then runs it; `name` (a file name) goes
    /// into every step's origin.
    ///
    /// # Errors
    ///
    /// [`ScriptRunError::Invalid`] with every parse and check error before
    /// any step runs, or [`ScriptRunError::Failed`] when a step fails.
    pub fn run_script<P: Plane + ?Sized>(
        &mut self,
        plane: &mut P,
        script: &str,
        name: Option<std::borrow::Cow<'static, str>>,
    ) -> Result<RunReport, ScriptRunError> {
        let parsed =
            parse_script_with(script, &plane.check_context()).map_err(ScriptRunError::Invalid)?;
        self.run(plane, Scenario::from_script(parsed, name))
            .map_err(|error| ScriptRunError::Failed(Box::new(error)))
    }
}

/// A `wait-for:` step begun by [`Runner::begin_wait`] and not ended yet:
/// a front-end that must not block (the control server, which answers
/// other requests meanwhile) [`poll`](Self::poll)s it between its other
/// work. It is the executor's own wait ([`WaitInProgress`]): it fails with
/// the same full diagnostic as the step run through [`Runner::step`], and an
/// observer sees it begin and end as a step. It commits nothing.
#[derive(Debug)]
pub struct WaitStep {
    begun: Begun,
    wait: WaitInProgress,
}

impl Runner {
    /// Begins a `wait-for:` step on `plane` that may take until `deadline`
    /// at the latest, and that never gives up early (others may change the
    /// plane while it is pending); its index continues from earlier steps.
    ///
    /// # Errors
    ///
    /// [`StepError`] when the plane cannot answer the condition's selector.
    pub fn begin_wait<P: Plane + ?Sized>(
        &mut self,
        plane: &mut P,
        condition: WaitCondition,
        timeout: Duration,
        deadline: Instant,
    ) -> Result<WaitStep, StepError> {
        let index = self.next_index;
        self.next_index += 1;
        let step = AutomationStep::WaitFor { condition: condition.clone(), timeout };
        let source = StepSource::of(&step);
        let watched = Watched::start(plane, index, &step, &source);
        let begun = Begun { index, step, source, watched };
        match WaitInProgress::start(plane, condition, timeout) {
            Ok(wait) => Ok(WaitStep { begun, wait: wait.ending_by(deadline).patient() }),
            Err(error) => Err(begun.end(plane, Err(error), true).unwrap_err()),
        }
    }
}

impl WaitStep {
    /// Checks the condition on what `plane` committed: `None` while it may
    /// still hold; the step's result once it held (the generation it held
    /// on), or its failure.
    pub fn poll<P: Plane + ?Sized>(
        &mut self,
        plane: &mut P,
    ) -> Option<Result<StepResult, StepError>> {
        let outcome = match self.wait.check(plane) {
            Ok(false) => return None,
            Ok(true) => Ok(Outcome::Ran(plane.committed().generation)),
            Err(error) => Err(error),
        };
        Some(self.begun.clone_end(plane, outcome))
    }

    /// Ends it without an answer of its own (cancelled, its client gone,
    /// the session closing): an observer hears it ended with `why`.
    pub fn abandon<P: Plane + ?Sized>(self, plane: &mut P, why: AutomationError) -> StepError {
        self.begun.end(plane, Err(why), false).unwrap_err()
    }
}

/// A step that began: what its end reports.
#[derive(Debug)]
struct Begun {
    index: usize,
    step: AutomationStep,
    source: StepSource,
    watched: Option<Watched>,
}

impl Begun {
    /// Ends the step with `outcome`: the step and its spelling as results
    /// show them (`withhold`: a compared text that may be a secret
    /// withheld), the observer told, its result or error made.
    fn end<P: Plane + ?Sized>(
        self,
        plane: &mut P,
        outcome: Result<Outcome, AutomationError>,
        withhold: bool,
    ) -> Result<StepResult, StepError> {
        let Self { index, step, source, watched } = self;
        let (step, source) = if withhold {
            withhold_guesses(step, source, &plane.committed().tree, outcome.as_ref().err())
        } else {
            (step, source)
        };
        if let Some(watched) = watched {
            watched.end(plane, index, &step, &source, outcome.as_ref().copied());
        }
        match outcome {
            Ok(Outcome::Ran(generation)) => Ok(StepResult::new(index, step, generation, source)),
            Ok(Outcome::Skipped(generation)) => {
                Ok(StepResult::skipped(index, step, generation, source))
            }
            Err(error) => {
                Err(StepError::new(index, step, source, plane.committed().generation, error))
            }
        }
    }

    /// Like [`end`](Self::end) for a step still held by its owner.
    fn clone_end<P: Plane + ?Sized>(
        &mut self,
        plane: &mut P,
        outcome: Result<Outcome, AutomationError>,
    ) -> Result<StepResult, StepError> {
        let begun = Begun {
            index: self.index,
            step: self.step.clone(),
            source: self.source.clone(),
            watched: self.watched.take(),
        };
        begun.end(plane, outcome, true)
    }
}

/// A step an observer watches: when it began.
#[derive(Debug)]
pub(crate) struct Watched {
    serial: u64,
    wall: Instant,
    logical: LogicalTime,
}

impl Watched {
    /// Tells the observer, when `plane` has one, that step `index` begins;
    /// `None` (and nothing built) without one.
    pub(crate) fn start<P: Plane + ?Sized>(
        plane: &mut P,
        index: usize,
        step: &AutomationStep,
        source: &StepSource,
    ) -> Option<Self> {
        if !plane.commit_record().is_observed() {
            return None;
        }
        let logical = plane.now();
        let serial = plane.commit_record_mut().next_step_serial();
        let kind = plane.kind();
        let (frame, observer) = plane.commit_record_mut().frame_and_observer();
        let started = StepStarted {
            serial,
            index,
            label: step.parts().0,
            origin: source.origin.as_ref(),
            plane: kind,
            generation: frame.generation,
            frame,
            logical,
            wall: SystemTime::now(),
        };
        if let Some(observer) = observer {
            observer.step_started(&started);
        }
        Some(Self { serial, wall: Instant::now(), logical })
    }

    /// Tells the observer that step `index` ended with `outcome`.
    pub(crate) fn end<P: Plane + ?Sized>(
        self,
        plane: &mut P,
        index: usize,
        step: &AutomationStep,
        source: &StepSource,
        outcome: Result<Outcome, &AutomationError>,
    ) {
        let logical = plane.now();
        let (frame, observer) = plane.commit_record_mut().frame_and_observer();
        let ended = StepEnded {
            serial: self.serial,
            index,
            step,
            source,
            outcome,
            generation: frame.generation,
            frame,
            logical,
            logical_elapsed: logical.0.saturating_sub(self.logical.0),
            wall_elapsed: self.wall.elapsed(),
        };
        if let Some(observer) = observer {
            observer.step_ended(&ended);
        }
    }
}
