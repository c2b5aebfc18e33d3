//! The `Semantic` trait and the facts a widget reports about itself.

use std::borrow::Cow;
use std::fmt;

use rehearse_lang::{ActionSet, Checked, SemanticRole, Sensitivity};

use crate::semantic::ScrollPosition;

/// What a widget *means*: its role, name, value, states and automation id.
///
/// Implement it with `#[derive(Semantic)]` on a widget struct, or by hand.
/// Tree structure is not part of it: nesting in the render is nesting in the
/// tree.
///
/// ```
/// use rehearse::prelude::*;
///
/// #[derive(Semantic)]
/// #[semantic(role = checkbox, id = "done")]
/// struct DoneToggle<'a> {
///     #[semantic(name)]
///     label: &'a str,
///     #[semantic(checked)]
///     done: bool,
/// }
///
/// let facts = DoneToggle { label: "Buy milk", done: true }.semantics();
/// assert_eq!(facts.role, SemanticRole::Checkbox);
/// assert_eq!(facts.label.as_deref(), Some("Buy milk"));
/// assert_eq!(facts.states.checked, Some(Checked::True));
/// assert_eq!(DoneToggle::AUTOMATION_ID, Some("done"));
/// ```
pub trait Semantic {
    /// The automation id declared on the type itself (`#[semantic(id = "save")]`),
    /// so an app can list the ids it uses at compile time.
    const AUTOMATION_ID: Option<&'static str> = None;

    /// The facts this widget reports about itself, right now.
    fn semantics(&self) -> SemanticFacts;
}

/// The facts one widget reports: its own, not its children's.
///
/// Built with [`SemanticFacts::new`] and builder methods. Naming follows the
/// adapter conventions: an explicit [`name`](Self::name) wins (even `""`),
/// then the widget's own [`label`](Self::label), then for name-from-content
/// roles the text of its descendants, then its automation id.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SemanticFacts {
    /// The role.
    pub role: SemanticRole,
    /// An explicit accessible name from the author; wins over everything.
    pub name: Option<String>,
    /// The widget's own label, title or placeholder.
    pub label: Option<String>,
    /// The widget's contents, if it is value-bearing. `Some("")` is an empty
    /// value; `None` means the widget has no value at all.
    pub value: Option<SemanticValue>,
    /// States the widget reports itself.
    pub states: ReportedStates,
    /// The automation id, validated when the generation commits.
    pub automation_id: Option<String>,
    /// Supported actions; `None` means the role's defaults.
    pub actions: Option<ActionSet>,
}

impl SemanticFacts {
    /// Facts with only a role.
    pub fn new(role: SemanticRole) -> Self {
        Self {
            role,
            name: None,
            label: None,
            value: None,
            states: ReportedStates::default(),
            automation_id: None,
            actions: None,
        }
    }

    /// Set an explicit accessible name (an empty string is a deliberate empty name).
    #[must_use]
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Set the widget's own label; `None` leaves it unset.
    #[must_use]
    pub fn label(mut self, label: impl IntoSemanticText) -> Self {
        self.label = label.into_semantic_text();
        self
    }

    /// Publish a value with a sensitivity; `None` publishes no value.
    #[must_use]
    pub fn value(mut self, value: impl IntoSemanticText, sensitivity: Sensitivity) -> Self {
        self.value = value.into_semantic_text().map(|text| SemanticValue::new(text, sensitivity));
        self
    }

    /// Raise the sensitivity of the value (if any) to at least `sensitivity`.
    #[must_use]
    pub fn sensitivity(mut self, sensitivity: Sensitivity) -> Self {
        if let Some(value) = self.value.take() {
            self.value = Some(value.with_sensitivity(sensitivity));
        }
        self
    }

    /// Set the automation id.
    #[must_use]
    pub fn automation_id(mut self, id: impl Into<String>) -> Self {
        self.automation_id = Some(id.into());
        self
    }

    /// Replace the supported actions (instead of the role's defaults).
    #[must_use]
    pub fn actions(mut self, actions: ActionSet) -> Self {
        self.actions = Some(actions);
        self
    }

    /// Report the focused state.
    #[must_use]
    pub fn focused(mut self, focused: bool) -> Self {
        self.states.focused = Some(focused);
        self
    }

