//! `Checkbox`: a two- or three-state check box.

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::ui::{Ui, View, click_handler};
use crate::widgets::{Common, ValueCallback, common_builders, interaction_style};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{ActionSet, Checked, MouseButton, SemanticRole};

/// A check box with a label: `[x] label`, `[ ] label`, or `[-] label` when
/// mixed.
///
/// The app owns the state. A left click, or Enter or Space while focused,
/// sends `on_toggle` with the state it should become: unchecked and mixed
/// become checked, checked becomes unchecked. The label is the accessible
/// name; the state is published as `checked` (never as a value).
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::Checkbox;
/// let facts = Checkbox::<()>::new("Buy milk").checked(true).semantics();
/// assert_eq!(facts.role, SemanticRole::Checkbox);
/// assert_eq!(facts.states.checked, Some(Checked::True));
/// assert_eq!(facts.value, None);
/// ```
pub struct Checkbox<M> {
    common: Common,
    checked: Checked,
    on_toggle: Option<ValueCallback<bool, M>>,
}

impl<M> Checkbox<M> {
    /// An unchecked check box with a label (its accessible name).
    pub fn new(label: impl Into<String>) -> Self {
        Self {
            common: Common::switchable().labelled(label),
            checked: Checked::False,
            on_toggle: None,
        }
    }

    /// Sets the state: a `bool`, a [`Checked`], or an `Option<bool>` where
    /// `None` is mixed.
    #[must_use]
    pub fn checked(mut self, checked: impl Into<Checked>) -> Self {
        self.checked = checked.into();
        self
    }

    common_builders! {
        /// Sets the automation id.
        automation_id,
        /// Enables or disables the check box. A disabled one is not focusable
        /// and ignores input.
        enabled,
    }

    /// The message a toggle sends, given the state the box should become.
    /// Without it the box publishes no Click or Toggle action.
    #[must_use]
    pub fn on_toggle(mut self, message: impl Fn(bool) -> M + 'static) -> Self {
        self.on_toggle = Some(Box::new(message));
        self
    }

    /// The state a toggle asks for.
    fn toggled(&self) -> bool {
        self.checked != Checked::True
    }
}

impl<M> Semantic for Checkbox<M> {
    fn semantics(&self) -> SemanticFacts {
        let facts = self.common.facts(SemanticRole::Checkbox).checked(self.checked);
        match self.on_toggle {
            Some(_) => facts,
            None => facts.actions(ActionSet::EMPTY),
        }
    }
}

impl<M: Send + 'static> View<M> for Checkbox<M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let enabled = self.common.is_enabled();
        let mark = match self.checked {
            Checked::True => "[x]",
            Checked::Mixed => "[-]",
            Checked::False => "[ ]",
        };
        let text = format!("{mark} {}", self.common.label_text());
        let node = ui.node(area, facts, |ui, node| {
            let style = interaction_style(ui, node, enabled);
            ui.draw_own(area, |area, buf| Line::styled(text, style).render(area, buf));
        });
        if !enabled {
            return;
        }
        ui.make_focusable(node);
        let next = self.toggled();
        if let Some(on_toggle) = self.on_toggle {
            ui.on_event(node, click_handler(MouseButton::Left, move || on_toggle(next)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rehearse_lang::SemanticAction;

    #[test]
    fn a_mixed_box_publishes_its_state_and_no_value() {
        let facts = Checkbox::<()>::new("All").checked(None).automation_id("all").semantics();
        assert_eq!(facts.role, SemanticRole::Checkbox);
        assert_eq!(facts.label.as_deref(), Some("All"));
        assert_eq!(facts.states.checked, Some(Checked::Mixed));
        assert_eq!(facts.states.enabled, Some(true));
        assert_eq!(facts.automation_id.as_deref(), Some("all"));
        assert_eq!(facts.value, None);
    }

    #[test]
    fn a_box_toggles_only_with_on_toggle_and_asks_for_the_other_state() {
        assert_eq!(Checkbox::<()>::new("a").semantics().effective_actions(), ActionSet::EMPTY);
        let live = Checkbox::new("a").on_toggle(|_| ()).semantics();
        assert!(live.effective_actions().contains(SemanticAction::Toggle));
        assert!(Checkbox::<()>::new("a").checked(None).toggled());
        assert!(Checkbox::<()>::new("a").checked(false).toggled());
        assert!(!Checkbox::<()>::new("a").checked(true).toggled());
        assert_eq!(Checkbox::<()>::new("a").enabled(false).semantics().states.enabled, Some(false));
    }
}
