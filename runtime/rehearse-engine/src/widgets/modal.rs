//! `Modal`: a dialog above everything, trapping focus.

use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::widgets::{Block, BorderType, Clear, Widget};

use crate::ui::Ui;
use crate::widgets::{Callback, Common, common_builders, theme};
use rehearse_core::semantic::SemanticFacts;
use rehearse_lang::{KeyCode, KeyPress, SemanticRole};

/// A modal dialog: centred over the viewport in an overlay, it blocks
/// pointer input to what is beneath, traps Tab focus inside, and gives focus
/// back to where it was when it closes.
///
/// In the semantic tree a modal is one `dialog` node (the portal's role,
/// name and id hoisted onto the dialog's own frame), listed after the
/// application content with its `overlay_order`.
pub struct Modal<M> {
    common: Common,
    width: u16,
    height: u16,
    on_dismiss: Option<Callback<M>>,
}

impl<M: Send + 'static> Modal<M> {
    /// A modal titled `title` (its accessible name).
    pub fn new(title: impl Into<String>) -> Self {
        let common = Common { name: Some(title.into()), ..Common::default() };
        Self { common, width: 40, height: 7, on_dismiss: None }
    }

    common_builders! {
        /// Sets the automation id.
        automation_id,
    }

    /// The dialog's size in cells, border included (clamped to the viewport).
    #[must_use]
    pub fn size(mut self, width: u16, height: u16) -> Self {
        self.width = width;
        self.height = height;
        self
    }

    /// The message Esc sends (usually "close the dialog").
    #[must_use]
    pub fn on_dismiss(mut self, message: impl Fn() -> M + 'static) -> Self {
        self.on_dismiss = Some(Box::new(message));
        self
    }

    /// Renders the modal; `body` draws the content inside the border.
    pub fn show(self, ui: &mut Ui<'_, M>, body: impl FnOnce(&mut Ui<'_, M>, Rect)) {
        let viewport = Rect::from((ratatui::layout::Position::ORIGIN, ui.viewport()));
        let area = centered(viewport, self.width, self.height);
        let portal = self.common.facts(SemanticRole::Dialog);
        let title = self.common.name.unwrap_or_default();
        let on_dismiss = self.on_dismiss;
        ui.overlay(portal, area, true, |ui| {
            // The content's root frame; the portal's declaration is hoisted
            // onto it, so the tree shows one dialog with the frame's bounds.
            ui.node(area, SemanticFacts::new(SemanticRole::Group), |ui, _| {
                let block = Block::bordered()
                    .border_type(BorderType::Double)
                    .border_style(theme::FOCUSED)
                    .title(title.as_str());
                let inner = block.inner(area);
                ui.draw_own(area, |area, buf| {
                    Clear.render(area, buf);
                    block.render(area, buf);
                });
                body(ui, inner);
                if let Some(on_dismiss) = on_dismiss {
                    ui.on_key(KeyPress::from(KeyCode::Esc), on_dismiss);
                }
            });
        });
    }
}

/// A `width` x `height` rectangle centred in `area`, clamped to it.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    cell
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::{node, session};

    #[test]
    fn a_modal_is_one_dialog_named_by_its_title_above_the_content() {
        let session = session(|ui| {
            Modal::new("Delete?").automation_id("confirm").size(12, 4).show(ui, |_, _| {});
        });
        let dialog = node(&session, "confirm");
        assert_eq!((dialog.role, dialog.name.as_str()), (SemanticRole::Dialog, "Delete?"));
        assert_eq!(dialog.overlay_order, Some(1));
        assert!(dialog.actions.is_empty());
        assert!(dialog.states.modal, "the modal overlay's root is modal");
        assert!(!session.tree().root.states.modal);
    }

    #[test]
    fn only_the_root_of_a_modal_overlay_is_modal() {
        let session = session(|ui| {
            let toast = SemanticFacts::new(SemanticRole::Alert).automation_id("toast");
            ui.overlay(toast, Rect::new(0, 0, 10, 1), false, |_| {});
            Modal::new("Delete?").automation_id("confirm").size(12, 4).show(ui, |ui, inner| {
                let yes = crate::widgets::Text::new("Yes").automation_id("yes");
                ui.add(Rect { height: 1, ..inner }, yes);
            });
        });
        assert!(!node(&session, "toast").states.modal, "a toast is an overlay, not a modal");
        assert!(node(&session, "confirm").states.modal);
        assert!(!node(&session, "yes").states.modal);
        assert!(node(&session, "confirm").markdown_line().contains("[modal]"));
    }

    #[test]
    fn centered_rects_are_clamped_to_the_area() {
        let area = Rect::new(0, 0, 20, 10);
        assert_eq!(centered(area, 6, 4), Rect::new(7, 3, 6, 4));
        assert_eq!(centered(area, 40, 40), area);
    }
}
