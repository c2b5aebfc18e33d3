//! [`StepObserver`]: the one seam through which everything a step does can
//! be watched — on every plane and from every front-end — so a trace is
//! recorded in one place.
//!
//! A plane's [`CommitRecord`](crate::CommitRecord) holds at most one
//! observer ([`CommitRecord::observe`](crate::CommitRecord::observe), or
//! [`Driver::observe`](crate::Driver::observe)). Who tells it what:
//!
//! - the [`Runner`](crate::Runner) — the one place every step passes,
//!   whether a Rust test, a script, `rehearse run`, `act` over the control
//!   socket or MCP ran it — tells [`step_started`](StepObserver::step_started)
//!   and [`step_ended`](StepObserver::step_ended), once each per step;
//! - the [`CommitRecord`](crate::CommitRecord) tells
//!   [`committed`](StepObserver::committed) for every generation (inside a
//!   step or outside one) and [`checkpointed`](StepObserver::checkpointed)
//!   for every checkpoint and diagnostic checkpoint;
//! - the executor and the planes tell [`noted`](StepObserver::noted) what
//!   happened in between: the guard, the target a selector resolved to, the
//!   inputs, the bytes written, how the plane settled, each evaluation of a
//!   wait, each golden a checkpoint was compared with, the target's end;
//! - a session's [`Driver`](crate::Driver) asks
//!   [`run_ended`](StepObserver::run_ended) when a run ends, and hands what
//!   it answers (where the trace was written) to the report or the error.
//!
//! The trace ([`Tracer`](crate::trace::Tracer)) is such an observer: every
//! driver sets one, as its options and `REHEARSE_TRACE` say
//! ([`Driver::trace`](crate::Driver::trace)).
//!
//! Steps may overlap on a served session: a `wait-for` request stays
//! pending while other requests run their steps whole. A note belongs to
//! the most recently started step that has not ended; a start and its end
//! carry the same `serial`.
//!
//! Without an observer none of this is built: each place asks
//! [`CommitRecord::is_observed`](crate::CommitRecord::is_observed) (one
//! branch) first.
//!
//! Redaction: [`StepEnded`] carries the step and its spelling as results
//! and errors show them (a compared text that may be a secret withheld);
//! [`StepStarted`] carries no spelling for that reason. A typed secret is
//! noted as its reference ([`StepNote::Secret`]), never its text, and bytes
//! written for one are noted by count only. Frames carry the redacted tree
//! and the screen as drawn: an observer that writes screens must redact
//! them as every other output does.

use std::time::{Duration, SystemTime};

use rehearse_lang::{AutomationStep, Secret, TerminalCondition, WaitCondition};

use crate::committed::{Checkpoint, CommittedFrame};
use crate::error::AutomationError;
use crate::golden_report::GoldenResult;
use crate::input::Input;
use crate::kind::PlaneKind;
use crate::note::TraceNote;
use crate::report::Outcome;
use crate::scenario::{Origin, StepSource};
use crate::semantic::{Generation, SemanticNode, SemanticTree};
use crate::time::LogicalTime;

/// Watches every step and commit of a plane. Every method does nothing by
/// default: implement the ones you need.
pub trait StepObserver {
    /// A step begins (before its guard is checked).
    fn step_started(&mut self, step: &StepStarted<'_>) {
        let _ = step;
    }

    /// Something happened within the current step (or, for a note outside
    /// any step, between steps).
    fn noted(&mut self, note: &StepNote<'_>) {
        let _ = note;
    }

    /// A generation was committed: by a step, or by a front-end between
    /// steps (a served app's timer, a host's pump).
    fn committed(&mut self, frame: &CommittedFrame) {
        let _ = frame;
    }

    /// A checkpoint was handed to the sinks: `outcome` is the first sink's
    /// error, if one failed. A diagnostic checkpoint
    /// ([`Checkpoint::diagnostic`]) is told here too.
    fn checkpointed(&mut self, checkpoint: &Checkpoint<'_>, outcome: Result<(), &AutomationError>) {
        let _ = (checkpoint, outcome);
    }

    /// A step ended: it ran, was skipped by its guard, or failed.
    fn step_ended(&mut self, step: &StepEnded<'_>) {
        let _ = step;
    }

    /// Whether it watches at all. Asked once, when it is set: one that
    /// does not (a trace whose mode is `off`) hears no step, note, commit
    /// or checkpoint, and nothing is built for it — but it is still asked
    /// [`refusal`](Self::refusal) and [`run_ended`](Self::run_ended).
    fn is_watching(&self) -> bool {
        true
    }

    /// An error every step fails with before it runs, while it holds (a
    /// trace mode `REHEARSE_TRACE` cannot read).
    fn refusal(&self) -> Option<AutomationError> {
        None
    }

    /// A run through a session's [`Driver`](crate::Driver) ended — a
    /// scenario, a script, or a step run alone that failed — `failed` or
    /// not: what the observer made of it, which the run's report or error
    /// carries (where the trace was written, or that traces are off).
    fn run_ended(&mut self, failed: bool) -> Option<TraceNote> {
        let _ = failed;
        None
    }

    /// A request a server ran over its control socket (an `act`, a
    /// `wait-for`) failed, and the server keeps the traces of failing
    /// requests in `dir`'s parent: what the observer recorded so far is
    /// written into `dir`, when it records, and it says where.
    fn request_failed(&mut self, dir: &std::path::Path) -> Option<TraceNote> {
        let _ = dir;
        None
    }
}

