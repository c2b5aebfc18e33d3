//! [`Response`]: what [`Ui::add`] returns, to attach behaviour to the node
//! a widget just recorded; and the click handler it and button-like
//! widgets share.

use ratatui::layout::Rect;
use rehearse_lang::MouseButton;

use super::{EventCx, NodeRef, Ui, WidgetEvent};

/// What [`Ui::add`] returns: attach behaviour to the node just added.
pub struct Response<'u, 'f, M> {
    ui: &'u mut Ui<'f, M>,
    node: Option<NodeRef>,
}

impl<'u, 'f, M> Response<'u, 'f, M> {
    /// What `Ui::add` returns for `node`, the node its widget recorded.
    pub(super) fn new(ui: &'u mut Ui<'f, M>, node: Option<NodeRef>) -> Self {
        Self { ui, node }
    }
}

impl<M: Send + 'static> Response<'_, '_, M> {
    /// The node the widget recorded, if it recorded one.
    pub fn node(&self) -> Option<NodeRef> {
        self.node
    }

    /// Sends a message when the node is clicked with the left button (or
    /// activated with Enter or Space while focused).
    pub fn on_click(self, message: impl Fn() -> M + 'static) -> Self {
        self.on_button(MouseButton::Left, message)
    }

    /// Sends a message when the node is clicked with the right button.
    pub fn on_right_click(self, message: impl Fn() -> M + 'static) -> Self {
        self.on_button(MouseButton::Right, message)
    }

    fn on_button(self, wanted: MouseButton, message: impl Fn() -> M + 'static) -> Self {
        if let Some(node) = self.node {
            self.ui.on_event(node, click_handler(wanted, message));
        }
        self
    }

    /// Attaches an input handler (see [`Ui::on_event`]).
    pub fn on_event(
        self,
        handler: impl Fn(&WidgetEvent, &mut EventCx<'_, M>) -> bool + 'static,
    ) -> Self {
        if let Some(node) = self.node {
            self.ui.on_event(node, handler);
        }
        self
    }

    /// Makes the node focusable.
    pub fn focusable(self) -> Self {
        if let Some(node) = self.node {
            self.ui.make_focusable(node);
        }
        self
    }

    /// Makes the node take every click inside it.
    pub fn capture_click(self) -> Self {
        if let Some(node) = self.node {
            self.ui.capture_click(node);
        }
        self
    }

    /// Restricts the node's hit area to these cells.
    pub fn hit_cells(self, cells: impl IntoIterator<Item = Rect>) -> Self {
        if let Some(node) = self.node {
            self.ui.hit_cells(node, cells);
        }
        self
    }
}

/// The handler of a click with `wanted` (or, for the left button, Enter or
/// Space on the focused node): it sends `message`. Shared by
/// [`Response::on_click`] and button-like widgets.
pub(crate) fn click_handler<M: Send + 'static>(
    wanted: MouseButton,
    message: impl Fn() -> M + 'static,
) -> impl Fn(&WidgetEvent, &mut EventCx<'_, M>) -> bool + 'static {
    move |event, cx| match event {
        WidgetEvent::Click { button, .. } if *button == wanted => {
            cx.emit(message());
            true
        }
        WidgetEvent::Key(key)
            if wanted == MouseButton::Left && crate::input::is_activation(key) =>
        {
            cx.emit(message());
            true
        }
        _ => false,
    }
}
