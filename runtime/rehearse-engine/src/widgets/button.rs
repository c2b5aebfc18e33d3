//! `Button`: a push button.

use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use crate::ui::{Ui, View, click_handler};
use crate::widgets::{Callback, Common, common_builders, interaction_style, rounded_border};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{MouseButton, SemanticAction, SemanticRole};

/// A push button. Clicked with the left button, or with Enter or Space
/// while focused, it sends its `on_click` message. Without `on_click` it
/// publishes no Click action, so automation refuses to click it.
///
/// Three rows or more draw a bordered button; fewer draw `[ label ]`.
pub struct Button<M> {
    common: Common,
    on_click: Option<Callback<M>>,
}

impl<M> Button<M> {
    /// A button with a label (its accessible name).
    pub fn new(label: impl Into<String>) -> Self {
        Self { common: Common::switchable().labelled(label), on_click: None }
    }

    common_builders! {
        /// An accessible name other than the label, for buttons whose label is
        /// a glyph: `Button::new("✕").name("Delete “Buy milk”")`.
        name,
        /// Sets the automation id.
        automation_id,
        /// Enables or disables the button. A disabled button is not focusable
        /// and ignores input.
        enabled,
    }

    /// The message a click sends.
    #[must_use]
    pub fn on_click(mut self, message: impl Fn() -> M + 'static) -> Self {
        self.on_click = Some(Box::new(message));
        self
    }
}

impl<M> Semantic for Button<M> {
    fn semantics(&self) -> SemanticFacts {
        let facts = self.common.facts(SemanticRole::Button);
        if self.on_click.is_some() {
            return facts;
        }
        // Nothing happens on a click: do not promise one (it stays focusable).
        facts.actions(SemanticRole::Button.default_actions().without(SemanticAction::Click))
    }
}

impl<M: Send + 'static> View<M> for Button<M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let enabled = self.common.is_enabled();
        let label = self.common.label.unwrap_or_default();
        let node = ui.node(area, facts, |ui, node| {
            let style = interaction_style(ui, node, enabled);
            ui.draw_own(area, |area, buf| {
                if area.height >= 3 {
                    Paragraph::new(label.as_str())
                        .alignment(Alignment::Center)
                        .style(style)
                        .block(rounded_border(None, style))
                        .render(area, buf);
                } else {
                    Line::styled(format!("[ {label} ]"), style)
                        .alignment(Alignment::Center)
                        .render(area, buf);
                }
            });
        });
        if !enabled {
            return;
        }
        ui.make_focusable(node);
        if let Some(on_click) = self.on_click {
            ui.on_event(node, click_handler(MouseButton::Left, on_click));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rehearse_lang::ActionSet;

    #[test]
    fn a_glyph_button_publishes_its_explicit_name_id_and_disabled_state() {
        let facts = Button::<()>::new("✕")
            .name("Delete")
            .automation_id("delete")
            .enabled(false)
            .semantics();
        assert_eq!(facts.role, SemanticRole::Button);
        assert_eq!(facts.label.as_deref(), Some("✕"));
        assert_eq!(facts.name.as_deref(), Some("Delete"));
        assert_eq!(facts.automation_id.as_deref(), Some("delete"));
        assert_eq!(facts.states.enabled, Some(false));
        assert_eq!(facts.value, None);
    }

    #[test]
    fn only_a_button_with_on_click_promises_a_click() {
        let inert = Button::<()>::new("Save").semantics();
        assert_eq!(inert.effective_actions(), ActionSet::from_slice(&[SemanticAction::Focus]));
        assert_eq!(inert.states.enabled, Some(true));
        let live = Button::new("Save").on_click(|| ()).semantics();
        assert!(live.effective_actions().contains(SemanticAction::Click));
        assert_eq!(live.name, None);
    }
}
