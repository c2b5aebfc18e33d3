//! `Button`: a push button.

use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};

use crate::ui::{Ui, View, click_handler};
use crate::widgets::{Callback, interaction_style, with_id};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{MouseButton, SemanticAction, SemanticRole};

/// A push button. Clicked with the left button, or with Enter or Space
/// while focused, it sends its `on_click` message. Without `on_click` it
/// publishes no Click action, so automation refuses to click it.
///
/// Three rows or more draw a bordered button; fewer draw `[ label ]`.
pub struct Button<M> {
    label: String,
    name: Option<String>,
    id: Option<String>,
    enabled: bool,
    on_click: Option<Callback<M>>,
}

impl<M> Button<M> {
    /// A button with a label (its accessible name).
    pub fn new(label: impl Into<String>) -> Self {
        Self { label: label.into(), name: None, id: None, enabled: true, on_click: None }
    }

    /// An accessible name other than the label, for buttons whose label is
    /// a glyph: `Button::new("✕").name("Delete “Buy milk”")`.
    #[must_use]
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Sets the automation id.
    #[must_use]
    pub fn automation_id(mut self, id: impl Into<String>) -> Self {
        self.id = Some(id.into());
        self
    }

    /// Enables or disables the button. A disabled button is not focusable
    /// and ignores input.
    #[must_use]
    pub fn enabled(mut self, enabled: bool) -> Self {
        self.enabled = enabled;
        self
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
        let mut facts = SemanticFacts::new(SemanticRole::Button)
            .label(self.label.as_str())
            .enabled(self.enabled);
        if let Some(name) = &self.name {
            facts = facts.name(name.as_str());
        }
        if self.on_click.is_none() {
            // Nothing happens on a click: do not promise one (it stays focusable).
            facts = facts
                .actions(SemanticRole::Button.default_actions().without(SemanticAction::Click));
        }
        with_id(facts, self.id.as_deref())
    }
}

impl<M: Send + 'static> View<M> for Button<M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let enabled = self.enabled;
        let label = self.label;
        let node = ui.node(area, facts, |ui, node| {
            let style = interaction_style(ui, node, enabled);
            ui.draw_own(area, |area, buf| {
                if area.height >= 3 {
                    Paragraph::new(label.as_str())
                        .alignment(Alignment::Center)
                        .style(style)
                        .block(
                            Block::bordered().border_type(BorderType::Rounded).border_style(style),
                        )
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
