//! `Alert` and `Toast`: important messages, inline or floating.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use crate::ui::{Ui, View};
use crate::widgets::{Common, common_builders, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::SemanticRole;

/// An inline alert: a message in the alert style where the layout puts
/// it. Publishes role `alert` named by the message; no actions.
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::Alert;
/// let facts = Alert::new("Disk full").semantics();
/// assert_eq!(facts.role, SemanticRole::Alert);
/// assert_eq!(facts.label.as_deref(), Some("Disk full"));
/// ```
#[derive(Debug, Clone)]
pub struct Alert {
    /// The message is the label.
    common: Common,
    style: Style,
}

impl Alert {
    /// An alert showing `message` (its accessible name).
    pub fn new(message: impl Into<String>) -> Self {
        Self { common: Common::default().labelled(message), style: theme::ALERT }
    }

    common_builders! {
        /// Sets the automation id.
        automation_id,
    }

    /// Replaces the alert style (for an informational message, say).
    #[must_use]
    pub fn style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }
}

impl Semantic for Alert {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(SemanticRole::Alert)
    }
}

impl<M: Send + 'static> View<M> for Alert {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        ui.leaf_own(area, facts, |area, buf| {
            Paragraph::new(self.common.label.unwrap_or_default())
                .style(self.style)
                .wrap(Wrap { trim: true })
                .render(area, buf);
        });
    }
}

/// A toast: an [`Alert`] in a bordered box floating in a non-modal
/// overlay above all application content.
///
/// It is recorded as an overlay root (after the application content in
/// the tree, with its `overlay_order`), role `alert`, named by the message.
/// Being non-modal it blocks nothing but the cells it covers: focus stays
/// where it was and keys still reach the app. When it expires is the
/// app's business (a timer with [`Context::after`](crate::Context::after));
/// it shows while the view shows it.
///
/// Show it at an area of your choosing, or at [`area_in`](Self::area_in)
/// for the bottom-right corner:
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::Toast;
/// # fn view(ui: &mut Ui<'_, ()>) {
/// let toast = Toast::new("Saved").automation_id("saved");
/// let area = toast.area_in(ui.area());
/// ui.add(area, toast);
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Toast {
    alert: Alert,
}

impl Toast {
    /// A toast showing `message` (its accessible name).
    pub fn new(message: impl Into<String>) -> Self {
        Self { alert: Alert::new(message) }
    }

    /// Sets the automation id.
    #[must_use]
    pub fn automation_id(self, id: impl Into<String>) -> Self {
        Self { alert: self.alert.automation_id(id) }
    }

    /// Replaces the alert style (border and text).
    #[must_use]
    pub fn style(self, style: Style) -> Self {
        Self { alert: self.alert.style(style) }
    }

    /// The bottom-right corner of `outer` sized to fit the message on one
    /// line in a border (at most `outer`'s size), one cell in from the edges
    /// when there is room.
    pub fn area_in(&self, outer: Rect) -> Rect {
        let text =
            u16::try_from(Line::raw(self.alert.common.label_text()).width()).unwrap_or(u16::MAX);
        let width = text.saturating_add(4).min(outer.width);
        let height = 3.min(outer.height);
        let margin_x = u16::from(outer.width > width);
        let margin_y = u16::from(outer.height > height);
        Rect::new(
            outer.right() - width - margin_x,
            outer.bottom() - height - margin_y,
            width,
            height,
        )
    }
}

impl Semantic for Toast {
    fn semantics(&self) -> SemanticFacts {
        self.alert.semantics()
    }
}

impl<M: Send + 'static> View<M> for Toast {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let Alert { common, style } = self.alert;
        let message = common.label.unwrap_or_default();
        ui.overlay(facts.clone(), area, false, |ui| {
            ui.leaf_own(area, facts, |area, buf| {
                Clear.render(area, buf);
                Paragraph::new(message)
                    .style(style)
                    .wrap(Wrap { trim: true })
                    .block(
                        Block::bordered()
                            .border_type(BorderType::Rounded)
                            .border_style(style)
                            .padding(ratatui::widgets::Padding::horizontal(1)),
                    )
                    .render(area, buf);
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::identity;

    #[test]
    fn an_alert_and_its_toast_are_named_by_the_message() {
        let alert = Alert::new("Disk full").automation_id("disk").semantics();
        assert_eq!(identity(&alert), (SemanticRole::Alert, Some("Disk full"), Some("disk")));
        assert_eq!((alert.states.enabled, alert.actions), (None, None));
        assert_eq!(Toast::new("Disk full").automation_id("disk").semantics(), alert);
    }

    #[test]
    fn a_toast_fits_its_message_in_the_bottom_right_corner() {
        let toast = Toast::new("Saved");
        assert_eq!(toast.area_in(Rect::new(0, 0, 40, 10)), Rect::new(30, 6, 9, 3));
        assert_eq!(toast.area_in(Rect::new(2, 1, 9, 3)), Rect::new(2, 1, 9, 3));
    }
}
