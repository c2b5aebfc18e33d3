//! The built-in widget set. Each renders with ratatui and implements
//! [`Semantic`](rehearse_core::semantic::Semantic); app widgets written with
//! `#[derive(Semantic)]` and a ratatui `Widget` behave exactly like them.
//!
//! Leaf widgets are [`View`](crate::View)s shown with
//! [`Ui::add`](crate::Ui::add). Containers with a body ([`Frame`],
//! [`DragSource`], [`DropTarget`], [`PanView`], [`MouseRegion`]) are shown
//! with their own `show(ui, area, |ui, inner| ...)` method: what the body
//! adds becomes their children.
//!
//! A widget publishes an action only when it does something: a checkbox
//! without `on_toggle`, or a tab strip without `on_select`, records no
//! Click, so automation refuses to click it instead of clicking into the
//! void.

mod bordered_frame;
mod button;
mod checkbox;
mod choices;
mod common;
mod drag;
mod list;
mod modal;
mod mouse_region;
mod pan_view;
mod progress;
mod radio;
mod scroll_view;
mod status;
mod table;
mod tabs;
#[cfg(test)]
mod testing;
mod text;
mod text_area;
mod text_input;
pub mod theme;
mod toast;

pub use bordered_frame::Frame;
pub use button::Button;
pub use checkbox::Checkbox;
pub use drag::{DragSource, DropTarget};
pub use list::{List, ListItem};
pub use modal::{Modal, centered};
pub use mouse_region::MouseRegion;
pub use pan_view::PanView;
pub use progress::ProgressBar;
pub use radio::RadioGroup;
pub use scroll_view::ScrollView;
pub use status::Status;
pub use table::Table;
pub use tabs::Tabs;
pub use text::{Heading, Text};
pub use text_area::TextArea;
pub use text_input::TextInput;
pub use toast::{Alert, Toast};

use ratatui::style::Style;
use ratatui::widgets::{Block, BorderType};

use crate::ui::{EventCx, NodeRef, Ui, WidgetEvent};
use rehearse_lang::{KeyCode, KeyPress, MouseButton};

pub(crate) use common::{Common, common_builders, own_click, with_id};

/// A boxed message constructor.
pub(crate) type Callback<M> = Box<dyn Fn() -> M>;
/// A boxed message constructor taking a value.
pub(crate) type ValueCallback<T, M> = Box<dyn Fn(T) -> M>;

pub use crate::input::is_activation;

/// An event handler that sends `message` on a left click and takes
/// nothing else (keys bubble on).
pub(crate) fn left_click<M: Send + 'static>(
    message: impl Fn() -> M + 'static,
) -> impl Fn(&WidgetEvent, &mut EventCx<'_, M>) -> bool + 'static {
    move |event, cx| match event {
        WidgetEvent::Click { button: MouseButton::Left, .. } => {
            cx.emit(message());
            true
        }
        _ => false,
    }
}

/// The rounded border the built-in widgets draw, in `style`, with `title`
/// in the top edge when there is one.
pub(crate) fn rounded_border(title: Option<&str>, style: Style) -> Block<'_> {
    let block = Block::bordered().border_type(BorderType::Rounded).border_style(style);
    match title {
        Some(title) => block.title(title),
        None => block,
    }
}

/// The style of an interactive widget in its current interaction state:
/// disabled, held down, focused, hovered or at rest (in that order).
pub(crate) fn interaction_style<M: Send + 'static>(
    ui: &Ui<'_, M>,
    node: NodeRef,
    enabled: bool,
) -> Style {
    if !enabled {
        theme::DISABLED
    } else if ui.is_pressed(node) {
        theme::PRESSED
    } else if ui.is_focused(node) {
        theme::FOCUSED
    } else if ui.is_hovered(node) {
        theme::HOVERED
    } else {
        theme::NORMAL
    }
}

/// The new index after a navigation key in a one-dimensional list of `len`
/// items, or `None` when the key is not navigation or does not move the
/// selection (already at the edge). `back`/`forward` are the keys that step
/// by one; `page` is how far PageUp/PageDown go (0 disables them).
pub(crate) fn step_selection(
    key: &KeyPress,
    current: Option<usize>,
    len: usize,
    back: KeyCode,
    forward: KeyCode,
    page: usize,
) -> Option<usize> {
    if len == 0 || !key.modifiers.is_empty() {
        return None;
    }
    let last = len - 1;
    let next = match (key.code, current) {
        (code, None) if code == back || code == forward => 0,
        (KeyCode::Home, _) => 0,
        (KeyCode::End, _) => last,
        (code, Some(at)) if code == back => at.saturating_sub(1),
        (code, Some(at)) if code == forward => (at + 1).min(last),
        (KeyCode::PageUp, at) if page > 0 => at.unwrap_or(0).saturating_sub(page),
        (KeyCode::PageDown, at) if page > 0 => at.map_or(0, |at| (at + page).min(last)),
        _ => return None,
    };
    (Some(next) != current).then_some(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_steps_clamp_and_report_no_move_at_the_edges() {
        let key = |code| KeyPress::from(code);
        let step =
            |code, at, len| step_selection(&key(code), at, len, KeyCode::Up, KeyCode::Down, 3);
        assert_eq!(step(KeyCode::Down, Some(0), 3), Some(1));
        assert_eq!(step(KeyCode::Down, Some(2), 3), None);
        assert_eq!(step(KeyCode::Up, Some(0), 3), None);
        assert_eq!(step(KeyCode::Up, None, 3), Some(0));
        assert_eq!(step(KeyCode::End, Some(0), 3), Some(2));
        assert_eq!(step(KeyCode::PageDown, Some(0), 10), Some(3));
        assert_eq!(step(KeyCode::PageUp, Some(2), 10), Some(0));
        assert_eq!(step(KeyCode::Left, Some(1), 3), None);
        assert_eq!(step(KeyCode::Down, None, 0), None);
        let shifted = KeyPress::new(KeyCode::Down, rehearse_lang::Modifiers::SHIFT);
        assert_eq!(step_selection(&shifted, Some(0), 3, KeyCode::Up, KeyCode::Down, 0), None);
    }
}
