//! Theme neutrality (seed 003): a screen that leaves colours to the user's
//! theme uses no RGB colour, no palette index above 15 and no explicit
//! background. Reverse video on the default colours (a selected row) stays
//! allowed, as do the 16 theme colours in the foreground. The checkpoint
//! check that applies it is `Check::ThemeNeutral`, in `artifacts`.

use std::fmt;

use ratatui::buffer::Buffer;
use ratatui::style::Color;

use crate::colors::color_name;

/// What broke theme neutrality.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThemeRule {
    /// A direct RGB foreground.
    RgbForeground,
    /// A direct RGB background.
    RgbBackground,
    /// A palette index above 15 (the extended palette), foreground or
    /// background.
    ExtendedIndex(u8),
    /// An explicit background colour (one of the 16 theme colours).
    ExplicitBackground,
}

impl fmt::Display for ThemeRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::RgbForeground => write!(f, "rgb-fg"),
            Self::RgbBackground => write!(f, "rgb-bg"),
            Self::ExtendedIndex(index) => write!(f, "extended index {index} > 15"),
            Self::ExplicitBackground => write!(f, "explicit-bg"),
        }
    }
}

/// One cell that broke a rule: where, the colour it used (`what`), and the
/// rule (`why`). The cell's glyph is not kept, so a report never spells
/// what the screen shows (a typed secret among it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThemeViolation {
    /// Zero-based row.
    pub row: u16,
    /// Zero-based column.
    pub col: u16,
    /// The rule.
    pub rule: ThemeRule,
    /// Whether the foreground broke it (else the background).
    pub foreground: bool,
    /// The colour that broke it.
    pub color: Color,
}

impl ThemeViolation {
    /// The colour as a label: `fg=#ff8800`, `bg=blue`, `bg=idx200`.
    pub fn what(&self) -> String {
        let side = if self.foreground { "fg" } else { "bg" };
        format!("{side}={}", color_name(self.color))
    }
}

impl fmt::Display for ThemeViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {} col {}: {} ({})", self.row, self.col, self.what(), self.rule)
    }
}

/// Every cell of `buffer` that breaks theme neutrality, row by row (a cell
/// breaking it in both colours is listed twice, foreground first).
/// Foreground: RGB, or a palette index above 15. Background: RGB, an index
/// above 15, or any explicit colour. `Reset` (the theme's own colour) and
/// modifiers (reverse video) are allowed.
pub fn theme_violations(buffer: &Buffer) -> Vec<ThemeViolation> {
    let area = buffer.area;
    let mut violations = Vec::new();
    for (at, cell) in buffer.content.iter().enumerate() {
        let width = usize::from(area.width.max(1));
        let (row, col) = (area.y + (at / width) as u16, area.x + (at % width) as u16);
        let mut flag = |rule, foreground, color| {
            violations.push(ThemeViolation { row, col, rule, foreground, color });
        };
        match cell.fg {
            Color::Rgb(..) => flag(ThemeRule::RgbForeground, true, cell.fg),
            Color::Indexed(index) if index > 15 => {
                flag(ThemeRule::ExtendedIndex(index), true, cell.fg);
            }
            _ => {}
        }
        match cell.bg {
            Color::Reset => {}
            Color::Rgb(..) => flag(ThemeRule::RgbBackground, false, cell.bg),
            Color::Indexed(index) if index > 15 => {
                flag(ThemeRule::ExtendedIndex(index), false, cell.bg);
            }
            _ => flag(ThemeRule::ExplicitBackground, false, cell.bg),
        }
    }
    violations
}

/// The most runs a [`NotThemeNeutral`](AutomationError::NotThemeNeutral)
/// message lists before it counts the rest.
const MAX_LISTED: usize = 20;

/// `violations` for a message: one line per run of cells in a row that
/// break the same rule with the same colour (`row 2 cols 0-79: bg=blue
/// (explicit-bg)`, columns inclusive), at most 20 lines, then how many
/// more.
pub(crate) fn describe_violations(violations: &[ThemeViolation]) -> String {
    // Runs: (first violation, last column).
    let mut runs: Vec<(ThemeViolation, u16)> = Vec::new();
    for violation in violations {
        let extends = runs.iter_mut().rev().take(2).find(|(first, last)| {
            first.row == violation.row
                && *last + 1 == violation.col
                && (first.rule, first.foreground, first.color)
                    == (violation.rule, violation.foreground, violation.color)
        });
        match extends {
            Some((_, last)) => *last = violation.col,
            None => runs.push((*violation, violation.col)),
        }
    }
    let mut out = String::new();
    for (first, last) in runs.iter().take(MAX_LISTED) {
        let cols = if first.col == *last {
            format!("col {}", first.col)
        } else {
            format!("cols {}-{last}", first.col)
        };
        out.push_str(&format!("\n  row {} {cols}: {} ({})", first.row, first.what(), first.rule));
    }
    if runs.len() > MAX_LISTED {
        out.push_str(&format!("\n  … and {} more runs", runs.len() - MAX_LISTED));
    }
    out
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    use super::*;

    #[test]
    fn each_rule_is_found_and_theme_colours_pass() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 8, 2));
        // Allowed: a theme foreground, reverse video, the default colours.
        buffer.set_string(0, 0, "ok", Style::new().fg(Color::Cyan).reversed());
        buffer.set_string(0, 1, "a", Style::new().fg(Color::Rgb(255, 136, 0)));
        buffer.set_string(1, 1, "b", Style::new().bg(Color::Rgb(1, 2, 3)));
        buffer.set_string(2, 1, "c", Style::new().fg(Color::Indexed(200)));
        buffer.set_string(3, 1, "de", Style::new().bg(Color::Blue));
        let found = theme_violations(&buffer);
        let rules: Vec<_> = found.iter().map(|v| (v.col, v.rule, v.what())).collect();
        assert_eq!(
            rules,
            [
                (0, ThemeRule::RgbForeground, "fg=#ff8800".to_owned()),
                (1, ThemeRule::RgbBackground, "bg=#010203".to_owned()),
                (2, ThemeRule::ExtendedIndex(200), "fg=idx200".to_owned()),
                (3, ThemeRule::ExplicitBackground, "bg=blue".to_owned()),
                (4, ThemeRule::ExplicitBackground, "bg=blue".to_owned()),
            ]
        );
        assert!(found.iter().all(|v| v.row == 1));
        let described = describe_violations(&found);
        assert!(described.contains("row 1 cols 3-4: bg=blue (explicit-bg)"), "{described}");
        assert!(
            described.contains("row 1 col 2: fg=idx200 (extended index 200 > 15)"),
            "{described}"
        );
    }

    #[test]
    fn long_lists_are_cut() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 3, 30));
        for row in 0..30 {
            buffer.set_string(0, row, "x", Style::new().bg(Color::Red));
        }
        let described = describe_violations(&theme_violations(&buffer));
        assert_eq!(described.lines().count(), 22, "{described}");
        assert!(described.ends_with("… and 10 more runs"), "{described}");
    }
}
