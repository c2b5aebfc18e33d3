//! What a style predicate says about the cells of matched text
//! (`wait-for:fg=red,text~Error,500`, `bold`, `bg=#1e1e2e`): the colour
//! spellings every style is written with, and the check itself.
//!
//! The sixteen ANSI names are the ones the `cells` and `styled` artifacts
//! write (`rehearse-core` reads them from [`AnsiColor`]), so a colour copied
//! out of an artifact reads here as it reads there.

use std::fmt;

use crate::state::Boolean;
use crate::vocabulary::{Vocabulary, closed_set};

closed_set! {
    /// The sixteen ANSI colours, in ANSI order: a colour's index (0 to 15)
    /// is its place here, so `red` is `idx1` and `white` `idx15`.
    pub enum AnsiColor: "colour" {
        /// `black` (index 0).
        Black = "black",
        /// `red` (1).
        Red = "red",
        /// `green` (2).
        Green = "green",
        /// `yellow` (3).
        Yellow = "yellow",
        /// `blue` (4).
        Blue = "blue",
        /// `magenta` (5).
        Magenta = "magenta",
        /// `cyan` (6).
        Cyan = "cyan",
        /// `gray` (7).
        Gray = "gray",
        /// `dark-gray` (8).
        DarkGray = "dark-gray",
        /// `light-red` (9).
        LightRed = "light-red",
        /// `light-green` (10).
        LightGreen = "light-green",
        /// `light-yellow` (11).
        LightYellow = "light-yellow",
        /// `light-blue` (12).
        LightBlue = "light-blue",
        /// `light-magenta` (13).
        LightMagenta = "light-magenta",
        /// `light-cyan` (14).
        LightCyan = "light-cyan",
        /// `white` (15).
        White = "white",
    }
}

impl AnsiColor {
    /// The colour's index, 0 to 15.
    pub fn index(self) -> u8 {
        Self::ALL.iter().position(|color| *color == self).map_or(0, |at| at as u8)
    }

    /// The colour at index `index`, when it is 0 to 15.
    pub fn from_index(index: u8) -> Option<Self> {
        Self::ALL.get(usize::from(index)).copied()
    }
}

/// A colour as a style predicate writes it: `default` (the terminal's own,
/// also read as `reset`), an ANSI name (`red`), a palette index (`idx196`)
/// or `#rrggbb`.
///
/// ```
/// use rehearse_lang::{AnsiColor, StyleColor};
/// assert_eq!("red".parse::<StyleColor>(), Ok(StyleColor::Ansi(AnsiColor::Red)));
/// assert_eq!("#1E1e2e".parse::<StyleColor>(), Ok(StyleColor::Rgb(0x1e, 0x1e, 0x2e)));
/// // A name and its index are the same colour.
/// assert!(StyleColor::Ansi(AnsiColor::Red).same_as(StyleColor::Indexed(1)));
/// assert!("idx256".parse::<StyleColor>().unwrap_err().contains("#rrggbb"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StyleColor {
    /// The terminal's default colour (`default`, or `reset` as the cells
    /// artifact writes it).
    Default,
    /// One of the sixteen ANSI colours, by name.
    Ansi(AnsiColor),
    /// A palette index, `idx0` to `idx255` (0 to 15 are the ANSI colours).
    Indexed(u8),
    /// A 24-bit colour, `#rrggbb`.
    Rgb(u8, u8, u8),
}

/// The spelling of the terminal's default colour.
const DEFAULT: &str = "default";
/// The cells artifact's spelling of it, read the same.
const RESET: &str = "reset";

impl StyleColor {
    /// Every valid spelling, as an error lists them.
    pub fn spellings() -> String {
        format!(
            "{DEFAULT} (or {RESET}), #rrggbb, idx0 to idx255, or an ANSI name: {}",
            AnsiColor::names().collect::<Vec<_>>().join(", ")
        )
    }

    /// Whether two spellings are the same colour: an ANSI name is the same
    /// as its index (`red` is `idx1`); otherwise they must be equal.
    pub fn same_as(self, other: Self) -> bool {
        self.canonical() == other.canonical()
    }

    /// The colour with an ANSI name written as its index.
    fn canonical(self) -> Self {
        match self {
            Self::Ansi(color) => Self::Indexed(color.index()),
            other => other,
        }
    }

    /// The spelling a reader knows best: an index 0 to 15 as its ANSI name.
    pub fn named(self) -> Self {
        match self {
            Self::Indexed(index) => AnsiColor::from_index(index).map_or(self, Self::Ansi),
            other => other,
        }
    }
}

impl std::str::FromStr for StyleColor {
    type Err = String;

