//! The one source of truth for rehearse's spellings.
//!
//! Every closed vocabulary (roles, actions, states, sensitivities, key names,
//! wait predicates), the automation id rules and the typed step IR live here,
//! in a crate with one dependency (`regex-syntax`, which checks the patterns
//! of `matches=` waits) and no rehearse crate beneath it, so that
//! `rehearse-macros` (at compile time) and `rehearse` (at run time) agree on
//! every spelling by construction. Users reach all of it through `rehearse`; this crate is an
//! implementation detail with a stable shape.
//!
//! [`script`] is the grammar both `scenario!` and text scripts lower through:
//! one step parser over front-end-neutral lexemes, located errors with
//! suggestions, and the semantic checks.
//!
//! ```
//! use rehearse_lang::{AutomationStep, Selector, SemanticRole};
//! let step = AutomationStep::click(Selector::role(SemanticRole::Button).name("Save"));
//! assert_eq!(step.to_string(), "click:@button=Save");
//! ```

mod action;
mod checkpoint;
mod id;
mod key;
mod role;
pub mod script;
mod secret;
mod selector;
mod sensitivity;
mod spelling;
mod state;
mod step;
mod style;
pub mod suggest;
mod terminal;
mod text_regex;
mod tree_pattern;
mod verb;
pub mod vocabulary;
mod wait;

pub use action::{ActionSet, SemanticAction};
pub use checkpoint::{
    CheckpointNameError, MAX_CHECKPOINT_NAME_BYTES, RESERVED_FILE_NAMES, validate_checkpoint_name,
};
pub use id::{AutomationId, AutomationIdError, MAX_AUTOMATION_ID_BYTES, validate_automation_id};
pub use key::{KeyCode, KeyParseError, KeyPress, Modifiers};
pub use role::SemanticRole;
pub use secret::{Secret, validate_env_name};
pub use selector::{RoleSelector, Selector};
pub use sensitivity::Sensitivity;
pub use state::{Boolean, Checked, StateName};
pub use step::{
    AutomationStep, FocusOrder, FocusTarget, Guard, MAX_LABEL_BYTES, MouseButton, ScrollDirection,
    validate_label,
};
pub use style::{AnsiColor, StyleAttribute, StyleCheck, StyleColor};
pub use terminal::{
    LineCount, Pattern, PointerAction, PointerButton, TerminalCondition, TerminalPredicateName,
    TerminalSubject, TextMatcher, TextRegion,
};
pub use text_regex::{IGNORE_CASE_FLAG, TextRegex};
pub use tree_pattern::{
    MAX_TREE_PATTERN_BYTES, MAX_TREE_PATTERN_DEPTH, MAX_TREE_PATTERN_LINES, NodePattern,
    StatePattern, TextPattern, TreePattern,
};
pub use vocabulary::{UnknownName, Vocabulary};
pub use wait::{Predicate, PredicateArgument, PredicateName, WaitCondition};
