//! # rehearse
//!
//! Make ratatui terminal UIs automatable and testable the way Playwright made
//! web pages testable.
//!
//! - [`Semantic`] (and `#[derive(Semantic)]`) says what a widget *means*:
//!   role, accessible name, value, sensitivity, states and automation id.
//! - [`semantic::SemanticTree`] is the committed, queryable tree of a
//!   generation, with redacted JSON and Markdown projections.
//! - [`AutomationStep`] and [`Selector`] are the typed operations every
//!   front-end lowers to.
//!
//! ```
//! use rehearse::prelude::*;
//!
//! #[derive(Semantic)]
//! #[semantic(role = text-box, id = "password", masked)]
//! struct PasswordField<'a> {
//!     #[semantic(name)]
//!     label: &'a str,
//!     #[semantic(value)]
//!     secret: &'a str,
//! }
//!
//! let facts = PasswordField { label: "Password", secret: "hunter2" }.semantics();
//! assert_eq!(facts.value.unwrap().text(), None); // never holds the secret
//! ```

// The derive expands to `::rehearse::...` paths; this makes them resolve
// inside this crate too, so built-in widgets can derive.
#[allow(unused_extern_crates)]
extern crate self as rehearse;

pub mod artifacts;
mod clock;
mod command;
mod component;
mod context;
pub mod engine;
mod error;
pub mod input;
mod memo_check;
mod runtime;
mod scenario;
pub mod semantic;
mod session;
pub mod terminal;
pub mod ui;
pub mod wait;
pub mod widgets;

pub use clock::{ClockMode, LogicalTime, TimerId};
pub use command::{CommandId, CommandLink, Link, SessionClosed};
pub use component::{Component, Key};
pub use context::Context;
pub use engine::{
    Checkpoint, CheckpointSink, CommitHook, CommittedFrame, DrainLimits, InteractionState,
    RenderStats, SessionEngine,
};
pub use error::AutomationError;
pub use memo_check::{MemoCheck, MemoMismatch};
pub use runtime::RuntimeCore;
pub use scenario::{AutomationIds, Origin, Scenario, ScenarioStep, StepSource};
pub use session::{
    DEFAULT_VIEWPORT, RunError, RunReport, ScriptRunError, Session, SessionOptions, StepError,
    StepResult,
};
pub use ui::{Ui, View};

pub use rehearse_lang::script;
pub use rehearse_lang::{
    ActionSet, AutomationId, AutomationIdError, AutomationStep, Checked, CheckpointNameError,
    FocusTarget, KeyCode, KeyParseError, KeyPress, MAX_AUTOMATION_ID_BYTES, Modifiers, MouseButton,
    Predicate, PredicateName, RoleSelector, ScrollDirection, Selector, SemanticAction,
    SemanticRole, Sensitivity, StateName, UnknownName, Vocabulary, WaitCondition,
    validate_checkpoint_name,
};
pub use rehearse_macros::{Semantic, automation_ids, scenario};
pub use semantic::Semantic;

/// The closed vocabularies and their spelling rules.
pub mod vocabulary {
    pub use rehearse_lang::suggest::{closest, edit_distance};
    pub use rehearse_lang::vocabulary::{UnknownName, Vocabulary};
}

/// Everything a test or an app usually needs, in one import.
pub mod prelude {
    pub use crate::semantic::{
        Bounds, Generation, Semantic, SemanticFacts, SemanticNode, SemanticTree, SemanticValue,
        Semantics,
    };
    pub use crate::{
        ActionSet, AutomationError, AutomationId, AutomationStep, Checked, ClockMode, Component,
        Context, FocusTarget, Key, KeyCode, KeyPress, Modifiers, MouseButton, Predicate,
        ScrollDirection, Selector, SemanticAction, SemanticRole, Sensitivity, Session,
        SessionOptions, Ui, View, WaitCondition,
    };
    // The derive macro (macro namespace) next to the trait (type namespace).
    pub use rehearse_macros::{Semantic, automation_ids, scenario};
}

/// Implementation details of the generated code. Not public API.
#[doc(hidden)]
pub mod __private {
    use std::borrow::Cow;

    pub use crate::semantic::{IntoSemanticText, SemanticFacts};
    pub use rehearse_lang::script::{
        ConstMessage, first_duplicate, refuses_key, same_declared_ids, same_keys,
        undeclared_id_message,
    };
    pub use rehearse_lang::{
        ActionSet, AutomationId, Checked, SemanticAction, SemanticRole, Sensitivity,
    };

    /// A field that holds a dynamic automation id (`#[semantic(id)]`):
    /// `str`, `String`, `Cow<str>`, `AutomationId`, references to them, and
    /// `Option`s of them (`None` sets no id).
    pub trait AutomationIdSource {
        /// The id, or `None` to set none.
        fn automation_id_str(&self) -> Option<&str>;
    }

    impl AutomationIdSource for str {
        fn automation_id_str(&self) -> Option<&str> {
            Some(self)
        }
    }

    impl AutomationIdSource for String {
        fn automation_id_str(&self) -> Option<&str> {
            Some(self)
        }
    }

    impl AutomationIdSource for Cow<'_, str> {
        fn automation_id_str(&self) -> Option<&str> {
            Some(self)
        }
    }

    impl AutomationIdSource for AutomationId {
        fn automation_id_str(&self) -> Option<&str> {
            Some(self.as_str())
        }
    }

    impl<T: AutomationIdSource + ?Sized> AutomationIdSource for &T {
        fn automation_id_str(&self) -> Option<&str> {
            (**self).automation_id_str()
        }
    }

    impl<T: AutomationIdSource> AutomationIdSource for Option<T> {
        fn automation_id_str(&self) -> Option<&str> {
            self.as_ref().and_then(AutomationIdSource::automation_id_str)
        }
    }

    /// `facts` with the automation id held by `id`, if it holds one.
    pub fn with_automation_id<T: AutomationIdSource + ?Sized>(
        facts: SemanticFacts,
        id: &T,
    ) -> SemanticFacts {
        match id.automation_id_str() {
            Some(id) => facts.automation_id(id),
            None => facts,
        }
    }
}
