//! The [`Tracer`] as a [`StepObserver`]: what the one observer seam tells
//! about each step — its start and end, the inputs, the target, each wait
//! evaluation, how the plane settled, every commit, checkpoint and golden
//! comparison, the target's end — becomes the step's record. No plane and
//! no front-end calls the tracer itself: a session's driver sets it as the
//! plane's observer ([`Driver::trace`](crate::Driver::trace)).

use rehearse_lang::{Selector, WaitCondition};

use crate::committed::{Checkpoint, CommittedFrame};
use crate::error::AutomationError;
use crate::golden_report::GoldenResult;
use crate::note::TraceNote;
use crate::observe::{Settled, StepEnded, StepNote, StepObserver, StepStarted};
use crate::report::Outcome;
use crate::trace::model::{GoldenRecord, SettleRecord, StepStatus};
use crate::trace::recorder::Tracer;

impl StepObserver for Tracer {
    fn step_started(&mut self, step: &StepStarted<'_>) {
        self.begin_step(step.serial, step.index, step.label, step.frame);
    }

    fn noted(&mut self, note: &StepNote<'_>) {
        match *note {
            StepNote::Target { node, tree, point } => {
                self.target(None, Some((node, tree)), Some(point));
            }
            StepNote::Point { col, row } => {
                self.target(Some(&Selector::Point { col, row }), None, Some((col, row)));
            }
            StepNote::Input(input) => self.input(&input),
            StepNote::Secret(secret) => self.secret(secret),
            StepNote::Settled(settled) => self.settled(settle_record(settled)),
            StepNote::WaitEvaluated { condition, generation, held, matches, matched } => {
                let why = (!held).then(|| why_not(condition, matches, matched));
                self.wait_evaluated(generation.0, held, why);
            }
            StepNote::TerminalCondition { condition, held } => {
                let why = (!held).then(|| format!("`{condition}` did not hold"));
                self.terminal_evaluated(held, why);
            }
            StepNote::Golden(golden) => self.golden(&golden.checkpoint, golden_record(golden)),
            StepNote::Ended { status } => self.exited(status),
            // The guard and the bytes written are in the step's outcome and
            // inputs already.
            StepNote::Guard { .. } | StepNote::Wrote { .. } => {}
        }
    }

    fn committed(&mut self, frame: &CommittedFrame) {
        Tracer::committed(self, frame);
    }

    fn checkpointed(&mut self, checkpoint: &Checkpoint<'_>, outcome: Result<(), &AutomationError>) {
        let _ = outcome;
        // A diagnostic checkpoint is named in the failure it explains.
        if !checkpoint.diagnostic {
            self.checkpoint(checkpoint.name);
        }
    }

    fn step_ended(&mut self, step: &StepEnded<'_>) {
        let status = match step.outcome {
            Ok(Outcome::Ran(_)) => StepStatus::Passed,
            Ok(Outcome::Skipped(_)) => StepStatus::Skipped,
            Err(_) => StepStatus::Failed,
        };
        self.end_step(
            step.serial,
            status,
            (step.step, step.source),
            step.frame,
            step.outcome.err(),
        );
    }

    fn is_watching(&self) -> bool {
        self.is_recording()
    }

    fn refusal(&self) -> Option<AutomationError> {
        self.invalid_mode()
    }

    fn run_ended(&mut self, failed: bool) -> Option<TraceNote> {
        self.finish(failed)
    }
}

/// Why a wait did not hold: nothing matched, or what did.
fn why_not(condition: &WaitCondition, matches: usize, matched: &[String]) -> String {
    if matches == 0 {
        format!("nothing matches `{}`", condition.selector)
    } else {
        format!("{matches} matched: {}", matched.join("; "))
    }
}

/// How a plane settled, as the trace records it (`docs/trace.md`).
fn settle_record(settled: Settled) -> SettleRecord {
    let (kind, inputs, detail) = match settled {
        Settled::Drained => ("drain", None, None),
        Settled::AppBlocked => ("event-shim", None, None),
        Settled::Marker { revision, acknowledged } => {
            let detail = if acknowledged {
                format!("revision {revision}, the input acknowledged")
            } else {
                format!("revision {revision}, the input not acknowledged")
            };
            ("marker", None, Some(detail))
        }
        Settled::SynchronizedFrame => ("synchronized", None, None),
        Settled::QuietWindow(window) => ("quiet", None, Some(format!("{} ms", window.as_millis()))),
        Settled::Ended => ("ended", None, None),
    };
    SettleRecord { kind: kind.to_owned(), inputs, detail }
}

fn golden_record(golden: &GoldenResult) -> GoldenRecord {
    GoldenRecord {
        format: golden.format.name().to_owned(),
        status: golden.status,
        expected: golden.golden.display().to_string(),
        actual: golden.pending.as_ref().map(|pending| pending.display().to_string()),
        diff: golden.diff.clone(),
    }
}
