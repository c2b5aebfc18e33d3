//! Colour spellings: `#rrggbb`, `idxN` or an ANSI name — the one way every
//! artifact, diff and message names a ratatui colour.

use ratatui::style::Color;

/// The sixteen named colours with their spellings, in ANSI order.
pub(crate) const NAMED_COLORS: [(Color, &str); 16] = [
    (Color::Black, "black"),
    (Color::Red, "red"),
    (Color::Green, "green"),
    (Color::Yellow, "yellow"),
    (Color::Blue, "blue"),
    (Color::Magenta, "magenta"),
    (Color::Cyan, "cyan"),
    (Color::Gray, "gray"),
    (Color::DarkGray, "dark-gray"),
    (Color::LightRed, "light-red"),
    (Color::LightGreen, "light-green"),
    (Color::LightYellow, "light-yellow"),
    (Color::LightBlue, "light-blue"),
    (Color::LightMagenta, "light-magenta"),
    (Color::LightCyan, "light-cyan"),
    (Color::White, "white"),
];

/// A colour's spelling: `#rrggbb`, `idxN`, an ANSI name, or `reset`.
pub fn color_name(color: Color) -> String {
    match color {
        Color::Reset => "reset".to_owned(),
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Indexed(index) => format!("idx{index}"),
        named => NAMED_COLORS
            .iter()
            .find(|(color, _)| *color == named)
            .map_or_else(|| format!("{named}"), |(_, name)| (*name).to_owned()),
    }
}
