//! # rehearse-core
//!
//! What every plane of rehearse shares: the semantic tree, scenarios, step
//! results and errors, committed generations and the sinks that receive
//! them, wait conditions, the artifact encoders and golden baselines. Users
//! reach all of it through `rehearse`; the engine plane and the planes
//! beside it depend on this crate and never on each other.

pub mod artifacts;
mod committed;
mod error;
mod executor;
mod format;
pub mod golden_report;
mod limits;
pub mod marker;
mod plane;
mod published;
mod report;
mod runner;
mod scenario;
pub mod semantic;
mod time;
pub mod trace;
pub mod wait;

pub use committed::{
    Checkpoint, CheckpointSink, CommitHook, CommittedFrame, DEFAULT_VIEWPORT, InteractionState,
    SinkHost,
};
pub use error::AutomationError;
pub use executor::{Outcome, check_can, execute, execute_guarded, resolve};
pub use limits::{
    MAX_SCREEN_CELLS, MAX_TIMERS_PER_ADVANCE, MAX_TREE_DEPTH, ScreenTooLarge, check_screen_size,
};
pub use plane::{Input, Pending, Plane, PointerKind, no_terminal};
pub use published::TreeSource;
pub use report::{RunError, RunReport, ScriptRunError, StepError, StepResult};
pub use runner::Runner;
pub use scenario::{AutomationIds, Interpolated, Origin, Scenario, ScenarioStep, StepSource};
pub use time::{ClockMode, LogicalTime};
