//! The sixteen ANSI colours as ratatui names them, and a ratatui colour in
//! the language's spelling: what the artifacts, diffs and messages write and
//! a style predicate (`fg=red`) reads, from one list.

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

/// The named colours with their spellings, in ANSI order.
pub(crate) fn named_colors() -> impl Iterator<Item = (Color, &'static str)> {
    NAMED_COLORS.into_iter().zip(AnsiColor::ALL.iter().map(|name| name.as_str()))
}

/// A colour's spelling: `#rrggbb`, `idxN`, an ANSI name, or `reset` — the
/// one way every artifact, diff and message names a ratatui colour.
pub fn color_name(color: Color) -> String {
    match color {
        Color::Reset => "reset".to_owned(),
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Indexed(index) => format!("idx{index}"),
        named => named_colors()
            .find(|(color, _)| *color == named)
            .map_or_else(|| format!("{named}"), |(_, name)| name.to_owned()),
    }
}