    /// Report the enabled state.
    #[must_use]
    pub fn enabled(mut self, enabled: bool) -> Self {
        self.states.enabled = Some(enabled);
        self
    }

    /// Report the disabled state (the inverse of enabled).
    #[must_use]
    pub fn disabled(self, disabled: bool) -> Self {
        self.enabled(!disabled)
    }

    /// Report the selected state.
    #[must_use]
    pub fn selected(mut self, selected: bool) -> Self {
        self.states.selected = Some(selected);
        self
    }

    /// Report the expanded state.
    #[must_use]
    pub fn expanded(mut self, expanded: bool) -> Self {
        self.states.expanded = Some(expanded);
        self
    }

    /// Report the checked state.
    #[must_use]
    pub fn checked(mut self, checked: impl Into<Checked>) -> Self {
        self.states.checked = Some(checked.into());
        self
    }

    /// Report the read-only state: the widget shows a value the user
    /// cannot change (a read-only text box).
    #[must_use]
    pub fn readonly(mut self, readonly: bool) -> Self {
        self.states.readonly = Some(readonly);
        self
    }

    /// Report where the widget is scrolled: `offset` units of its content
    /// lie before the first one shown, of `extent` in all (see
    /// [`ScrollPosition`]).
    #[must_use]
    pub fn scroll(mut self, offset: u64, extent: u64) -> Self {
        self.states.scroll = Some(ScrollPosition::new(offset, extent));
        self
    }

    /// The actions this node supports: its own or its role's defaults.
    pub fn effective_actions(&self) -> ActionSet {
        self.actions.unwrap_or_else(|| self.role.default_actions())
    }
}

/// States a widget reports about itself. `None` means "not reported", which
/// is never the same as `false`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct ReportedStates {
    /// Holds focus (the framework's focus owner overrides this for focusable nodes).
    pub focused: Option<bool>,
    /// Accepts input.
    pub enabled: Option<bool>,
    /// Is selected.
    pub selected: Option<bool>,
    /// Is expanded.
    pub expanded: Option<bool>,
    /// Is checked.
    pub checked: Option<Checked>,
    /// Shows a value the user cannot change.
    pub readonly: Option<bool>,
    /// Where a scrollable widget is scrolled.
    pub scroll: Option<ScrollPosition>,
}

/// A node's value with its sensitivity.
///
/// A redacted value (sensitive or masked) never holds its text: it is dropped
/// on construction, so no output, error message or `Debug` print can leak it.
///
/// ```
/// use rehearse::semantic::SemanticValue;
/// use rehearse::vocabulary::Sensitivity;
/// let password = SemanticValue::new("hunter2", Sensitivity::Masked);
/// assert_eq!(password.text(), None);
/// assert!(!format!("{password:?}").contains("hunter2"));
/// assert_eq!(SemanticValue::public("").text(), Some(""));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SemanticValue {
    text: Option<String>,
    sensitivity: Sensitivity,
}

impl SemanticValue {
    /// A value; the text is discarded if `sensitivity` is redacted.
    pub fn new(text: impl Into<String>, sensitivity: Sensitivity) -> Self {
        let text = (!sensitivity.is_redacted()).then(|| text.into());
        Self { text, sensitivity }
    }

    /// A public value.
    pub fn public(text: impl Into<String>) -> Self {
        Self::new(text, Sensitivity::Public)
    }

    /// The text, or `None` when it is redacted.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// The sensitivity.
    pub fn sensitivity(&self) -> Sensitivity {
        self.sensitivity
    }

    /// Whether the text is withheld.
    pub fn is_redacted(&self) -> bool {
        self.sensitivity.is_redacted()
    }

    /// This value with at least `sensitivity`.
    #[must_use]
    pub fn with_sensitivity(self, sensitivity: Sensitivity) -> Self {
        let sensitivity = self.sensitivity.max(sensitivity);
        match self.text {
            Some(text) => Self::new(text, sensitivity),
            None => Self { text: None, sensitivity },
        }
    }
}

impl fmt::Debug for SemanticValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.text {
            Some(text) => write!(f, "{text:?}"),
            None => write!(f, "<{}>", self.sensitivity),
        }
    }
}

impl fmt::Display for SemanticValue {
    /// The text, or `<masked>` / `<sensitive>` when redacted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.text {
            Some(text) => f.write_str(text),
            None => write!(f, "<{}>", self.sensitivity),
        }
    }
}

