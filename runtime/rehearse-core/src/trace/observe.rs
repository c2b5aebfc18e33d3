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
            StepNote::TreeEvaluated { generation, held, matches, reason } => {
                let plural = if matches == 1 { "" } else { "s" };
                let why = reason.map(|reason| format!("{reason} ({matches} node{plural} matched)"));
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

    fn request_failed(&mut self, dir: &std::path::Path) -> Option<TraceNote> {
        self.write_failure(dir)
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
        Settled::BurstEnd => ("burst-end", None, None),
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

#[cfg(test)]
mod tests {
    use std::time::{Duration, SystemTime};

    use ratatui::buffer::Buffer;
    use ratatui::layout::{Rect, Size};
    use ratatui::style::Style;
    use rehearse_lang::{AutomationStep, Predicate, Secret, SemanticRole};

    use super::*;
    use crate::kind::PlaneKind;
    use crate::scenario::StepSource;
    use crate::semantic::{Bounds, Generation, SemanticNode, SemanticTree};
    use crate::time::LogicalTime;
    use crate::trace::model::InputRecord;
    use crate::trace::{TraceMode, TraceOptions};

    fn frame(generation: u64, text: &str) -> CommittedFrame {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 20, 2));
        buffer.set_string(0, 0, text, Style::new());
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 20, 2));
        let tree = SemanticTree::new(Generation(generation), Size::new(20, 2), root);
        CommittedFrame::new(Generation(generation), Size::new(20, 2), tree, buffer)
    }

    fn start(tracer: &mut Tracer, serial: u64, index: usize, frame: &CommittedFrame) {
        tracer.step_started(&StepStarted {
            serial,
            index,
            label: None,
            origin: None,
            plane: PlaneKind::Engine,
            generation: frame.generation,
            frame,
            logical: LogicalTime::ZERO,
            wall: SystemTime::now(),
        });
    }

    fn end(
        tracer: &mut Tracer,
        serial: u64,
        (index, step): (usize, &AutomationStep),
        frame: &CommittedFrame,
        outcome: Result<Outcome, &AutomationError>,
    ) {
        tracer.step_ended(&StepEnded {
            serial,
            index,
            step,
            source: &StepSource::of(step),
            outcome,
            generation: frame.generation,
            frame,
            logical: LogicalTime::ZERO,
            logical_elapsed: Duration::ZERO,
            wall_elapsed: Duration::ZERO,
        });
    }

    #[test]
    fn overlapping_steps_keep_their_own_notes_and_a_typed_secret_is_only_its_reference() {
        let options = TraceOptions::new().mode(TraceMode::RetainOnFailure).title("observed");
        let mut tracer = Tracer::new("engine", options);
        assert!(tracer.is_watching());
        let before = frame(1, "");
        // A wait stays pending (serial 1) while another request's step runs
        // whole (serial 2): the notes in between are the second's.
        let condition = rehearse_lang::WaitCondition::new(Predicate::Exists, Selector::id("done"));
        let wait = AutomationStep::WaitFor { condition, timeout: Duration::from_millis(5) };
        start(&mut tracer, 1, 0, &before);
        let secret = Secret::value("hunter2");
        let typed = AutomationStep::type_secret(secret.clone());
        start(&mut tracer, 2, 1, &before);
        tracer.noted(&StepNote::Secret(&secret));
        let after = frame(2, "hunter2 typed");
        tracer.noted(&StepNote::Settled(Settled::Drained));
        StepObserver::committed(&mut tracer, &after);
        end(&mut tracer, 2, (1, &typed), &after, Ok(Outcome::Ran(Generation(2))));
        let AutomationStep::WaitFor { condition, .. } = &wait else { unreachable!() };
        tracer.noted(&StepNote::WaitEvaluated {
            condition,
            generation: Generation(2),
            held: false,
            matches: 0,
            matched: &[],
        });
        let timeout = AutomationError::DeadlineExceeded(Duration::from_millis(5));
        end(&mut tracer, 1, (0, &wait), &after, Err(&timeout));

        let document = tracer.document().expect("recording");
        let [typed, waited] = &document.steps[..] else { panic!("{:?}", document.steps) };
        assert_eq!((typed.index, waited.index), (1, 0), "in the order they ended");
        assert_eq!(typed.inputs, [InputRecord::Secret { reference: secret.to_string() }]);
        assert_eq!(typed.settle.as_ref().map(|settle| settle.kind.as_str()), Some("drain"));
        assert!(typed.waits.is_empty() && waited.inputs.is_empty());
        assert_eq!(waited.waits.len(), 1);
        assert_eq!(waited.waits[0].why.as_deref(), Some("nothing matches `#done`"));
        assert_eq!(waited.status, StepStatus::Failed);
        let screen = document.screen_text(typed.screen.unwrap()).join("\n");
        assert!(screen.contains("<redacted> typed") && !screen.contains("hunter2"), "{screen}");
        assert_eq!(document.failed_step, Some(1));
    }

    #[test]
    fn a_trace_that_is_off_watches_nothing_and_says_how_to_turn_it_on() {
        let mut tracer = Tracer::new("engine", TraceOptions::new().mode(TraceMode::Off));
        assert!(!tracer.is_watching());
        assert!(tracer.refusal().is_none());
        assert_eq!(tracer.run_ended(false), Some(TraceNote::Off));
        let mut record = crate::CommitRecord::new(frame(1, ""));
        record.observe(tracer);
        assert!(!record.is_observed(), "nothing is built for it");
        assert!(record.observer().is_none());
        assert_eq!(record.run_ended(true), Some(TraceNote::Off));
    }
}
