//! What only the terminal plane does, as core's [`TerminalPlane`]
//! extension of [`Plane`](rehearse_core::Plane): screen, scrollback and
//! process waits and guards, and the artifact pipeline.

use std::time::Duration;

use rehearse_core::{AutomationError, PipelineStep, StepNote, TerminalPlane};
use rehearse_lang::TerminalCondition;

use super::adapter::PtyPlane;
use super::conditions;

impl TerminalPlane for PtyPlane {
    fn wait_terminal(
        &mut self,
        condition: &TerminalCondition,
        timeout: Duration,
    ) -> Result<(), AutomationError> {
        self.flush_input()?;
        let condition = conditions::substituted(&self.pipeline, condition)?;
        let waited = conditions::wait(&self.pty, &condition, timeout);
        let held = waited.is_ok();
        self.record.note(StepNote::TerminalCondition { condition: &condition, held });
        if let Err(error) = waited {
            self.commit_what_was_judged();
            return Err(error);
        }
        // The wait rested on a settled screen (or an exited program).
        self.unsettled = false;
        Ok(())
    }

    fn pipeline(&mut self, step: PipelineStep<'_>) -> Result<(), AutomationError> {
        // The program has the input before a download reads what it wrote.
        self.flush_input()?;
        let failed = |error: crate::pipeline::PipelineError| AutomationError::NotActionable {
            target: "the artifact pipeline".into(),
            operation: step.to_string(),
            reason: error.to_string(),
        };
        match step {
            PipelineStep::Download { source, name } => {
                let source = self.substituted(source)?.into_owned();
                self.pipeline.download(&self.pty, source, name).map(drop).map_err(failed)
            }
            PipelineStep::Transform { name, command, args } => {
                let transform = crate::pipeline::Transform::new(name, command).args(args.to_vec());
                self.pipeline.transform(&transform).map(drop).map_err(failed)
            }
            PipelineStep::Monitor { interval } => {
                self.pipeline.start_monitor(&self.pty, interval).map(drop).map_err(failed)
            }
            other => Err(AutomationError::Unsupported {
                operation: other.to_string(),
                reason: "the terminal plane does not know this pipeline step".into(),
            }),
        }
    }

    fn test_terminal(&mut self, condition: &TerminalCondition) -> Result<bool, AutomationError> {
        // A guard judges a stable screen: without an exact signal the
        // screen may still be changing even with no input since the last
        // settle (an answer still arriving).
        if (self.unsettled || !self.pty.settles_exactly()) && self.pty.exit_status().is_none() {
            self.settle_now()?;
        }
        let held = conditions::holds(&self.pty, condition)?;
        self.record.note(StepNote::TerminalCondition { condition, held });
        Ok(held)
    }
}
