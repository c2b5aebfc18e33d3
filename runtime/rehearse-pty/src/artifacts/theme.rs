//! The optional theme-neutrality check of seed 003: a screen that leaves
//! colours to the user's theme uses no RGB colour, no palette index above 15
//! and no explicit background. Reverse video on the default colours (a
//! selected row) stays allowed.

use crate::emulator::{Color, Emulator};

/// What broke theme neutrality.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThemeRule {
    /// A direct RGB foreground.
    RgbForeground,
    /// A direct RGB background.
    RgbBackground,
    /// A palette index above 15 (the extended palette).
    ExtendedIndex(u8),
    /// An explicit background colour.
    ExplicitBackground,
}

impl std::fmt::Display for ThemeRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::RgbForeground => write!(f, "rgb-fg"),
            Self::RgbBackground => write!(f, "rgb-bg"),
            Self::ExtendedIndex(index) => write!(f, "extended index {index} > 15"),
            Self::ExplicitBackground => write!(f, "explicit-bg"),
        }
    }
}

/// One cell that broke a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThemeViolation {
    /// Zero-based row.
    pub row: u16,
    /// Zero-based column.
    pub col: u16,
    /// The rule.
    pub rule: ThemeRule,
}

impl std::fmt::Display for ThemeViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "row {} col {}: {}", self.row, self.col, self.rule)
    }
}

/// Checks every visible cell; `Ok` when the screen is theme-neutral, else every
/// violation, row by row.
///
/// # Errors
/// The violations.
pub fn check_theme_neutral(emu: &dyn Emulator) -> Result<(), Vec<ThemeViolation>> {
    let (rows, cols) = emu.size();
    let mut violations = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let Some(cell) = emu.cell(row, col) else { continue };
            let mut flag = |rule| violations.push(ThemeViolation { row, col, rule });
            match cell.style.fg {
                Color::Rgb(..) => flag(ThemeRule::RgbForeground),
                Color::Indexed(index) if index > 15 => flag(ThemeRule::ExtendedIndex(index)),
                _ => {}
            }
            match cell.style.bg {
                Color::Rgb(..) => flag(ThemeRule::RgbBackground),
                Color::Indexed(index) if index > 15 => flag(ThemeRule::ExtendedIndex(index)),
                Color::Indexed(_) => flag(ThemeRule::ExplicitBackground),
                Color::Default => {}
            }
        }
    }
    if violations.is_empty() { Ok(()) } else { Err(violations) }
}