/// Text a field can publish as a name or value: strings, `Cow`, references,
/// and `Option`s of them (`None` publishes nothing).
pub trait IntoSemanticText {
    /// The text, or `None` to publish nothing.
    fn into_semantic_text(self) -> Option<String>;
}

impl IntoSemanticText for &str {
    fn into_semantic_text(self) -> Option<String> {
        Some(self.to_owned())
    }
}

impl IntoSemanticText for String {
    fn into_semantic_text(self) -> Option<String> {
        Some(self)
    }
}

impl IntoSemanticText for &String {
    fn into_semantic_text(self) -> Option<String> {
        Some(self.clone())
    }
}

impl IntoSemanticText for Cow<'_, str> {
    fn into_semantic_text(self) -> Option<String> {
        Some(self.into_owned())
    }
}

impl IntoSemanticText for &Cow<'_, str> {
    fn into_semantic_text(self) -> Option<String> {
        Some(self.to_string())
    }
}

impl IntoSemanticText for &&str {
    fn into_semantic_text(self) -> Option<String> {
        Some((*self).to_owned())
    }
}

impl<T: IntoSemanticText> IntoSemanticText for Option<T> {
    fn into_semantic_text(self) -> Option<String> {
        self.and_then(IntoSemanticText::into_semantic_text)
    }
}

impl<'a, T> IntoSemanticText for &'a Option<T>
where
    &'a T: IntoSemanticText,
{
    fn into_semantic_text(self) -> Option<String> {
        self.as_ref().and_then(IntoSemanticText::into_semantic_text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacted_values_never_hold_their_text() {
        for sensitivity in [Sensitivity::Sensitive, Sensitivity::Masked] {
            let value = SemanticValue::new("s3cret", sensitivity);
            assert_eq!(value.text(), None);
            assert!(value.is_redacted());
            assert!(!format!("{value:?}{value}").contains("s3cret"));
        }
        let raised = SemanticValue::public("s3cret").with_sensitivity(Sensitivity::Sensitive);
        assert_eq!(raised.text(), None);
        assert_eq!(raised.to_string(), "<sensitive>");
        let kept =
            SemanticValue::new("x", Sensitivity::Masked).with_sensitivity(Sensitivity::Public);
        assert_eq!(kept.sensitivity(), Sensitivity::Masked);
    }

    #[test]
    fn empty_is_a_value_and_none_is_not() {
        let empty = SemanticFacts::new(SemanticRole::TextBox).value("", Sensitivity::Public);
        assert_eq!(empty.value.as_ref().and_then(SemanticValue::text), Some(""));
        let none =
            SemanticFacts::new(SemanticRole::TextBox).value(None::<&str>, Sensitivity::Public);
        assert_eq!(none.value, None);
    }

    #[test]
    fn builder_reports_only_what_it_is_told() {
        let facts = SemanticFacts::new(SemanticRole::Checkbox).checked(Some(true)).disabled(true);
        assert_eq!(facts.states.checked, Some(Checked::True));
        assert_eq!(facts.states.enabled, Some(false));
        assert_eq!(facts.states.focused, None);
        assert_eq!(facts.states.selected, None);
        assert_eq!((facts.states.readonly, facts.states.scroll), (None, None));
        let told = SemanticFacts::new(SemanticRole::TextBox).readonly(true).scroll(2, 9);
        assert_eq!(told.states.readonly, Some(true));
        assert_eq!(told.states.scroll, Some(ScrollPosition::new(2, 9)));
        assert_eq!(facts.effective_actions(), SemanticRole::Checkbox.default_actions());
        let own = facts.actions(ActionSet::EMPTY);
        assert!(own.effective_actions().is_empty());
    }

    #[test]
    fn sensitivity_applies_to_an_existing_value_only() {
        let facts = SemanticFacts::new(SemanticRole::TextBox)
            .value("pin", Sensitivity::Public)
            .sensitivity(Sensitivity::Masked);
        assert_eq!(facts.value.unwrap().sensitivity(), Sensitivity::Masked);
        let without = SemanticFacts::new(SemanticRole::TextBox).sensitivity(Sensitivity::Masked);
        assert_eq!(without.value, None);
    }
}
