//! What every built-in widget has in common: how it is named, its
//! automation id and whether it is enabled, and the one way those become
//! [`SemanticFacts`].
//!
//! A widget holds a [`Common`] and gets the builder methods for it from
//! [`common_builders!`](crate::widgets::common::common_builders), each with
//! the widget's own rustdoc. Its `semantics()` starts from
//! [`Common::facts`] and adds only what is its own (a value, a checked
//! state, fewer actions).

use rehearse_core::semantic::SemanticFacts;
use rehearse_lang::{ActionSet, SemanticAction, SemanticRole};

/// A widget's name, automation id and enabled switch.
#[derive(Debug, Clone, Default)]
pub(crate) struct Common {
    /// Its own label, title or text: the name unless `name` is set.
    pub(crate) label: Option<String>,
    /// What a text field shows while empty: its name when it has no label.
    pub(crate) placeholder: Option<String>,
    /// An explicit accessible name, winning over the label.
    pub(crate) name: Option<String>,
    /// The automation id.
    pub(crate) id: Option<String>,
    /// `None` for widgets that cannot be disabled: they report no enabled
    /// state at all, which is not the same as reporting `true`.
    pub(crate) enabled: Option<bool>,
}

impl Common {
    /// A widget that can be disabled, enabled to begin with.
    pub(crate) fn switchable() -> Self {
        Self { enabled: Some(true), ..Self::default() }
    }

    /// The same, labelled `label`.
    #[must_use]
    pub(crate) fn labelled(self, label: impl Into<String>) -> Self {
        Self { label: Some(label.into()), ..self }
    }

    /// Whether the widget takes input (always, when it cannot be disabled).
    pub(crate) fn is_enabled(&self) -> bool {
        self.enabled != Some(false)
    }

    /// The label, or `""` when there is none.
    pub(crate) fn label_text(&self) -> &str {
        self.label.as_deref().unwrap_or_default()
    }

    /// The facts every widget publishes: `role`, its label (or else its
    /// placeholder), its explicit name, its enabled state (when it has one)
    /// and its automation id.
    pub(crate) fn facts(&self, role: SemanticRole) -> SemanticFacts {
        let label = self.label.as_deref().or(self.placeholder.as_deref());
        let mut facts = SemanticFacts::new(role).label(label);
        if let Some(name) = &self.name {
            facts = facts.name(name.as_str());
        }
        if let Some(enabled) = self.enabled {
            facts = facts.enabled(enabled);
        }
        with_id(facts, self.id.as_deref())
    }
}

/// The `facts` of a container that may have a click of its own (`clicks`):
/// with one it supports Click and nothing else; without, its role's
/// defaults (the framework may still lend it its only child's click).
pub(crate) fn own_click(facts: SemanticFacts, clicks: bool) -> SemanticFacts {
    if clicks { facts.actions(ActionSet::from_slice(&[SemanticAction::Click])) } else { facts }
}

/// `facts` with the automation id, if there is one.
pub(crate) fn with_id(facts: SemanticFacts, id: Option<&str>) -> SemanticFacts {
    match id {
        Some(id) => facts.automation_id(id),
        None => facts,
    }
}

/// Adds the shared builder methods to a widget's `impl` block, each setting
/// a field of the widget's `common: Common`. List the methods the widget
/// offers, each under its own rustdoc:
///
/// - `label`: the widget's own label;
/// - `title`: the same, under the name a titled widget uses for it;
/// - `placeholder`: a text field's placeholder;
/// - `name`: an explicit accessible name;
/// - `automation_id`: the automation id;
/// - `enabled`: the enabled switch (the widget must start from
///   [`Common::switchable`]).
///
/// Every method is `#[must_use]` and takes and returns `Self` by value. The
/// widget's module imports the macro (the expansion calls it again by name).
macro_rules! common_builders {
    ($($(#[$doc:meta])* $method:ident),* $(,)?) => {
        $(common_builders!(@pick $(#[$doc])* $method);)*
    };
    // Which field each method sets, and the name and type of its argument.
    (@pick $(#[$doc:meta])* label) => { common_builders!(@set $(#[$doc])* label(label: impl Into<String>) label); };
    (@pick $(#[$doc:meta])* title) => { common_builders!(@set $(#[$doc])* title(title: impl Into<String>) label); };
    (@pick $(#[$doc:meta])* placeholder) => { common_builders!(@set $(#[$doc])* placeholder(placeholder: impl Into<String>) placeholder); };
    (@pick $(#[$doc:meta])* name) => { common_builders!(@set $(#[$doc])* name(name: impl Into<String>) name); };
    (@pick $(#[$doc:meta])* automation_id) => { common_builders!(@set $(#[$doc])* automation_id(id: impl Into<String>) id); };
    (@pick $(#[$doc:meta])* enabled) => { common_builders!(@set $(#[$doc])* enabled(enabled: bool) enabled); };
    (@set $(#[$doc:meta])* $method:ident($arg:ident: $type:ty) $field:ident) => {
        $(#[$doc])*
        #[must_use]
        pub fn $method(mut self, $arg: $type) -> Self {
            self.common.$field = Some($arg.into());
            self
        }
    };
}

pub(crate) use common_builders;

#[cfg(test)]
mod tests {
    use super::*;
    use rehearse_core::semantic::ReportedStates;

    #[test]
    fn a_widget_that_cannot_be_disabled_reports_no_enabled_state() {
        let facts = Common::default().labelled("Saved").facts(SemanticRole::Status);
        assert_eq!(facts.role, SemanticRole::Status);
        assert_eq!(facts.label.as_deref(), Some("Saved"));
        assert_eq!(facts.states, ReportedStates::default());
        assert_eq!((facts.name, facts.automation_id, facts.actions), (None, None, None));
        assert!(Common::default().is_enabled());
    }

    #[test]
    fn name_id_and_the_enabled_switch_are_published() {
        let common = Common {
            name: Some("Delete".into()),
            id: Some("delete".into()),
            enabled: Some(false),
            ..Common::switchable().labelled("✕")
        };
        let facts = common.facts(SemanticRole::Button);
        assert_eq!(facts.label.as_deref(), Some("✕"));
        assert_eq!(facts.name.as_deref(), Some("Delete"));
        assert_eq!(facts.automation_id.as_deref(), Some("delete"));
        assert_eq!(facts.states.enabled, Some(false));
        assert!(!common.is_enabled());
        assert_eq!(Common::switchable().facts(SemanticRole::Button).states.enabled, Some(true));
    }
}
