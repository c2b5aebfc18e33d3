//! What [`RadioGroup`](super::RadioGroup) and [`Tabs`](super::Tabs) share:
//! a row of named choices, at most one of them chosen, each with its own
//! automation id, and the message choosing one sends.

use std::rc::Rc;

use crate::ui::{EventCx, WidgetEvent};
use crate::widgets::{ValueCallback, step_selection, with_id};
use rehearse_core::semantic::SemanticFacts;
use rehearse_lang::{ActionSet, KeyCode, SemanticRole};

/// One-of-many choices, by index.
pub(crate) struct Choices<M> {
    /// Each choice's title: its name.
    pub(crate) titles: Vec<String>,
    /// The chosen index as the app gave it (it may be past the end).
    pub(crate) selected: Option<usize>,
    /// Automation ids, in title order; choices past the end get none.
    pub(crate) ids: Vec<String>,
    /// The message choosing sends, given the index.
    pub(crate) on_select: Option<ValueCallback<usize, M>>,
}

impl<M> Choices<M> {
    /// Choices with these titles, `selected` chosen.
    pub(crate) fn new(
        titles: impl IntoIterator<Item = impl Into<String>>,
        selected: Option<usize>,
    ) -> Self {
        let titles = titles.into_iter().map(Into::into).collect();
        Self { titles, selected, ids: Vec::new(), on_select: None }
    }

    /// The chosen index, `None` when it is past the end.
    pub(crate) fn selection(&self) -> Option<usize> {
        self.selected.filter(|&at| at < self.titles.len())
    }

    /// Choice `at` as a `role` node named by its title, with its id; without
    /// `on_select` it promises no action. The caller adds how it shows being
    /// chosen (checked, selected).
    pub(crate) fn facts(&self, role: SemanticRole, at: usize) -> SemanticFacts {
        let mut facts = SemanticFacts::new(role).label(self.titles[at].as_str());
        if self.on_select.is_none() {
            facts = facts.actions(ActionSet::EMPTY);
        }
        with_id(facts, self.ids.get(at).map(String::as_str))
    }

    /// Every choice's [`facts`](Self::facts), `mark` telling the chosen one
    /// (`true`) from the others.
    pub(crate) fn all_facts(
        &self,
        role: SemanticRole,
        mark: impl Fn(SemanticFacts, bool) -> SemanticFacts,
    ) -> Vec<SemanticFacts> {
        let chosen = self.selection();
        (0..self.titles.len()).map(|at| mark(self.facts(role, at), chosen == Some(at))).collect()
    }
}

/// A handler for the focusable group: a key that steps along one of `axes`
/// (back, forward) or Home/End moves the choice from `selected` and sends
/// `on_select`; other keys, and keys that would not move it, bubble on.
pub(crate) fn select_by_keys<M: Send + 'static>(
    on_select: Rc<dyn Fn(usize) -> M>,
    selected: Option<usize>,
    len: usize,
    axes: &'static [(KeyCode, KeyCode)],
) -> impl Fn(&WidgetEvent, &mut EventCx<'_, M>) -> bool + 'static {
    move |event, cx| {
        let WidgetEvent::Key(key) = event else { return false };
        let moved = axes
            .iter()
            .find_map(|&(back, forward)| step_selection(key, selected, len, back, forward, 0));
        match moved {
            Some(next) => {
                cx.emit(on_select(next));
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_is_named_by_its_title_with_its_own_id() {
        let mut choices: Choices<()> = Choices::new(["Small", "Large"], Some(5));
        choices.ids = vec!["size-s".into()];
        assert_eq!(choices.selection(), None, "an index past the end chooses none");
        let small = choices.facts(SemanticRole::Radio, 0);
        assert_eq!(small.label.as_deref(), Some("Small"));
        assert_eq!(small.automation_id.as_deref(), Some("size-s"));
        assert_eq!(small.effective_actions(), ActionSet::EMPTY);
        assert_eq!(choices.facts(SemanticRole::Radio, 1).automation_id, None);
        choices.on_select = Some(Box::new(|_| ()));
        assert_eq!(choices.facts(SemanticRole::Tab, 1).actions, None);
    }
}
