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
}

impl StepResult {
    /// The result of step `index`, which committed `generation`.
    pub fn new(
        index: usize,
        step: AutomationStep,
        generation: Generation,
        source: StepSource,
    ) -> Self {
        Self { index, step, generation, source }
    }
}

impl fmt::Display for StepResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {} {} -> generation {}", self.index, self.source, self.generation)
    }
}

/// A step that failed: which, what it was, and why. Earlier steps are not
/// undone.
#[derive(Debug, thiserror::Error)]
#[error("step {index} {source} failed: {error}")]
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