    /// Reads a colour; the error names what was written, the closest ANSI
    /// name when there is one, and every valid spelling.
    fn from_str(written: &str) -> Result<Self, Self::Err> {
        if written == DEFAULT || written == RESET {
            return Ok(Self::Default);
        }
        if let Some(hex) = written.strip_prefix('#') {
            if hex.len() == 6 && hex.bytes().all(|byte| byte.is_ascii_hexdigit()) {
                let channel = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).unwrap_or(0);
                return Ok(Self::Rgb(channel(0), channel(2), channel(4)));
            }
            return Err(format!(
                "`{written}` is not a colour: `#` takes six hexadecimal digits, `#rrggbb` (valid colours: {})",
                Self::spellings()
            ));
        }
        if let Some(index) = written.strip_prefix("idx")
            && !index.is_empty()
            && index.bytes().all(|byte| byte.is_ascii_digit())
        {
            return index.parse::<u8>().map(Self::Indexed).map_err(|_| {
                format!(
                    "`{written}` is not a colour: a palette index is 0 to 255 (valid colours: {})",
                    Self::spellings()
                )
            });
        }
        AnsiColor::parse(written).map(Self::Ansi).map_err(|unknown| {
            let hint = if unknown.suggestions().is_empty() {
                String::new()
            } else {
                format!("; {}", unknown.hint())
            };
            format!("unknown colour `{written}`{hint} (valid colours: {})", Self::spellings())
        })
    }
}

impl fmt::Display for StyleColor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Default => f.write_str(DEFAULT),
            Self::Ansi(color) => f.write_str(color.as_str()),
            Self::Indexed(index) => write!(f, "idx{index}"),
            Self::Rgb(r, g, b) => write!(f, "#{r:02x}{g:02x}{b:02x}"),
        }
    }
}

closed_set! {
    /// The attributes a style predicate can ask of a cell, each `NAME`,
    /// `NAME=true` or `NAME=false`.
    pub enum StyleAttribute: "style attribute" {
        /// Bold text (SGR 1).
        Bold = "bold",
        /// Italic text (SGR 3).
        Italic = "italic",
        /// Underlined text (SGR 4).
        Underline = "underline",
        /// Reversed colours (SGR 7).
        Reverse = "reverse",
    }
}

/// What every cell of the matched text must show: a foreground or
/// background colour, or an attribute on or off.
///
/// ```
/// use rehearse_lang::{AnsiColor, StyleAttribute, StyleCheck, StyleColor};
/// assert_eq!(StyleCheck::Fg(StyleColor::Ansi(AnsiColor::Red)).to_string(), "fg=red");
/// assert_eq!(StyleCheck::Attribute(StyleAttribute::Bold, true).to_string(), "bold");
/// assert_eq!(StyleCheck::Attribute(StyleAttribute::Reverse, false).to_string(), "reverse=false");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StyleCheck {
    /// The foreground colour (`fg=COLOUR`).
    Fg(StyleColor),
    /// The background colour (`bg=COLOUR`).
    Bg(StyleColor),
    /// An attribute is on (`bold`, `bold=true`) or off (`bold=false`).
    Attribute(StyleAttribute, bool),
}

impl fmt::Display for StyleCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Fg(color) => write!(f, "fg={color}"),
            Self::Bg(color) => write!(f, "bg={color}"),
            Self::Attribute(attribute, true) => write!(f, "{attribute}"),
            Self::Attribute(attribute, false) => write!(f, "{attribute}={}", Boolean::False),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_spelling_round_trips() {
        let mut colors: Vec<StyleColor> =
            AnsiColor::ALL.iter().map(|c| StyleColor::Ansi(*c)).collect();
        colors.extend([
            StyleColor::Default,
            StyleColor::Indexed(0),
            StyleColor::Indexed(255),
            StyleColor::Rgb(0x1e, 0xab, 0xff),
        ]);
        for color in colors {
            assert_eq!(color.to_string().parse::<StyleColor>(), Ok(color), "{color}");
        }
        assert_eq!("reset".parse::<StyleColor>(), Ok(StyleColor::Default));
        assert_eq!(StyleColor::Indexed(9).named().to_string(), "light-red");
        assert_eq!(StyleColor::Indexed(196).named().to_string(), "idx196");
    }

    #[test]
    fn a_name_is_its_index_and_nothing_else() {
        for (index, color) in AnsiColor::ALL.iter().enumerate() {
            let index = index as u8;
            assert_eq!(color.index(), index);
            assert!(StyleColor::Ansi(*color).same_as(StyleColor::Indexed(index)));
            assert!(StyleColor::Indexed(index).same_as(StyleColor::Ansi(*color)));
        }
        let red = StyleColor::Ansi(AnsiColor::Red);
        assert!(!red.same_as(StyleColor::Indexed(9)));
        assert!(!red.same_as(StyleColor::Rgb(0xff, 0, 0)));
        assert!(!red.same_as(StyleColor::Default));
    }

    #[test]
    fn a_colour_that_is_not_one_names_the_valid_spellings() {
        let error = "rde".parse::<StyleColor>().unwrap_err();
        assert!(error.starts_with("unknown colour `rde`; did you mean `red`?"), "{error}");
        assert!(error.contains("#rrggbb, idx0 to idx255"), "{error}");
        assert!("#12345".parse::<StyleColor>().unwrap_err().contains("six hexadecimal digits"));
        assert!("idx256".parse::<StyleColor>().unwrap_err().contains("0 to 255"));
        assert!("idx".parse::<StyleColor>().unwrap_err().starts_with("unknown colour `idx`"));
        assert!("Red".parse::<StyleColor>().is_err(), "names are lowercase");
    }
}
