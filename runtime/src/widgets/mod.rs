//! The built-in widget set. Each renders with ratatui and implements
//! [`Semantic`](crate::Semantic); app widgets written with
//! `#[derive(Semantic)]` and a ratatui `Widget` behave exactly like them.

mod button;
mod list;
mod modal;
mod scroll_view;
mod text;
mod text_input;
pub mod theme;

pub use button::Button;
pub use list::{List, ListItem};
pub use modal::{Modal, centered};
pub use scroll_view::ScrollView;
pub use text::{Heading, Text};
pub use text_input::TextInput;

use crate::{KeyCode, KeyPress};

/// A boxed message constructor.
pub(crate) type Callback<M> = Box<dyn Fn() -> M>;
/// A boxed message constructor taking a value.
pub(crate) type ValueCallback<T, M> = Box<dyn Fn(T) -> M>;

/// Whether a key activates a focused button-like widget (Enter or Space).
pub fn is_activation(key: &KeyPress) -> bool {
    key.modifiers.is_empty() && matches!(key.code, KeyCode::Enter | KeyCode::Char(' '))
}
