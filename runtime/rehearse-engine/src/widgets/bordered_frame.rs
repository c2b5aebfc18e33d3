//! `Frame`: a bordered container with an optional title.

use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::ui::{NodeRef, Ui};
use crate::widgets::{
    Callback, Common, common_builders, left_click, own_click, rounded_border, theme,
};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::SemanticRole;

/// A bordered container with an optional title. It has a body, so instead
/// of being a [`View`](crate::View) it is shown with [`show`](Self::show):
/// what the body adds inside the border becomes the frame's children.
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::{Button, Frame};
/// enum Msg { Add }
/// fn view(ui: &mut Ui<'_, Msg>) {
///     Frame::new().title("Todos").automation_id("todos").show(ui, ui.area(), |ui, inner| {
///         ui.add(inner, Button::new("Add").on_click(|| Msg::Add));
///     });
/// }
/// ```
///
/// Publishes role `group` named by its title (its own label) and never by
/// its content: an untitled frame has an empty name.
///
/// A frame has no click behaviour of its own: with exactly one child that
/// accepts clicks where the frame's centre is, it supports Click (a real
/// click there reaches the child); with several children it never does.
/// [`capture_click`](Self::capture_click) instead makes the frame take
/// every click inside it, before its descendants, and send a message.
pub struct Frame<M> {
    common: Common,
    on_click: Option<Callback<M>>,
}

impl<M> Default for Frame<M> {
    fn default() -> Self {
        Self { common: Common::switchable(), on_click: None }
    }
}

impl<M> Frame<M> {
    /// An untitled frame.
    pub fn new() -> Self {
        Self::default()
    }

    common_builders! {
        /// The title drawn in the top border; also the frame's accessible name.
        title,
        /// Sets the automation id.
        automation_id,
        /// Enables or disables the frame and everything in it: a disabled
        /// frame's descendants are disabled too, cannot take focus and ignore
        /// input.
        enabled,
    }

    /// Makes the frame take every left click inside it, before its
    /// descendants (`MouseRegion::capture_click` semantics), and send this
    /// message. The frame then supports Click itself and its children can
    /// no longer be clicked.
    #[must_use]
    pub fn capture_click(mut self, on_click: impl Fn() -> M + 'static) -> Self {
        self.on_click = Some(Box::new(on_click));
        self
    }
}

impl<M> Semantic for Frame<M> {
    fn semantics(&self) -> SemanticFacts {
        own_click(self.common.facts(SemanticRole::Group), self.on_click.is_some())
    }
}

impl<M: Send + 'static> Frame<M> {
    /// Draws the border at `area` and records the frame; `body` renders the
    /// children into the area inside the border. Returns the frame's node.
    pub fn show(
        self,
        ui: &mut Ui<'_, M>,
        area: Rect,
        body: impl FnOnce(&mut Ui<'_, M>, Rect),
    ) -> NodeRef {
        let facts = self.semantics();
        let enabled = self.common.is_enabled();
        let capturing = self.on_click.is_some();
        let title = self.common.label;
        let node = ui.node(area, facts, |ui, node| {
            let style = if !enabled {
                theme::DISABLED
            } else if capturing && ui.is_pressed(node) {
                theme::PRESSED
            } else if capturing && ui.is_hovered(node) {
                theme::HOVERED
            } else {
                theme::NORMAL
            };
            let block = rounded_border(title.as_deref(), style);
            let inner = block.inner(area);
            ui.draw_own(area, |area, buf| block.render(area, buf));
            body(ui, inner);
        });
        match self.on_click {
            Some(on_click) => {
                ui.capture_click(node);
                if enabled {
                    ui.on_event(node, left_click(on_click));
                }
            }
            None => ui.inherit_click_from_only_child(node),
        }
        node
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::identity;
    use rehearse_lang::{ActionSet, SemanticAction};

    #[test]
    fn a_frame_is_a_group_named_by_its_title() {
        let facts = Frame::<()>::new().title("Todos").automation_id("todos").semantics();
        assert_eq!(identity(&facts), (SemanticRole::Group, Some("Todos"), Some("todos")));
        assert_eq!((facts.states.enabled, facts.actions), (Some(true), None));
        let untitled = Frame::<()>::new().enabled(false).semantics();
        assert_eq!((untitled.label, untitled.states.enabled), (None, Some(false)));
    }

    #[test]
    fn a_capturing_frame_supports_click_alone() {
        let facts = Frame::new().capture_click(|| ()).semantics();
        assert_eq!(facts.actions, Some(ActionSet::from_slice(&[SemanticAction::Click])));
    }
}
