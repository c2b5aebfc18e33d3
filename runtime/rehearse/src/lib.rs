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

//! ## Where things are
//!
//! The crate root holds what an app or a test names: the session
//! ([`Session`], [`SessionOptions`]), what an app implements and builds with
//! ([`Component`], [`Context`], [`Ui`], [`ReconcileKey`], [`Semantic`],
//! [`automation_ids!`] and the [`AutomationIds`] and [`DeclaresIds`] it
//! makes), what a test writes ([`scenario!`], [`Scenario`],
//! [`AutomationStep`], [`Selector`], [`Predicate`], [`WaitCondition`],
//! [`KeyPress`], [`KeyCode`], [`Modifiers`], [`SemanticRole`],
//! [`MemoCheck`]) and the one error an app returns ([`AutomationError`]).
//! The modules hold the rest, one plane or concern each (what a step or a
//! run reports is in [`engine`], a script run's error in [`script`]):
//!
//! | module | what |
//! |---|---|
//! | [`prelude`] | one import for apps and tests |
//! | [`semantic`] | the semantic tree, facts, the [`Semantics`](semantic::Semantics) wrapper |
//! | [`widgets`], [`ui`] | the engine's built-in widgets and the view builder |
//! | [`engine`] | the engine plane's session internals, commits, sinks and hooks |
//! | [`time`], [`command`] | the controlled clock, timers, commands and links |
//! | [`wait`] | wait conditions and idle reports |
//! | [`artifacts`] | checkpoint encoders, goldens, recordings, headless renders |
//! | [`script`] | text scripts: parse, check, run |
//! | [`vocabulary`] | the closed sets and the id and name rules |
//! | [`live`] | running an app in a real terminal (or as a control server), and its crossterm input |
//! | [`control`] | the control plane: an app served over a Unix socket (`rehearse/1`) |
//! | [`pty`] | the terminal plane: any program in a real PTY, the same steps |
//! | [`adopt`] | a plain ratatui app adopted: tags at the render site, its own loop driven by steps |
//! | [`ratatui`] | the ratatui rehearse is built on, for apps that name it through rehearse |

pub use rehearse_core::semantic::Semantic;
pub use rehearse_core::{AutomationError, AutomationIds, Scenario, TreeTimeout};
pub use rehearse_engine::{
    Component, Context, DeclaresIds, MemoCheck, ReconcileKey, Session, SessionOptions, Ui,
};
pub use rehearse_lang::{
    AutomationStep, KeyCode, KeyPress, Modifiers, Predicate, Selector, SemanticRole, WaitCondition,
};
pub use rehearse_macros::{Semantic, automation_ids, scenario};

pub mod adopt;
/// The ratatui an app draws with, the version rehearse is built on: an app
/// that names it through `rehearse::ratatui` needs no dependency of its own
/// and never meets a second copy of it.
pub use ratatui;
pub use rehearse_core::{semantic, trace, wait};
pub use rehearse_engine::{ui, widgets};
#[cfg(unix)]
pub mod control;
pub mod live;
/// The terminal plane: any program in a real PTY, driven with the same
/// steps ([`pty::Terminal`]); see `docs/terminal.md`.
#[cfg(unix)]
pub use rehearse_pty as pty;

/// The engine plane beneath [`Session`]: the engine itself, the [`Driver`](engine::Driver)
/// every plane's session is and what its steps and runs report
/// ([`StepResult`](engine::StepResult), [`RunReport`](engine::RunReport) and
/// their errors), committed generations and their record, checkpoint sinks
/// and commit hooks, the [`StepObserver`](engine::StepObserver) that watches
/// every step, render statistics.
pub mod engine {
    pub use rehearse_core::{
        Checkpoint, CheckpointSink, CommitHook, CommitRecord, CommittedFrame, DEFAULT_VIEWPORT,
        Driver, Input, InteractionState, MAX_SCREEN_CELLS, MAX_TIMERS_PER_ADVANCE, MAX_TREE_DEPTH,
        Origin, Outcome, PlaneKind, PointerKind, RunError, RunReport, ScenarioStep, ScreenTooLarge,
        Settled, SinkHost, StepEnded, StepError, StepNote, StepObserver, StepResult, StepSource,
        StepStarted, check_screen_size,
    };
    pub use rehearse_engine::engine::StepOutcome;
    pub use rehearse_engine::{DrainLimits, Engine, MemoMismatch, RenderStats};
}

/// Time as a session sees it: the clock mode, logical time, timers.
pub mod time {
    pub use rehearse_core::{ClockMode, LogicalTime};
    pub use rehearse_engine::TimerId;
}

