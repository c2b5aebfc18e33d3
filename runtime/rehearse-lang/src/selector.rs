//! `Selector`: how a step names the node it acts on.

use std::fmt;

use crate::role::SemanticRole;
use crate::spelling::{TextContext, spell};
use crate::text_regex::TextRegex;

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
/// let saving = rehearse_lang::TextRegex::new("Sav(e|ing)").unwrap();
/// assert_eq!(Selector::from(Selector::role(SemanticRole::Button).name_matching(saving)).to_string(), r#"@button=/"Sav(e|ing)"/"#);
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
    /// Nodes of a role whose accessible name matches a regular expression
    /// (`@button=/Sav(e|ing)/`): found anywhere in the name.
    RoleNameMatches {
        /// The role.
        role: SemanticRole,
        /// What the accessible name must match.
        name: TextRegex,
    },
    /// Nodes whose own accessible name or public value contains the text
    /// (`text~failed`). Redacted values never match.
    TextContains(String),
    /// Nodes whose own accessible name or public value matches a regular
    /// expression (`text~/\d+ items/`), the deepest ones as for
    /// [`TextContains`](Self::TextContains). Redacted values never match.
    TextMatches(TextRegex),
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
    /// `SCOPE >> TARGET`: the nodes `target` matches among the descendants
    /// of the one node `scope` matches (Playwright's chained locators).
    Within {
        /// The one node to look inside.
        scope: Box<Selector>,
        /// What to find there.
        target: Box<Selector>,
    },
    /// `SELECTOR >> nth=N`: the `N`th (zero-based) of the nodes `of`
    /// matches, in document order.
    Nth {
        /// The selector whose matches are counted.
        of: Box<Selector>,
        /// Which match.
        index: usize,
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

    /// Select nodes whose name or public value matches `regex` (`text~/re/`).
    pub fn text_matches(regex: TextRegex) -> Self {
        Self::TextMatches(regex)
    }

    /// Select the node under the cell at `col`, `row`.
    pub fn point(col: u16, row: u16) -> Self {
        Self::Point { col, row }
    }

    /// `self >> target`: the nodes `target` matches among the descendants
    /// of the one node `self` matches.
    ///
    /// ```
    /// use rehearse_lang::{Selector, SemanticRole};
    /// let move_card = Selector::id("col-todo")
    ///     .descendant(Selector::role(SemanticRole::Button).name("Move"));
    /// assert_eq!(move_card.to_string(), "#col-todo >> @button=Move");
    /// ```
    ///
    /// A chained `target` joins the chain as the grammar reads it, from the
    /// left (`a >> (b >> c)` is `(a >> b) >> c`, which selects the same
    /// nodes), so the selector equals what its spelling parses back to. A
    /// target ending in `nth=` counts inside `self`, as its spelling says:
    /// `a.descendant(b.nth(1))` is `a >> b >> nth=1`, the second `b` inside
    /// `a` (not the second `b` of the whole tree, kept if it is inside `a`).
    #[must_use]
    pub fn descendant(self, target: impl Into<Selector>) -> Self {
        match target.into() {
            Self::Within { scope, target } => self.descendant(*scope).descendant(*target),
            Self::Nth { of, index } => self.descendant(*of).nth(index),
            target => Self::Within { scope: Box::new(self), target: Box::new(target) },
        }
    }

    /// `self >> nth=index`: the `index`th (zero-based) of `self`'s matches.
    ///
    /// ```
    /// use rehearse_lang::{Selector, SemanticRole};
    /// let second = Selector::from(SemanticRole::ListItem).nth(1);
    /// assert_eq!(second.to_string(), "@list-item >> nth=1");
    /// ```
    #[must_use]
    pub fn nth(self, index: usize) -> Self {
        Self::Nth { of: Box::new(self), index }
    }

    /// The simple selectors a chain is made of, in order (a simple selector
    /// is its own one segment).
    pub fn segments(&self) -> Vec<&Selector> {
        match self {
            Self::Within { scope, target } => {
                let mut segments = scope.segments();
                segments.extend(target.segments());
                segments
            }
            Self::Nth { of, .. } => of.segments(),
            simple => vec![simple],
        }
    }

    /// The selector whose matches the chain ends on: `target` of the last
    /// `>>`, looking through `nth=`.
    pub fn last_segment(&self) -> &Selector {
        match self {
            Self::Within { target, .. } => target.last_segment(),
            Self::Nth { of, .. } => of.last_segment(),
            simple => simple,
        }
    }
}

/// A role selector under construction; converts into [`Selector`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RoleSelector {
    role: SemanticRole,
    name: Option<RoleName>,
}

/// The accessible name a role selector requires.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum RoleName {
    Exactly(String),
    Matching(TextRegex),
}

impl RoleSelector {
    /// Require exactly this accessible name.
    #[must_use]
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(RoleName::Exactly(name.into()));
        self
    }

    /// Require an accessible name that matches `regex` (`@button=/Sav(e|ing)/`).
    #[must_use]
    pub fn name_matching(mut self, regex: TextRegex) -> Self {
        self.name = Some(RoleName::Matching(regex));
        self
    }
}

impl From<RoleSelector> for Selector {
    fn from(selector: RoleSelector) -> Self {
        let role = selector.role;
        match selector.name {
            None => Self::Role { role, name: None },
            Some(RoleName::Exactly(name)) => Self::Role { role, name: Some(name) },
            Some(RoleName::Matching(name)) => Self::RoleNameMatches { role, name },
        }
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
            Self::RoleNameMatches { role, name } => write!(f, "@{role}={name}"),
            Self::TextContains(text) => write!(f, "text~{}", spell(text, TextContext::Selector)),
            Self::TextMatches(regex) => write!(f, "text~{regex}"),
            Self::Point { col, row } => write!(f, "{col},{row}"),
            Self::Within { scope, target } => write!(f, "{scope} >> {target}"),
            Self::Nth { of, index } => write!(f, "{of} >> nth={index}"),
        }
    }
}

impl fmt::Display for RoleSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Selector::from(self.clone()).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::parse_step_str;
    use crate::{AutomationStep, SemanticRole};

    #[test]
    fn a_chain_built_from_the_right_reads_back_as_written() {
        let inner = Selector::from(Selector::role(SemanticRole::Group).name("Todo"));
        let button = Selector::from(SemanticRole::Button);
        for chain in [
            Selector::id("board").descendant(inner.clone().descendant(button.clone())),
            Selector::id("board").descendant(inner.clone().descendant(button.clone()).nth(2)),
            Selector::id("board").descendant(inner.clone().nth(1).descendant(button.clone())),
        ] {
            let step = AutomationStep::click(chain.clone());
            let parsed = parse_step_str(&step.to_string()).unwrap().step;
            assert_eq!(parsed, step, "{step}");
        }
    }
}
