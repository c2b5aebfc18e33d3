//! Widgets that draw their own focus: a ratatui `Widget::render` never
//! learns whether its node is focused, hovered or pressed, so a widget that
//! wants to show it implements [`InteractiveWidget`] and is added wrapped in
//! [`Interactive`], whose render receives the node's [`NodeInteraction`].

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::{NodeRef, Ui, View};
use rehearse_core::semantic::{Semantic, SemanticFacts};

/// How a person is interacting with a node as it is drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct NodeInteraction {
    /// It holds keyboard focus.
    pub focused: bool,
    /// The pointer is over it.
    pub hovered: bool,
    /// A button went down on it and has not come up.
    pub pressed: bool,
}

/// A widget whose drawing depends on its node's interaction state — a
/// `#[derive(Semantic)]` widget that draws its own focus ring. Add it with
/// `ui.add(area, Interactive(widget))` (and make it focusable with
/// `.focusable()` on the response, so focus can reach it).
///
/// ```
/// use ratatui::buffer::Buffer;
/// use ratatui::layout::Rect;
/// use ratatui::text::Line;
/// use ratatui::widgets::Widget;
/// use rehearse::prelude::*;
/// use rehearse::ui::{Interactive, InteractiveWidget, NodeInteraction};
///
/// #[derive(Semantic)]
/// #[semantic(role = button, id = "star")]
/// struct Star;
///
/// impl InteractiveWidget for Star {
///     fn render(self, area: Rect, buf: &mut Buffer, state: NodeInteraction) {
///         Line::raw(if state.focused { "[★]" } else { " ★ " }).render(area, buf);
///     }
/// }
///
/// struct App;
/// impl Component for App {
///     type Message = ();
///     fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
///     fn view(&self, ui: &mut Ui<'_, ()>) {
///         ui.add(Rect::new(0, 0, 3, 1), Interactive(Star)).focusable();
///     }
/// }
///
/// let mut session = Session::new(App, SessionOptions::default().viewport(3, 1));
/// assert_eq!(session.buffer()[(0, 0)].symbol(), " ");
/// session.step(AutomationStep::focus(Selector::id("star"))).unwrap();
/// assert_eq!(session.buffer()[(0, 0)].symbol(), "[");
/// ```
pub trait InteractiveWidget {
    /// Draws the widget at `area`, knowing how its node is interacted with.
    fn render(self, area: Rect, buf: &mut Buffer, interaction: NodeInteraction);
}

/// Adds an [`InteractiveWidget`] that also reports semantics: one leaf node
/// with the widget's facts, drawn knowing its [`NodeInteraction`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interactive<W>(pub W);

impl<M: Send + 'static, W: InteractiveWidget + Semantic> View<M> for Interactive<W> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.0.semantics();
        let widget = self.0;
        ui.leaf_interactive(area, facts, |area, buf, interaction| {
            widget.render(area, buf, interaction);
        });
    }
}

impl<M: Send + 'static> Ui<'_, M> {
    /// Records a leaf node and draws it with a closure that receives the
    /// node's interaction state (focus, hover, press), which a plain
    /// [`leaf`](Self::leaf) render cannot know.
    pub fn leaf_interactive(
        &mut self,
        area: Rect,
        facts: SemanticFacts,
        render: impl FnOnce(Rect, &mut Buffer, NodeInteraction),
    ) -> NodeRef {
        self.node(area, facts, |ui, node| {
            let interaction = NodeInteraction {
                focused: ui.is_focused(node),
                hovered: ui.is_hovered(node),
                pressed: ui.is_pressed(node),
            };
            ui.draw_with(area, |area, buf| render(area, buf, interaction));
        })
    }
}
