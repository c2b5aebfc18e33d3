//! The built-in theme: fixed styles, never read from user settings, so a
//! headless render is the same on every machine.

use ratatui::style::{Color, Modifier, Style};

/// Text and borders at rest.
pub const NORMAL: Style = Style::new();
/// A focused widget.
pub const FOCUSED: Style = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
/// A widget under the pointer.
pub const HOVERED: Style = Style::new().add_modifier(Modifier::UNDERLINED);
/// A widget held down.
pub const PRESSED: Style = Style::new().add_modifier(Modifier::REVERSED);
/// A disabled widget.
pub const DISABLED: Style = Style::new().fg(Color::DarkGray).add_modifier(Modifier::DIM);
/// Placeholder text.
pub const PLACEHOLDER: Style = Style::new().fg(Color::DarkGray).add_modifier(Modifier::ITALIC);
/// A selected item.
pub const SELECTED: Style = Style::new().add_modifier(Modifier::REVERSED);
/// Headings.
pub const HEADING: Style = Style::new().add_modifier(Modifier::BOLD);
/// Alerts and errors.
pub const ALERT: Style = Style::new().fg(Color::Red).add_modifier(Modifier::BOLD);
/// Accents (progress, active tab).
pub const ACCENT: Style = Style::new().fg(Color::Cyan);

/// The border style for a widget in a given interaction state.
pub fn border(focused: bool, enabled: bool) -> Style {
    if !enabled {
        DISABLED
    } else if focused {
        FOCUSED
    } else {
        NORMAL
    }
}

/// Status bars.
pub const STATUS: Style = Style::new().add_modifier(Modifier::REVERSED);
