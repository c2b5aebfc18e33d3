//! # rehearse-core
//!
//! What every plane of rehearse shares: the semantic tree, scenarios, step
//! results and errors, committed generations and the sinks that receive
//! them, wait conditions, the artifact encoders and golden baselines. Users
//! reach all of it through `rehearse`; the engine plane and the planes
//! beside it depend on this crate and never on each other.

pub mod artifacts;
mod colors;
mod committed;
mod cursor_wait;
mod driver;
mod error;
mod events;
mod executor;
mod expect_tree;
mod format;
pub mod golden_report;
mod input;
mod kind;
mod limits;
pub mod marker;
mod note;
mod observe;
mod plane;
mod published;
mod record;
mod redact;
mod report;
mod runner;
mod scenario;
pub mod semantic;
mod style_wait;
mod terminal;
mod theme;
mod time;
pub mod trace;
mod tree_timeout;
mod typing;
pub mod wait;
mod waiting;

pub use committed::{
    Checkpoint, CheckpointSink, CommitHook, CommittedFrame, DEFAULT_VIEWPORT, InteractionState,
    TerminalState,
};
pub use cursor_wait::wait_cursor;
pub use driver::Driver;
pub use error::AutomationError;
pub use events::{crossterm_button, key_event, key_press, mouse_event, rehearse_button};
pub use executor::{check_can, execute, execute_guarded, resolve};
pub use input::{Input, PointerKind};
pub use kind::PlaneKind;
pub use limits::{
    MAX_SCREEN_CELLS, MAX_TIMERS_PER_ADVANCE, MAX_TREE_DEPTH, ScreenTooLarge, check_screen_size,
};
pub use observe::{Settled, StepEnded, StepNote, StepObserver, StepStarted};
pub use plane::{Pending, Plane};
pub use published::TreeSource;
pub use record::{CommitRecord, SinkHost};
pub use redact::{MASK, REDACTED, TypedSecrets};
pub use report::{Outcome, RunError, RunReport, ScriptRunError, StepError, StepResult};
pub use runner::{Halted, Runner, WaitStep};
pub use scenario::{AutomationIds, Interpolated, Origin, Scenario, ScenarioStep, StepSource};
pub use terminal::{PipelineStep, TerminalPlane, no_terminal, no_terminal_format};
pub use time::{ClockMode, LogicalTime};
pub use tree_timeout::TreeTimeout;
pub use typing::{check_key, check_typing};
pub use waiting::WaitInProgress;
