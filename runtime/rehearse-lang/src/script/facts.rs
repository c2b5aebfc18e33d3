//! What the parser hands the semantic checks: the typed step and the
//! located pieces (selectors and their slots, keys, checkpoint names).

use crate::action::SemanticAction;
use crate::key::KeyPress;
use crate::role::SemanticRole;
use crate::script::source::{LocRange, Spanned};
use crate::selector::Selector;
use crate::step::{AutomationStep, MouseButton};
use crate::verb::Verb;

/// What a selector is used for in its step; it decides which action the
/// selector's role must support.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SelectorSlot {
    /// The target of `click:`, `rclick:` or `mclick:`.
    Click(MouseButton),
    /// The target of `hover:`.
    Hover,
    /// The target of `focus:`.
    Focus,
    /// The node `scroll:` scrolls at.
    Scroll,
    /// Where `drag:` starts.
    DragFrom,
    /// Where `drag:` ends.
    DragTo,
    /// The nodes a `wait-for:` condition is about.
    WaitFor,
    /// A scope of a chained selector (`#col` in `#col >> @button`): the
    /// step's action is on what the chain ends on, not here.
    Scope,
}

impl SelectorSlot {
    /// The action a node in this slot must support, as the engine checks it
    /// when the step runs: clicks need `click`, `focus:` needs `focus`, a
    /// drag's source needs `drag`. Hover, scroll (the wheel reaches the
    /// scrollable ancestor), a drag's drop target and wait conditions need
    /// none.
    pub const fn required_action(self) -> Option<SemanticAction> {
        match self {
            Self::Click(_) => Some(SemanticAction::Click),
            Self::Focus => Some(SemanticAction::Focus),
            Self::DragFrom => Some(SemanticAction::Drag),
            Self::Hover | Self::Scroll | Self::DragTo | Self::WaitFor | Self::Scope => None,
        }
    }
}

/// One selector of a step with where its pieces are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectorFact {
    /// What the selector is used for.
    pub slot: SelectorSlot,
    /// The selector.
    pub selector: Selector,
    /// The whole selector's lexemes.
    pub range: LocRange,
    /// For `#id`: the id and the range of its characters (after `#`).
    pub id: Option<Spanned<String>>,
    /// For `@role`: the role and the range of its name (after `@`).
    pub role: Option<Spanned<SemanticRole>>,
}

/// The located pieces of a parsed step that the semantic checks need.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct StepFacts {
    /// The whole step.
    pub range: LocRange,
    /// The verb.
    pub verb: Verb,
    /// Where the verb is.
    pub verb_range: LocRange,
    /// Every selector of the step, in order.
    pub selectors: Vec<SelectorFact>,
    /// The key of a `key:` step.
    pub key: Option<Spanned<KeyPress>>,
    /// The name of a `checkpoint:` step.
    pub checkpoint: Option<Spanned<String>>,
    /// The step has a `when(...)` guard, so it may not run.
    pub guarded: bool,
    /// For `batch:`: the facts of each input step, in order (its closing
    /// `wait-for:` is not an input), so a check can point inside the batch.
    pub inputs: Vec<StepFacts>,
}

/// A step and the facts the checks need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedStep {
    /// The typed step.
    pub step: AutomationStep,
    /// Where its pieces are.
    pub facts: StepFacts,
}
