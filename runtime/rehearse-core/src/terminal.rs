//! [`TerminalPlane`]: what only a plane holding a program in a terminal
//! does — waits and guards on its screen, scrollback and process, and the
//! artifact pipeline — reached through [`Plane::terminal`](crate::Plane::terminal).
//! A plane without a terminal has nothing to implement; the executor says
//! why such a step cannot run there.

use std::fmt;
use std::time::Duration;

use rehearse_lang::{AutomationStep, TerminalCondition};

use crate::error::AutomationError;
use crate::kind::PlaneKind;

/// The terminal-only work of a plane that holds a program in a terminal.
pub trait TerminalPlane {
    /// Waits until a condition on the program's screen, scrollback or
    /// process holds, on a settled screen, for at most `timeout`.
    ///
    /// # Errors
    ///
    /// [`AutomationError::ScreenTimeout`] when it did not hold in time;
    /// [`AutomationError::TargetEnded`] when the program ended first.
    fn wait_terminal(
        &mut self,
        condition: &TerminalCondition,
        timeout: Duration,
    ) -> Result<(), AutomationError>;

    /// Whether a condition on the program's screen, scrollback or process
    /// holds now, on a settled screen (a `when(...)` guard).
    ///
    /// # Errors
    ///
    /// What settling fails with.
    fn test_terminal(&mut self, condition: &TerminalCondition) -> Result<bool, AutomationError>;

    /// Runs an artifact-pipeline step against the program.
    ///
    /// # Errors
    ///
    /// What the pipeline fails with (a missing file, a command's exit
    /// status and stderr).
    fn pipeline(&mut self, step: PipelineStep<'_>) -> Result<(), AutomationError>;
}

/// An artifact-pipeline step, typed: `download:`, `transform:`, `monitor:`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PipelineStep<'a> {
    /// Capture a file the program wrote as a named artifact.
    Download {
        /// The file, absolute or relative to the program's working directory
        /// (`${artifacts.NAME.path}` not yet expanded).
        source: &'a str,
        /// The artifact's name.
        name: &'a str,
    },
    /// Run a command (no shell) to produce a named artifact.
    Transform {
        /// The artifact's name.
        name: &'a str,
        /// The command.
        command: &'a str,
        /// Its arguments.
        args: &'a [String],
    },
    /// Sample the program's CPU and memory every `interval`.
    Monitor {
        /// How often.
        interval: Duration,
    },
}

impl<'a> PipelineStep<'a> {
    /// The pipeline step `step` is, if it is one.
    pub fn of(step: &'a AutomationStep) -> Option<Self> {
        match step {
            AutomationStep::Download { source, name } => Some(Self::Download { source, name }),
            AutomationStep::Transform { name, command, args } => {
                Some(Self::Transform { name, command, args })
            }
            AutomationStep::Monitor { interval } => Some(Self::Monitor { interval: *interval }),
            _ => None,
        }
    }

    /// The step again, as scripts spell it.
    pub fn to_step(self) -> AutomationStep {
        match self {
            Self::Download { source, name } => AutomationStep::download(source, name),
            Self::Transform { name, command, args } => {
                AutomationStep::transform(name, command, args.iter().cloned())
            }
            Self::Monitor { interval } => AutomationStep::monitor(interval),
        }
    }
}

impl fmt::Display for PipelineStep<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_step().fmt(f)
    }
}

/// Why `what` (a step, a guard, an input, as a script spells it) cannot run
/// on a plane of `kind`, which has no terminal.
pub fn no_terminal(kind: PlaneKind, what: &str) -> AutomationError {
    AutomationError::NotAvailable {
        what: what.to_owned(),
        reason: format!(
            "it needs a program in a terminal (the terminal plane); {} has no screen bytes, scrollback or process",
            kind.described()
        ),
    }
}

/// Why a checkpoint cannot write `format` (a [`Format::needs_terminal`]
/// one) on a plane of `kind` that holds no program in a terminal: names the
/// plane and the formats it has.
///
/// [`Format::needs_terminal`]: crate::format::Format::needs_terminal
pub fn no_terminal_format(kind: PlaneKind, format: crate::format::Format) -> AutomationError {
    AutomationError::NotAvailable {
        what: format!("the `{format}` checkpoint format"),
        reason: format!(
            "it comes from a program's terminal (the terminal plane); the {kind} plane ({}) has no terminal state or scrollback. Its checkpoint formats are json, markdown, text, styled, cells and png — `styled` is its screen's text with the style runs apart — and the `theme-neutral` check reads its screen too",
            kind.described()
        ),
    }
}
