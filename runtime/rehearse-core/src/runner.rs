//! Runs steps and scenarios on a plane and numbers them: the one place a
//! step's index, its result and its failure are made, so every plane's
//! session reports alike.

use rehearse_lang::AutomationStep;
use rehearse_lang::script::{CheckContext, parse_script_with};

use crate::error::AutomationError;
use crate::executor::Outcome;
use crate::plane::Plane;
use crate::report::{RunError, RunReport, ScriptRunError, StepError, StepResult, withhold_guesses};
use crate::scenario::{Scenario, ScenarioStep, StepSource};
use crate::trace::model::StepStatus;
use crate::trace::observe::Traced;
use crate::trace::{TraceNote, TraceOptions, Tracer};

/// Numbers the steps a session runs: indices continue from step to step
/// and start again at zero with each [`run`](Runner::run). A runner made
/// with [`traced`](Runner::traced) records every step in its [`Tracer`]
/// and writes the trace when a run fails (or always, as the mode says).
#[derive(Debug, Default)]
pub struct Runner {
    next_index: usize,
    tracer: Tracer,
    /// How the plane settles, when it is always the same way.
    settle: Option<&'static str>,
}

impl Runner {
    /// A runner whose next step is step 0, recording no trace.
    pub fn new() -> Self {
        Self::default()
    }

    /// A runner for a session on `plane` (`engine`, `adopted`, `terminal`)
    /// that records a trace as `options` and `REHEARSE_TRACE` say.
    pub fn traced(plane: &'static str, options: TraceOptions) -> Self {
        let settle = match plane {
            "engine" => Some("drain"),
            "adopted" => Some("event-shim"),
            _ => None,
        };
        Self { next_index: 0, tracer: Tracer::new(plane, options), settle }
    }

    /// The tracer, for a plane that contributes what only it knows.
    pub fn tracer_mut(&mut self) -> &mut Tracer {
        &mut self.tracer
    }

    /// The tracer.
    pub fn tracer(&self) -> &Tracer {
        &self.tracer
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
        self.step_from(plane, ScenarioStep::new(step, source)).map_err(|mut failed| {
            failed.trace = self.tracer.finish(true).map(Box::new);
            failed
        })
    }

    fn step_from<P: Plane + ?Sized>(
        &mut self,
        plane: &mut P,
        scenario_step: ScenarioStep,
    ) -> Result<StepResult, StepError> {
        let ScenarioStep { step, source, invalid, .. } = scenario_step;
        let index = self.next_index;
        self.next_index += 1;
        let invalid = self.tracer.invalid_mode().map(Err).or_else(|| {
            invalid.map(|reason| {
                let spelling = source.spelling.to_string();
                Err(AutomationError::InvalidStep { spelling, reason })
            })
        });
        let tracing = self.tracer.is_recording();
        if tracing {
            self.tracer.begin_step(index, &step, plane.committed());
        }
        let outcome = match invalid {
            Some(invalid) => invalid,
            None if tracing => {
                let mut traced = Traced::new(plane, &mut self.tracer, &step, self.settle);
                let outcome = crate::executor::execute_guarded(&mut traced, &step);
                traced.finish();
                outcome
            }
            None => crate::executor::execute_guarded(plane, &step),
        };
        let committed = plane.committed();
        let (step, source) =
            withhold_guesses(step, source, &committed.tree, outcome.as_ref().err());
        if tracing {
            let status = match &outcome {
                Ok(Outcome::Ran(_)) => StepStatus::Passed,
                Ok(Outcome::Skipped(_)) => StepStatus::Skipped,
                Err(_) => StepStatus::Failed,
            };
            self.tracer.end_step(status, &source, committed, outcome.as_ref().err());
        }
        match outcome {
            Ok(Outcome::Ran(generation)) => Ok(StepResult::new(index, step, generation, source)),
            Ok(Outcome::Skipped(generation)) => {
                Ok(StepResult::skipped(index, step, generation, source))
            }
            Err(error) => Err(StepError::new(index, step, source, committed.generation, error)),
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
        self.next_index = 0;
        let mut report = RunReport::default();
        for step in scenario.into() {
            match self.step_from(plane, step) {
                Ok(result) => report.steps.push(result),
                Err(mut failed) => {
                    failed.trace = self.tracer.finish(true).map(Box::new);
                    return Err(RunError::new(report, failed));
                }
            }
        }
        report.trace =
            self.tracer.finish(false).filter(|note| !matches!(note, TraceNote::Off)).map(Box::new);
        Ok(report)
    }

    /// Parses a text script with `context`'s checks, then runs it; `name`
    /// (a file name) goes into every step's origin.
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
        context: &CheckContext<'_>,
    ) -> Result<RunReport, ScriptRunError> {
        let parsed = parse_script_with(script, context).map_err(ScriptRunError::Invalid)?;
        self.run(plane, Scenario::from_script(parsed, name))
            .map_err(|error| ScriptRunError::Failed(Box::new(error)))
    }
}
