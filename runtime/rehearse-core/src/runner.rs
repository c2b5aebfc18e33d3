//! Runs steps and scenarios on a plane and numbers them: the one place a
//! step's index, its result and its failure are made, so every plane's
//! session reports alike.

use rehearse_lang::AutomationStep;
use rehearse_lang::script::parse_script_with;

use crate::error::AutomationError;
use crate::executor::Outcome;
use crate::plane::Plane;
use crate::report::{RunError, RunReport, ScriptRunError, StepError, StepResult, withhold_guesses};
use crate::scenario::{Scenario, ScenarioStep, StepSource};

/// Numbers the steps a session runs: indices continue from step to step
/// and start again at zero with each [`run`](Runner::run).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Runner {
    next_index: usize,
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
        if let Some(reason) = invalid {
            let spelling = source.spelling.to_string();
            let error = AutomationError::InvalidStep { spelling, reason };
            return Err(StepError::new(index, step, source, plane.committed().generation, error));
        }
        let outcome = crate::executor::execute_guarded(plane, &step);
        let committed = plane.committed();
        let (step, source) =
            withhold_guesses(step, source, &committed.tree, outcome.as_ref().err());
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
                Err(failed) => return Err(RunError::new(report, failed)),
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
