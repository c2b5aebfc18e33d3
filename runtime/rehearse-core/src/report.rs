//! What running steps reports: one result per step, or the step that failed and why.

use std::fmt;

use crate::error::AutomationError;
use crate::scenario::StepSource;
use crate::semantic::Generation;
use rehearse_lang::AutomationStep;
use rehearse_lang::script::ScriptErrors;

/// The result of one successful step.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct StepResult {
    /// Zero-based index of the step in its sequence.
    pub index: usize,
    /// The step.
    pub step: AutomationStep,
    /// The generation committed after it.
    pub generation: Generation,
    /// How and where it was written.
    pub source: StepSource,
    /// Its `when(...)` guard did not hold, so it did not run; `generation`
    /// is the one it left in place.
    pub skipped: bool,
}

impl StepResult {
    /// The result of step `index`, which committed `generation`.
    pub fn new(
        index: usize,
        step: AutomationStep,
        generation: Generation,
        source: StepSource,
    ) -> Self {
        Self { index, step, generation, source, skipped: false }
    }

    /// Step `index`, skipped because its guard did not hold.
    pub fn skipped(
        index: usize,
        step: AutomationStep,
        generation: Generation,
        source: StepSource,
    ) -> Self {
        Self { skipped: true, ..Self::new(index, step, generation, source) }
    }

    /// What results and failures call the step: its label
    /// (`[open_menu] click:#menu` is `open_menu`), else its index.
    pub fn name(&self) -> String {
        step_name(self.index, &self.step)
    }
}

/// A step's label, else its index.
fn step_name(index: usize, step: &AutomationStep) -> String {
    step.parts().0.map_or_else(|| index.to_string(), ToOwned::to_owned)
}

impl fmt::Display for StepResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.skipped {
            write!(
                f,
                "step {} {} skipped (its guard did not hold) at generation {}",
                self.name(),
                self.source,
                self.generation
            )
        } else {
            write!(f, "step {} {} -> generation {}", self.name(), self.source, self.generation)
        }
    }
}

/// A step that failed: which, what it was, and why. Earlier steps are not
/// undone.
#[derive(Debug, thiserror::Error)]
#[error("step {} {source} failed: {error}", step_name(*index, step))]
#[non_exhaustive]
pub struct StepError {
    /// Zero-based index of the failed step.
    pub index: usize,
    /// The step (boxed to keep `Result`s small).
    pub step: Box<AutomationStep>,
    /// How and where it was written.
    pub source: Box<StepSource>,
    /// The last committed generation when it failed: the one before the
    /// step, or the step's own when only its checkpoint sinks failed.
    pub generation: Generation,
    /// Why it failed.
    #[source]
    pub error: AutomationError,
}

impl StepError {
    /// Step `index` failed with `error`; `generation` is the last committed one.
    pub fn new(
        index: usize,
        step: AutomationStep,
        source: StepSource,
        generation: Generation,
        error: AutomationError,
    ) -> Self {
        Self { index, step: Box::new(step), source: Box::new(source), generation, error }
    }

    /// What the failure calls the step: its label, else its index.
    pub fn name(&self) -> String {
        step_name(self.index, &self.step)
    }
}

/// Every step's result, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunReport {
    /// One result per step.
    pub steps: Vec<StepResult>,
}

impl RunReport {
    /// The generation the last step committed, if any step ran.
    pub fn last_generation(&self) -> Option<Generation> {
        self.steps.last().map(|step| step.generation)
    }
}

/// A sequence that stopped at its first failing step.
#[derive(Debug, thiserror::Error)]
#[error("{failed}")]
#[non_exhaustive]
pub struct RunError {
    /// The steps that succeeded before the failure.
    pub completed: RunReport,
    /// The failure (boxed to keep `Result`s small).
    pub failed: Box<StepError>,
}

impl RunError {
    /// The run stopped at `failed` after `completed`.
    pub fn new(completed: RunReport, failed: StepError) -> Self {
        Self { completed, failed: Box::new(failed) }
    }
}

/// Why a script did not run to the end.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ScriptRunError {
    /// The script does not parse or check; no step ran.
    #[error("the script is invalid:\n{0}")]
    Invalid(ScriptErrors),
    /// A step failed; the steps before it ran.
    #[error("{0}")]
    Failed(Box<RunError>),
}
