//! Cell styles and their spellings: colours as `#rrggbb`, `idxN` or an
//! ANSI name, modifiers by name. Shared by the `cells` format, the styled
//! golden and diffs, so every artifact spells a style the same way.

use std::fmt;

use ratatui::style::{Color, Modifier};
use rehearse_lang::{AnsiColor, Vocabulary};

pub use crate::colors::style_color;

use crate::colors::{color_name, named_colors};

/// A cell's complete style: foreground, background, underline colour and
/// modifiers. [`CellStyle::DEFAULT`] is an untouched cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellStyle {
    /// Foreground colour (`Reset` is the terminal default).
    pub fg: Color,
    /// Background colour.
    pub bg: Color,
    /// Underline colour.
    pub underline: Color,
    /// Bold, dim, italic, ...
    pub modifier: Modifier,
}

impl CellStyle {
    /// The default style: every colour `Reset`, no modifier.
    pub const DEFAULT: Self = Self {
        fg: Color::Reset,
        bg: Color::Reset,
        underline: Color::Reset,
        modifier: Modifier::empty(),
    };

    /// Whether this is the default style.
    pub fn is_default(&self) -> bool {
        *self == Self::DEFAULT
    }

    /// The style's labels in a fixed order: `fg=…`, `bg=…`, `ul=…`, then
    /// modifier names. Empty for the default style.
    pub fn labels(&self) -> Vec<String> {
        let mut labels = Vec::new();
        for (key, color) in [("fg", self.fg), ("bg", self.bg), ("ul", self.underline)] {
            if color != Color::Reset {
                labels.push(format!("{key}={}", color_name(color)));
            }
        }
        labels.extend(modifier_names(self.modifier).into_iter().map(str::to_owned));
        labels
    }

    /// Parses labels as [`labels`](Self::labels) writes them.
    ///
    /// # Errors
    ///
    /// A message naming the label that is not a colour or modifier.
    pub fn from_labels<'a>(labels: impl IntoIterator<Item = &'a str>) -> Result<Self, String> {
        let mut style = Self::DEFAULT;
        for label in labels {
            if let Some((key, value)) = label.split_once('=') {
                let color = parse_color(value)?;
                match key {
                    "fg" => style.fg = color,
                    "bg" => style.bg = color,
                    "ul" => style.underline = color,
                    other => {
                        return Err(format!("unknown style key `{other}`; expected fg, bg or ul"));
                    }
                }
            } else {
                style.modifier |= parse_modifier(label)?;
            }
        }
        Ok(style)
    }
}

impl fmt::Display for CellStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_default() {
            f.write_str("default style")
        } else {
            f.write_str(&self.labels().join(" "))
        }
    }
}

/// Every modifier ratatui has, with its spelling, in a fixed order.
pub(crate) const MODIFIERS: [(Modifier, &str); 9] = [
    (Modifier::BOLD, "bold"),
    (Modifier::DIM, "dim"),
    (Modifier::ITALIC, "italic"),
    (Modifier::UNDERLINED, "underlined"),
    (Modifier::SLOW_BLINK, "slow-blink"),
    (Modifier::RAPID_BLINK, "rapid-blink"),
    (Modifier::REVERSED, "reversed"),
    (Modifier::HIDDEN, "hidden"),
    (Modifier::CROSSED_OUT, "crossed-out"),
];

/// Parses a colour spelled as [`color_name`] writes it.
///
/// # Errors
///
/// A message naming the spelling and the valid forms.
pub fn parse_color(name: &str) -> Result<Color, String> {
    if name == "reset" {
        return Ok(Color::Reset);
    }
    if let Some(hex) = name.strip_prefix('#')
        && hex.len() == 6
        && hex.bytes().all(|byte| byte.is_ascii_hexdigit())
    {
        let channel = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).expect("hex digits");
        return Ok(Color::Rgb(channel(0), channel(2), channel(4)));
    }
    if let Some(index) = name.strip_prefix("idx")
        && let Ok(index) = index.parse::<u8>()
    {
        return Ok(Color::Indexed(index));
    }
    named_colors().find(|(_, spelling)| *spelling == name).map(|(color, _)| color).ok_or_else(
        || {
            format!(
                "unknown colour `{name}`; write #rrggbb, idx0..idx255 or one of {}",
                AnsiColor::names().collect::<Vec<_>>().join(", ")
            )
        },
    )
}

/// The names of the modifiers set in `modifier`, in a fixed order.
pub fn modifier_names(modifier: Modifier) -> Vec<&'static str> {
    MODIFIERS.iter().filter(|(flag, _)| modifier.contains(*flag)).map(|(_, name)| *name).collect()
}

/// Parses one modifier name.
///
/// # Errors
///
/// A message naming the spelling and the valid names.
pub fn parse_modifier(name: &str) -> Result<Modifier, String> {
    MODIFIERS.iter().find(|(_, spelling)| *spelling == name).map(|(flag, _)| *flag).ok_or_else(
        || {
            format!(
                "unknown modifier `{name}`; the modifiers are {}",
                MODIFIERS.map(|(_, name)| name).join(", ")
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colors::NAMED_COLORS;

    #[test]
    fn every_colour_round_trips() {
        let mut colors: Vec<Color> = NAMED_COLORS.to_vec();
        colors.extend([
            Color::Reset,
            Color::Rgb(1, 0xab, 0xff),
            Color::Indexed(0),
            Color::Indexed(255),
        ]);
        for color in colors {
            assert_eq!(parse_color(&color_name(color)), Ok(color), "{color:?}");
        }
        assert_eq!(color_name(Color::Rgb(0x10, 0x20, 0x30)), "#102030");
        assert!(parse_color("#12345").is_err());
        assert!(parse_color("idx256").unwrap_err().contains("#rrggbb"));
    }

    #[test]
    fn labels_round_trip() {
        let style = CellStyle {
            fg: Color::Yellow,
            bg: Color::Rgb(0, 0, 0x80),
            underline: Color::Indexed(9),
            modifier: Modifier::all(),
        };
        let labels = style.labels();
        assert_eq!(labels[..3], ["fg=yellow", "bg=#000080", "ul=idx9"]);
        assert_eq!(CellStyle::from_labels(labels.iter().map(String::as_str)), Ok(style));
        assert!(CellStyle::DEFAULT.labels().is_empty());
        assert!(CellStyle::from_labels(["blinking"]).unwrap_err().contains("crossed-out"));
    }
}
