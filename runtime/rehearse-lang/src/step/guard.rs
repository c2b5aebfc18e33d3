//! What may stand before a step: its label (`[open_menu]`) and its guard
//! (`when(exists,#dialog)`).

use std::fmt;

use crate::terminal::TerminalCondition;
use crate::wait::WaitCondition;

/// The longest step label, in bytes.
pub const MAX_LABEL_BYTES: usize = 64;

/// Checks a step label (`[open_menu] click:#menu`): 1 to
/// [`MAX_LABEL_BYTES`] of `[A-Za-z0-9_-]`.
///
/// # Errors
///
/// What is wrong with it, in words.
///
/// ```
/// use rehearse_lang::validate_label;
/// assert!(validate_label("open_menu-2").is_ok());
/// assert!(validate_label("open menu").is_err());
/// ```
pub fn validate_label(label: &str) -> Result<(), String> {
    if label.is_empty() {
        return Err("the label is empty".into());
    }
    if label.len() > MAX_LABEL_BYTES {
        return Err(format!(
            "the label is {} bytes long; the limit is {MAX_LABEL_BYTES}",
            label.len()
        ));
    }
    match label.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))) {
        Some(bad) => {
            Err(format!("label `{label}` has {bad:?}; a label is letters, digits, `_` and `-`"))
        }
        None => Ok(()),
    }
}

/// What a `when(...)` guard checks before its step runs: a condition on
/// nodes, as `wait-for` takes, or on a program's screen, scrollback or
/// process.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Guard {
    /// A predicate over a selector's matches (`when(exists,#dialog)`).
    Node(WaitCondition),
    /// A terminal condition (`when(contains=Continue?,screen)`).
    Terminal(TerminalCondition),
}

impl fmt::Display for Guard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Node(condition) => condition.fmt(f),
            Self::Terminal(condition) => condition.fmt(f),
        }
    }
}

impl From<WaitCondition> for Guard {
    fn from(condition: WaitCondition) -> Self {
        Self::Node(condition)
    }
}

impl From<TerminalCondition> for Guard {
    fn from(condition: TerminalCondition) -> Self {
        Self::Terminal(condition)
    }
}
