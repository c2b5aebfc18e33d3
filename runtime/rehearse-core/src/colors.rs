//! The sixteen ANSI colours as ratatui names them, and a ratatui colour in
//! the language's spelling: what the artifacts write and a style predicate
//! (`fg=red`) reads, from one list.

use ratatui::style::Color;
use rehearse_lang::{AnsiColor, StyleColor};

/// The sixteen named colours, in ANSI order (a colour's index is its
/// place). Their spellings are the language's ([`AnsiColor`]), so a colour
/// reads the same in an artifact and in a style predicate (`fg=red`).
pub(crate) const NAMED_COLORS: [Color; 16] = [
    Color::Black,
    Color::Red,
    Color::Green,
    Color::Yellow,
    Color::Blue,
    Color::Magenta,
    Color::Cyan,
    Color::Gray,
    Color::DarkGray,
    Color::LightRed,
    Color::LightGreen,
    Color::LightYellow,
    Color::LightBlue,
    Color::LightMagenta,
    Color::LightCyan,
    Color::White,
];

/// The language's spelling of a cell's colour: `default` for `Reset`, an
/// ANSI name for a named colour or an index 0 to 15 (the same colour to a
/// style predicate), else `idxN` or `#rrggbb`.
pub fn style_color(color: Color) -> StyleColor {
    match color {
        Color::Reset => StyleColor::Default,
        Color::Rgb(r, g, b) => StyleColor::Rgb(r, g, b),
        Color::Indexed(index) => StyleColor::Indexed(index).named(),
        named => NAMED_COLORS
            .iter()
            .position(|candidate| *candidate == named)
            .and_then(|at| AnsiColor::ALL.get(at))
            .map_or(StyleColor::Default, |name| StyleColor::Ansi(*name)),
    }
}
