//! `Selector`: how a step names the node it acts on.

use std::fmt;

use crate::role::SemanticRole;
use crate::spelling::{TextContext, spell};

/// How a step finds its target. Variants are explicit and never fall through
/// to another strategy.
///
/// An action requires exactly one match; discovery returns every match in
/// document order. The `Display` form is the script spelling.
///
/// ```
/// use rehearse_lang::{Selector, SemanticRole};
/// assert_eq!(Selector::id("save").to_string(), "#save");
/// assert_eq!(Selector::from(Selector::role(SemanticRole::Button).name("Save")).to_string(), "@button=Save");
/// assert_eq!(Selector::text_contains("failed").to_string(), "text~failed");
/// assert_eq!(Selector::point(42, 17).to_string(), "42,17");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Selector {
    /// The node whose automation id is exactly this (`#save`). The id is
    /// validated when the selector is resolved, and by the front-ends when
    /// they parse it.
    Id(String),
    /// Nodes of a role, optionally with exactly this accessible name
    /// (`@button`, `@button=Save`).
    Role {
        /// The role.
        role: SemanticRole,
        /// The exact accessible name, if any.
        name: Option<String>,
    },
    /// Nodes whose own accessible name or public value contains the text
    /// (`text~failed`). Redacted values never match.
    TextContains(String),
    /// A cell (`42,17`). Discovery and waits match the node under it (the
    /// topmost overlay first, then actionable nodes, then the smallest area);
    /// pointer steps send their events to the cell itself, where a real
    /// pointer there would go.
    Point {
        /// Zero-based column.
        col: u16,
        /// Zero-based row.
        row: u16,
    },
}

impl Selector {
    /// Select by automation id.
    pub fn id(id: impl AsRef<str>) -> Self {
        Self::Id(id.as_ref().to_owned())
    }

    /// Select by role; add `.name("...")` to require an exact accessible name.
    pub fn role(role: SemanticRole) -> RoleSelector {
        RoleSelector { role, name: None }
    }

    /// Select nodes whose name or public value contains `text`.
    ///
    /// Empty text matches every node, so the grammar has no spelling for it:
    /// `text~` and `text~""` are `empty-text` errors.
    pub fn text_contains(text: impl Into<String>) -> Self {
        Self::TextContains(text.into())
    }

    /// Select the node under the cell at `col`, `row`.
    pub fn point(col: u16, row: u16) -> Self {
        Self::Point { col, row }
    }
}

/// A role selector under construction; converts into [`Selector`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RoleSelector {
    role: SemanticRole,
    name: Option<String>,
}

impl RoleSelector {
    /// Require exactly this accessible name.
    #[must_use]
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }
}

impl From<RoleSelector> for Selector {
    fn from(selector: RoleSelector) -> Self {
        Self::Role { role: selector.role, name: selector.name }
    }
}

impl From<SemanticRole> for Selector {
    fn from(role: SemanticRole) -> Self {
        Self::Role { role, name: None }
    }
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Id(id) => write!(f, "#{id}"),
            Self::Role { role, name: None } => write!(f, "@{role}"),
            Self::Role { role, name: Some(name) } => {
                write!(f, "@{role}={}", spell(name, TextContext::Selector))
            }
            Self::TextContains(text) => write!(f, "text~{}", spell(text, TextContext::Selector)),
            Self::Point { col, row } => write!(f, "{col},{row}"),
        }
    }
}

impl fmt::Display for RoleSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Selector::from(self.clone()).fmt(f)
    }
}
