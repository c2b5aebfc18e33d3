//! `RadioGroup`: mutually exclusive options.

use std::rc::Rc;

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::ui::{Ui, View};
use crate::widgets::choices::{Choices, select_by_keys};
use crate::widgets::{Common, common_builders, interaction_style, left_click, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{KeyCode, SemanticRole};

/// A set of mutually exclusive options, one per row: `(•) Small`,
/// `( ) Large`.
///
/// Records a `radio-group` node (named by its [`label`](Self::label), never
/// by its options) with one `radio` child per option, named by the option
/// and `checked` true on the selected one, false on the others. The group
/// is focusable: Up/Down (and Left/Right, Home/End) move the selection and
/// send `on_select`. Clicking a radio sends `on_select` with its index.
///
/// Radios get automation ids from [`option_ids`](Self::option_ids), given in
/// option order.
///
/// ```
/// use rehearse::widgets::RadioGroup;
/// enum Msg { Size(usize) }
/// let sizes = RadioGroup::new(["Small", "Medium", "Large"])
///     .label("Size")
///     .selected(Some(1))
///     .automation_id("size")
///     .option_ids(["size-s", "size-m", "size-l"])
///     .on_select(Msg::Size);
/// # let _ = sizes;
/// ```
pub struct RadioGroup<M> {
    common: Common,
    options: Choices<M>,
}

impl<M> RadioGroup<M> {
    /// A group of options (their labels, in order), none selected.
    pub fn new(options: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Self { common: Common::switchable(), options: Choices::new(options, None) }
    }

    /// The selected option's index (`None` selects none; an index past the
    /// end selects none).
    #[must_use]
    pub fn selected(mut self, selected: impl Into<Option<usize>>) -> Self {
        self.options.selected = selected.into();
        self
    }

    common_builders! {
        /// The group's label: its accessible name. It is not drawn; put a
        /// heading or a titled [`Frame`](crate::widgets::Frame) next to it.
        label,
        /// Sets the group's automation id.
        automation_id,
    }

    /// Automation ids for the radios, in option order. Options past the end
    /// of the list get none.
    #[must_use]
    pub fn option_ids(mut self, ids: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.options.ids = ids.into_iter().map(Into::into).collect();
        self
    }

    common_builders! {
        /// Enables or disables the group and every radio in it.
        enabled,
    }

    /// The message a selection sends, given the option's index. Without it
    /// the radios publish no Click or Toggle action.
    #[must_use]
    pub fn on_select(mut self, message: impl Fn(usize) -> M + 'static) -> Self {
        self.options.on_select = Some(Box::new(message));
        self
    }
}

impl<M> Semantic for RadioGroup<M> {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(SemanticRole::RadioGroup)
    }
}

impl<M: Send + 'static> View<M> for RadioGroup<M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let enabled = self.common.is_enabled();
        let selected = self.options.selection();
        let radios = self.options.all_facts(SemanticRole::Radio, |radio, on| radio.checked(on));
        let on_select: Option<Rc<dyn Fn(usize) -> M>> = self.options.on_select.map(Rc::from);
        let options = self.options.titles;
        let group = ui.node(area, facts, |ui, group| {
            let group_focused = ui.is_focused(group);
            for (at, facts) in radios.into_iter().enumerate() {
                let Ok(offset) = u16::try_from(at) else { break };
                let row = Rect::new(area.x, area.y.saturating_add(offset), area.width, 1);
                let radio = ui.node(row, facts, |ui, radio| {
                    let mut style = interaction_style(ui, radio, enabled);
                    if enabled && group_focused && selected == Some(at) {
                        style = theme::FOCUSED;
                    }
                    let mark = if selected == Some(at) { "(•)" } else { "( )" };
                    let text = format!("{mark} {}", options[at]);
                    if offset < area.height {
                        ui.draw_own(row, |row, buf| Line::styled(text, style).render(row, buf));
                    }
                });
                if let (true, Some(on_select)) = (enabled, &on_select) {
                    let on_select = on_select.clone();
                    ui.on_event(radio, left_click(move || on_select(at)));
                }
            }
        });
        if !enabled {
            return;
        }
        ui.make_focusable(group);
        if let Some(on_select) = on_select {
            const AXES: &[(KeyCode, KeyCode)] =
                &[(KeyCode::Up, KeyCode::Down), (KeyCode::Left, KeyCode::Right)];
            ui.on_event(group, select_by_keys(on_select, selected, options.len(), AXES));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::{node, session};
    use rehearse_lang::{ActionSet, Checked};

    #[test]
    fn a_group_is_named_by_its_label_and_each_radio_by_its_option() {
        let session = session(|ui| {
            let sizes = RadioGroup::new(["Small", "Medium", "Large"])
                .label("Size")
                .selected(1)
                .automation_id("size")
                .option_ids(["size-s", "size-m"])
                .on_select(|_| ());
            ui.add(ui.area(), sizes);
        });
        let group = node(&session, "size");
        assert_eq!((group.role, group.name.as_str()), (SemanticRole::RadioGroup, "Size"));
        let radios: Vec<_> = group
            .children
            .iter()
            .map(|radio| (radio.role, radio.name.as_str(), radio.states.checked))
            .collect();
        assert_eq!(
            radios,
            [
                (SemanticRole::Radio, "Small", Some(Checked::False)),
                (SemanticRole::Radio, "Medium", Some(Checked::True)),
                (SemanticRole::Radio, "Large", Some(Checked::False)),
            ]
        );
        assert_eq!(node(&session, "size-m").name, "Medium");
        assert_eq!(group.children[2].automation_id, None);
    }

    #[test]
    fn without_on_select_radios_promise_nothing_and_a_disabled_group_says_so() {
        let facts = RadioGroup::<()>::new(["a"]).enabled(false).semantics();
        assert_eq!(facts.states.enabled, Some(false));
        let session = session(|ui| {
            ui.add(ui.area(), RadioGroup::new(["a", "b"]).selected(7).option_ids(["a", "b"]));
        });
        let a = node(&session, "a");
        assert_eq!((a.actions, a.states.checked), (ActionSet::EMPTY, Some(Checked::False)));
        assert_eq!(node(&session, "b").states.checked, Some(Checked::False));
    }
}
