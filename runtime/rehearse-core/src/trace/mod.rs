//! Traces: a record of every step a session ran — what was written and
//! where, the input delivered, the target, each wait's evaluations, how
//! the plane settled, the screen and tree after, checkpoints and goldens,
//! the error — kept when a run fails (or always), written as `trace.json`
//! (versioned, `docs/trace.md`), `trace.md` for agents and `trace.html`, a
//! self-contained viewer for people.
//!
//! A trace is recorded in one place for every plane, through the one
//! observer seam: a [`Tracer`] is the [`StepObserver`](crate::StepObserver)
//! a session's [`Driver`](crate::Driver) sets on its plane, and hears what
//! the runner, the executor, the commit record and the plane tell it — a
//! plane contributes only what it alone knows, as a note. No plane calls
//! the tracer, and none writes trace files itself. Masked and sensitive values never reach a trace (the tree
//! holds no text for them), and every secret a step typed is replaced by
//! `<redacted>` in every file.

mod capture;
mod files;
mod mode;
pub mod model;
pub(crate) mod observe;
mod recorder;
mod secrets;
pub mod write;

pub use crate::note::{TraceNote, TracePaths};
pub use files::write_trace;
pub use mode::{TraceLimits, TraceMode, TraceOptions};
pub use model::{TRACE_SCHEMA, TRACE_VERSION, TraceDocument, TraceOutcome, TraceReadError};
pub use recorder::Tracer;
pub use secrets::REDACTED;
