//! The script grammar: one grammar, two front-ends.
//!
//! A step is `verb:argument` (`drain`, `wait` and `sleep` may go without
//! one). Text scripts ([`parse_script`]) and the `scenario!` macro both lower
//! steps to the same [`AutomationStep`](crate::AutomationStep) values through
//! one parser, [`parse_step`]:
//!
//! 1. A front-end turns each step into [`Located`] [`Lexeme`]s. The input is
//!    front-end-neutral: a [`Loc`] is a byte offset for scripts and a token
//!    index for the macro, and the parser only hands it back.
//! 2. [`parse_step_in`] parses one step into a [`ParsedStep`]: the typed
//!    step plus the [`StepFacts`] (ids, roles, keys, checkpoint names with
//!    their ranges) the checks need, or a located [`GrammarError`].
//! 3. [`check_steps`] (or a [`Checker`] fed step by step) runs the semantic
//!    checks over the sequence with what a [`CheckContext`] knows about the
//!    app: [`DeclaredIds`] and refused keys.
//!
//! docs/testing.md is the normative description, with one table row per
//! spelling that a conformance test runs through this parser.
//!
//! ```
//! use rehearse_lang::script::parse_script;
//! use rehearse_lang::{AutomationStep, Selector, SemanticRole};
//! let script = parse_script("click:@button=\"Save\"; drain").unwrap();
//! assert_eq!(
//!     script.into_automation_steps(),
//!     [AutomationStep::click(Selector::role(SemanticRole::Button).name("Save")), AutomationStep::drain()]
//! );
//! ```

mod check;
mod const_compare;
mod const_message;
mod declared;
mod error;
mod facts;
mod family;
mod include;
mod included;
mod lines;
mod parse;
mod plane_check;
mod source;
mod text_lexer;
mod text_script;

pub use crate::spelling::{ESCAPES, TextContext, needs_quotes, quote, spell, unescape};
pub use crate::verb::Verb;
pub use check::{CheckContext, Checker, check_steps};
pub use const_compare::{first_duplicate, key_eq, refuses_key, same_keys, str_eq};
pub use const_message::{CONST_MESSAGE_BYTES, ConstMessage};
pub use declared::{
    DeclaredIds, closest_declared, is_declared, same_declared_ids, undeclared_id_message,
};
pub use error::{ErrorKind, GrammarError};
pub use facts::{ParsedStep, SelectorFact, SelectorSlot, StepFacts};
pub use family::{
    DeclaredIdError, FamilyPart, Placeholder, declared_distance, family_parts, is_family,
    matches_declared, validate_declared_id,
};
pub use include::{
    MAX_INCLUDE_BYTES, MAX_INCLUDE_DEPTH, ScriptReadError, UseFiles, parse_script,
    parse_script_file, parse_script_file_with, parse_script_with, parse_script_with_uses,
    read_script_text,
};
pub use parse::{DEFAULT_WAIT, Dialect, MAX_DURATION_MS, parse_step, parse_step_in};
pub use plane_check::{PlaneName, plane_errors};
pub use source::{Lexeme, Loc, LocRange, Located, Spanned, chars};
pub use text_lexer::lex_step;
pub use text_script::{
    MAX_EXPANDED_BYTES, MAX_SCRIPT_STEPS, Script, ScriptError, ScriptErrors, ScriptStep,
    parse_step_str,
};
