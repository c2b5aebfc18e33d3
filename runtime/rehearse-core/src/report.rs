//! What running steps reports: one result per step, or the step that failed and why.

use std::fmt;

use crate::error::AutomationError;
use crate::note::TraceNote;
use crate::scenario::StepSource;
use crate::semantic::{Generation, SemanticTree};
use rehearse_lang::script::ScriptErrors;
use rehearse_lang::{AutomationStep, Guard, Predicate, TextRegex, WaitCondition};

/// What a withheld predicate value reads as in every echo of a step.
pub(crate) const REDACTED: &str = "<redacted>";

/// What a withheld regular expression reads as: its pattern `<redacted>`
/// (`value=/"<redacted>"/`).
pub(crate) fn redacted_regex() -> TextRegex {
    TextRegex::new(REDACTED).expect("`<redacted>` is a regular expression")
}

/// The step and its spelling as results and errors may echo them: a
/// `value=`/`text=` predicate compares the test's text with a node's, and
/// when that node is masked or sensitive (or holds such a node), or could
/// not be found, the text may be a secret the test expected — it is then
/// shown as [`REDACTED`] in the step, its spelling, and so in `Display`,
/// `Debug`, the [`RunReport`] and the [`StepError`]. `tree` is the tree the
/// step ended on; `error` is what it failed with, if it did (a wait that
/// already withheld its condition withholds it here too).
pub(crate) fn withhold_guesses(
    step: AutomationStep,
    source: StepSource,
    tree: &SemanticTree,
    error: Option<&AutomationError>,
) -> (AutomationStep, StepSource) {
    let withheld_already = |redacted_predicate: &Predicate| {
        matches!(error, Some(AutomationError::WaitTimeout(timeout))
            if &timeout.condition.predicate == redacted_predicate)
    };
    let withhold = |condition: &WaitCondition| -> Option<WaitCondition> {
        let predicate = match &condition.predicate {
            Predicate::ValueEquals(_) => Predicate::ValueEquals(REDACTED.into()),
            Predicate::TextContains(_) => Predicate::TextContains(REDACTED.into()),
            Predicate::ValueMatches(_) => Predicate::ValueMatches(redacted_regex()),
            Predicate::TextMatches(_) => Predicate::TextMatches(redacted_regex()),
            _ => return None,
        };
        let secret_or_missing = match tree.find_all(&condition.selector) {
            Ok(found) => {
                found.is_empty()
                    || found.iter().any(|node| {
                        node.descendants()
                            .any(|node| node.value.as_ref().is_some_and(|v| v.is_redacted()))
                    })
            }
            Err(_) => true,
        };
        (withheld_already(&predicate) || secret_or_missing)
            .then(|| WaitCondition { predicate, selector: condition.selector.clone() })
    };
    // The step's own wait, and a guard's condition (`when(value=…,#pw)`).
    let (label, guard, inner) = step.parts();
    let wait_withheld = |step: &AutomationStep| match step {
        AutomationStep::WaitFor { condition, timeout } => withhold(condition)
            .map(|condition| AutomationStep::WaitFor { condition, timeout: *timeout }),
        // An outline's values may be a guess at a secret, as `value=` is.
        AutomationStep::ExpectTree { target, pattern, timeout }
            if pattern.lines().iter().any(|(_, line)| line.value.is_some())
                && crate::tree_timeout::withholds_values(tree, target) =>
        {
            let pattern = crate::tree_timeout::withhold_values(pattern);
            Some(AutomationStep::expect_tree(target.clone(), pattern, *timeout))
        }
        _ => None,
    };
    let inner_withheld = match inner {
        // A batch's closing wait compares like any other.
        AutomationStep::Batch { inputs, then: Some(then) } => wait_withheld(then).map(|then| {
            AutomationStep::batch(inputs.clone(), Some(then)).unwrap_or_else(|_| inner.clone())
        }),
        other => wait_withheld(other),
    };
    let guard_withheld = match guard {
        Some(Guard::Node(condition)) => withhold(condition).map(Guard::Node),
        _ => None,
    };
    if inner_withheld.is_none() && guard_withheld.is_none() {
        return (step, source);
    }
    let mut rebuilt = inner_withheld.unwrap_or_else(|| inner.clone());
    if let Some(label) = label {
        rebuilt = rebuilt.labeled(label);
    }
    if let Some(guard) = guard_withheld.or_else(|| guard.cloned()) {
        rebuilt = rebuilt.when(guard);
    }
    let source = StepSource { spelling: rebuilt.to_string().into(), origin: source.origin };
    (rebuilt, source)
}

/// What running a step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It ran and committed this generation.
    Ran(Generation),
    /// Its `when(...)` guard did not hold: nothing ran or was committed;
    /// this is the generation it left in place.
    Skipped(Generation),
}

impl Outcome {
    /// The generation the step committed or left in place.
    pub const fn generation(self) -> Generation {
        match self {
            Self::Ran(generation) | Self::Skipped(generation) => generation,
        }
    }
}

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
#[error("step {} {source} failed: {error}{}", step_name(*index, step), trace_line(trace.as_deref()))]
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
    /// Where the session's trace was written (or why it was not), when
    /// the session records one; the message ends with it.
    pub trace: Option<Box<TraceNote>>,
}

/// The line a failure ends with about the trace.
fn trace_line(trace: Option<&TraceNote>) -> String {
    trace.map(|note| format!("\n{note}")).unwrap_or_default()
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
        Self {
            index,
            step: Box::new(step),
            source: Box::new(source),
            generation,
            error,
            trace: None,
        }
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
    /// Where the session's trace was written, when the run kept one
    /// (`REHEARSE_TRACE=on`; a failed run's trace is on its error).
    pub trace: Option<Box<TraceNote>>,
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
