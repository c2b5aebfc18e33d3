//! Checkpoint checks: assertions a checkpoint makes about its screen, which
//! fail the checkpoint step rather than write a file. The one check is
//! theme neutrality (seed 003, the rules in [`crate::theme`]).

use std::fmt;
use std::str::FromStr;

use ratatui::buffer::Buffer;

use crate::error::AutomationError;
use crate::theme::theme_violations;
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

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Style};

    use super::*;

    #[test]
    fn the_check_fails_with_every_cell_and_passes_a_plain_screen() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 8, 1));
        buffer.set_string(0, 0, "abcde", Style::new().bg(Color::Rgb(1, 2, 3)));
        let error = Check::ThemeNeutral.run("start", &buffer).unwrap_err();
        let AutomationError::NotThemeNeutral { violations, .. } = &error else { panic!("{error}") };
        assert_eq!(violations.len(), 5);
        let message = error.to_string();
        assert!(message.contains("checkpoint `start` is not theme-neutral: 5 cells"), "{message}");
        assert!(message.contains("row 0 cols 0-4: bg=#010203 (rgb-bg)"), "{message}");
        let clean = Buffer::empty(Rect::new(0, 0, 4, 1));
        assert!(Checks::new([Check::ThemeNeutral]).run("start", &clean).is_ok());
    }
}
