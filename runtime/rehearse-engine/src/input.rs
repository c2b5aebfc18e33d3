//! Conversions between rehearse's key vocabulary and real crossterm events.
//!
//! The executor synthesizes crossterm events and the terminal runner reads
//! them from the terminal; both enter the engine through the same path.
//! The conversion itself is `rehearse-core`'s, which every plane that feeds
//! crossterm events shares.

use rehearse_lang::{KeyCode, KeyPress};

pub use rehearse_core::{key_event, key_press};

/// Whether a key activates a focused button-like widget (Enter or Space).
pub fn is_activation(key: &KeyPress) -> bool {
    key.modifiers.is_empty() && matches!(key.code, KeyCode::Enter | KeyCode::Char(' '))
}