/// Work off the UI thread: commands, links and what they report.
pub mod command {
    pub use rehearse_engine::{CommandId, CommandLink, Link, SessionClosed};
}

/// Artifacts: checkpoint encoders, golden baselines, recordings, and the
/// drivers that run whole sessions for them; [`TypedSecrets`](artifacts::TypedSecrets)
/// hides what a plane typed as a secret in a screen an output shows.
pub mod artifacts {
    pub use rehearse_core::artifacts::*;
    pub use rehearse_core::{MASK, REDACTED, TerminalState, TypedSecrets};
    pub use rehearse_engine::drivers::*;
}

/// Text scripts: the same grammar as `scenario!`, parsed and checked at run
/// time ([`Driver::run_script`](engine::Driver::run_script) runs one on a
/// [`Session`], a `Terminal` or a `Harness`, and fails with a
/// [`ScriptRunError`](script::ScriptRunError)).
pub mod script {
    pub use rehearse_core::ScriptRunError;
    pub use rehearse_lang::script::{
        CheckContext, DeclaredIds, ErrorKind, GrammarError, MAX_DURATION_MS, MAX_EXPANDED_BYTES,
        MAX_INCLUDE_BYTES, MAX_INCLUDE_DEPTH, MAX_SCRIPT_STEPS, PlaneName, Script, ScriptError,
        ScriptErrors, ScriptStep, UseFiles, parse_script, parse_script_file,
        parse_script_file_with, parse_script_with, parse_script_with_uses, parse_step_str,
    };
}

/// The closed vocabularies, the steps' other parts, and the spelling rules
/// of ids and checkpoint names.
pub mod vocabulary {
    pub use rehearse_lang::{
        ActionSet, AnsiColor, AutomationId, AutomationIdError, Checked, CheckpointNameError,
        FocusTarget, KeyParseError, LineCount, MAX_AUTOMATION_ID_BYTES, MouseButton, Pattern,
        PointerAction, PointerButton, PredicateName, RoleSelector, ScrollDirection, Secret,
        SemanticAction, Sensitivity, StateName, StyleAttribute, StyleCheck, StyleColor,
        TerminalCondition, TerminalPredicateName, TerminalSubject, TextMatcher, TextRegex,
        TextRegion, UnknownName, Vocabulary, validate_checkpoint_name,
    };
    pub use rehearse_lang::{
        MAX_TREE_PATTERN_BYTES, MAX_TREE_PATTERN_DEPTH, MAX_TREE_PATTERN_LINES, NodePattern,
        StatePattern, TextPattern, TreePattern,
    };
}

/// Everything a test or an app usually needs, in one import.
pub mod prelude {
    pub use crate::semantic::{
        Bounds, Generation, ScrollPosition, Semantic, SemanticFacts, SemanticNode, SemanticTree,
        SemanticValue, Semantics,
    };
    pub use crate::time::{ClockMode, TimerId};
    pub use crate::ui::{View, WidgetEvent};
    pub use crate::vocabulary::{
        ActionSet, AutomationId, Checked, FocusTarget, MouseButton, ScrollDirection, Secret,
        SemanticAction, Sensitivity,
    };
    pub use crate::{
        AutomationError, AutomationIds, AutomationStep, Component, Context, KeyCode, KeyPress,
        Modifiers, Predicate, ReconcileKey, Scenario, Selector, SemanticRole, Session,
        SessionOptions, Ui, WaitCondition,
    };
    // The derive macro (macro namespace) next to the trait (type namespace).
    pub use rehearse_macros::{Semantic, automation_ids, scenario};
}

/// Implementation details of the generated code. Not public API.
#[doc(hidden)]
pub mod __private {
    use std::borrow::Cow;

    pub use rehearse_core::Interpolated;
    pub use rehearse_core::semantic::{IntoSemanticText, SemanticFacts};
    pub use rehearse_lang::script::{
        ConstMessage, first_duplicate, matches_declared, refuses_key, same_declared_ids, same_keys,
        undeclared_id_message,
    };
    pub use rehearse_lang::{
        ActionSet, AnsiColor, AutomationId, Checked, LineCount, Pattern, PointerAction,
        PointerButton, ScrollDirection, Secret, SemanticAction, SemanticRole, Sensitivity,
        StyleAttribute, StyleCheck, StyleColor, TerminalCondition, TextMatcher, TextRegex,
        TextRegion,
    };
    pub use rehearse_lang::{NodePattern, StatePattern, TextPattern, TreePattern};

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
