//! Checkpoint checks: assertions a checkpoint makes about its screen, which
//! fail the checkpoint step rather than write a file. The one check is
//! theme neutrality (seed 003): a screen that leaves colours to the user's
//! theme uses no RGB colour, no palette index above 15 and no explicit
//! background. Reverse video on the default colours (a selected row) stays
//! allowed, as do the 16 theme colours in the foreground.

use std::fmt;
use std::str::FromStr;

use ratatui::buffer::Buffer;
use ratatui::style::Color;

use super::style::color_name;
use crate::error::AutomationError;
use crate::{Checkpoint, CheckpointSink};

/// A check a checkpoint can make: the closed set of
/// [`Artifacts::checks`](super::Artifacts::checks),
/// [`Baseline::checks`](super::Baseline::checks) and the [`Checks`](super::Checks)
/// sink, spelled as `rehearse run --check NAME` spells it.
///
/// ```
/// use rehearse_core::artifacts::Check;
/// assert_eq!("theme-neutral".parse::<Check>().unwrap(), Check::ThemeNeutral);
/// assert!("contrast".parse::<Check>().unwrap_err().contains("theme-neutral"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Check {
    /// The screen leaves its colours to the user's theme
    /// ([`theme_violations`]): a checkpoint whose screen breaks a rule fails
    /// with [`AutomationError::NotThemeNeutral`] listing every cell.
    ThemeNeutral,
}

impl Check {
    /// Every check.
    pub const ALL: [Check; 1] = [Check::ThemeNeutral];

    /// The check's name, as [`FromStr`] accepts it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::ThemeNeutral => "theme-neutral",
        }
    }

    /// Makes the check on checkpoint `checkpoint`'s `buffer`.
    ///
    /// # Errors
    ///
    /// [`AutomationError::NotThemeNeutral`] with every violation.
    pub fn run(self, checkpoint: &str, buffer: &Buffer) -> Result<(), AutomationError> {
        match self {
            Self::ThemeNeutral => {
                let violations = theme_violations(buffer);
                if violations.is_empty() {
                    Ok(())
                } else {
                    Err(AutomationError::NotThemeNeutral {
                        checkpoint: checkpoint.to_owned(),
                        violations,
                    })
                }
            }
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Check {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|check| check.name() == name).ok_or_else(|| {
            format!("unknown checkpoint check `{name}`; the checks are: theme-neutral")
        })
    }
}

/// A checkpoint sink that makes [`Check`]s and writes nothing: the first
/// check a checkpoint's screen fails fails the checkpoint step. Diagnostic
/// checkpoints (taken to explain another failure) are not checked. Every
/// plane's checkpoints can be checked: the checks read the rendered grid.
///
/// ```no_run
/// use rehearse::artifacts::{Check, Checks};
/// # use rehearse::prelude::*;
/// # struct App;
/// # impl Component for App { type Message = (); fn update(&mut self, _: (), _: &mut Context<'_, Self>) {} fn view(&self, _: &mut Ui<'_, ()>) {} }
/// let mut session = Session::new(App, SessionOptions::default());
/// session.add_checkpoint_sink(Checks::new([Check::ThemeNeutral]));
/// session.step(AutomationStep::checkpoint("start")).expect("the screen is theme-neutral");
/// ```
#[derive(Debug, Clone, Default)]
pub struct Checks {
    checks: Vec<Check>,
}

impl Checks {
    /// A sink making `checks` (duplicates dropped, order kept) at every
    /// checkpoint.
    pub fn new(checks: impl IntoIterator<Item = Check>) -> Self {
        let mut kept = Vec::new();
        for check in checks {
            if !kept.contains(&check) {
                kept.push(check);
            }
        }
        Self { checks: kept }
    }

    /// The checks made.
    pub fn checks(&self) -> &[Check] {
        &self.checks
    }

    /// Makes every check on checkpoint `name`'s `buffer`, in order.
    ///
    /// # Errors
    ///
    /// The first check's failure.
    pub fn run(&self, name: &str, buffer: &Buffer) -> Result<(), AutomationError> {
        self.checks.iter().try_for_each(|check| check.run(name, buffer))
    }
}

impl CheckpointSink for Checks {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        if checkpoint.diagnostic {
            return Ok(());
        }
        self.run(checkpoint.name, &checkpoint.frame.buffer)
    }
}

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
        let error = Check::ThemeNeutral.run("start", &buffer).unwrap_err().to_string();
        assert!(error.contains("checkpoint `start`") && error.contains("5 cells"), "{error}");
        let clean = Buffer::empty(Rect::new(0, 0, 4, 1));
        assert!(Check::ThemeNeutral.run("start", &clean).is_ok());
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