/// A step as it begins.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct StepStarted<'a> {
    /// Unique per plane, in the order steps begin: pairs a start with its
    /// end when steps overlap (a `wait-for` pending on a served session
    /// while another request's steps run).
    pub serial: u64,
    /// Its index, as its result or error will carry it.
    pub index: usize,
    /// Its label (`[save] click:#save`), if it has one.
    pub label: Option<&'a str>,
    /// Where it was written, when known.
    pub origin: Option<&'a Origin>,
    /// The plane it runs on.
    pub plane: PlaneKind,
    /// The committed generation before it.
    pub generation: Generation,
    /// The committed frame before it (whose generation is `generation`).
    pub frame: &'a CommittedFrame,
    /// The plane's logical time before it.
    pub logical: LogicalTime,
    /// The wall-clock time it began.
    pub wall: SystemTime,
}

/// A step as it ended.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct StepEnded<'a> {
    /// The serial its start carried.
    pub serial: u64,
    /// Its index.
    pub index: usize,
    /// The step, as results show it (a compared text that may be a secret
    /// withheld).
    pub step: &'a AutomationStep,
    /// Its spelling and origin, as results show them.
    pub source: &'a StepSource,
    /// What it did: ran and committed, was skipped, or failed and why.
    pub outcome: Result<Outcome, &'a AutomationError>,
    /// The committed generation after it.
    pub generation: Generation,
    /// The committed frame after it (whose generation is `generation`).
    pub frame: &'a CommittedFrame,
    /// The plane's logical time after it.
    pub logical: LogicalTime,
    /// How much logical time it took.
    pub logical_elapsed: Duration,
    /// How much wall time it took.
    pub wall_elapsed: Duration,
}

/// What happened within a step, as the executor or a plane saw it.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum StepNote<'a> {
    /// The step's `when(...)` guard was checked.
    Guard {
        /// Whether it held (the step runs only then).
        held: bool,
    },
    /// A selector resolved to this node of the committed tree; a pointer
    /// goes to `point`.
    Target {
        /// The node.
        node: &'a SemanticNode,
        /// The committed tree it is in.
        tree: &'a SemanticTree,
        /// The cell the pointer goes to.
        point: (u16, u16),
    },
    /// The step points at a raw cell (`col,row`).
    Point {
        /// Column.
        col: u16,
        /// Row.
        row: u16,
    },
    /// An input was handed to the plane. Never [`Input::Secret`]: a secret
    /// is noted as [`Secret`](Self::Secret).
    Input(Input<'a>),
    /// A secret was typed: its reference (`${secret.API_TOKEN}`), never its
    /// text.
    Secret(&'a Secret),
    /// A plane wrote bytes to a program (a step's inputs leave in one
    /// write). `bytes` is `None` when a secret was among them: only `len`
    /// is told then.
    Wrote {
        /// The bytes, unless a secret was among them.
        bytes: Option<&'a [u8]>,
        /// How many.
        len: usize,
    },
    /// The plane settled what the step's input caused.
    Settled(Settled),
    /// One evaluation of a `wait-for:` condition.
    WaitEvaluated {
        /// The condition, as an error would show it (a compared text that
        /// may be a secret withheld).
        condition: &'a WaitCondition,
        /// The generation of the tree it was evaluated on (a tree read
        /// between commits carries the last committed number).
        generation: Generation,
        /// Whether it held.
        held: bool,
        /// How many nodes its selector matched (why it did not hold: none,
        /// or none of them as the predicate asks).
        matches: usize,
        /// The labels of the first nodes it matched (at most five), when it
        /// did not hold.
        matched: &'a [String],
    },
    /// One judgement of an `expect-tree:` outline against the subtree of
    /// what its selector matched.
    TreeEvaluated {
        /// The generation of the tree it was judged on.
        generation: Generation,
        /// Whether the outline matched.
        held: bool,
        /// How many nodes the selector matched.
        matches: usize,
        /// Why it did not match (the first line of the outline not found),
        /// redacted; `None` when it did.
        reason: Option<&'a str>,
    },
    /// A condition on a program's screen, scrollback or process was waited
    /// on or tested.
    TerminalCondition {
        /// The condition.
        condition: &'a TerminalCondition,
        /// Whether it held.
        held: bool,
    },
    /// A checkpoint's format was compared with its golden (told after
    /// [`checkpointed`](StepObserver::checkpointed), once per format a
    /// baseline compared).
    Golden(&'a GoldenResult),
    /// The target ended (a program exited, an adopted app's loop returned).
    Ended {
        /// How (`exit code 3`).
        status: &'a str,
    },
}

/// How a plane settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Settled {
    /// The engine drained its work to a fixed point.
    Drained,
    /// An adopted app blocked waiting for input with nothing queued.
    AppBlocked,
    /// A program's render-commit marker; `acknowledged` when it counted the
    /// step's input (`in=`).
    Marker {
        /// The marker's revision.
        revision: u64,
        /// Whether it acknowledged the last input.
        acknowledged: bool,
    },
    /// The end of a synchronized-output frame.
    SynchronizedFrame,
    /// No output for the quiet window (which proves nothing about the
    /// program having answered).
    QuietWindow(Duration),
    /// A program's output had stopped arriving for the moment (no more
    /// bytes were waiting): a wait judged the screen as it was then, which
    /// may be the middle of a frame drawn in several writes.
    BurstEnd,
    /// The target had ended; its final screen.
    Ended,
}
