//! # rehearse-engine
//!
//! The engine plane of rehearse: apps built on [`Component`] and [`Ui`],
//! the built-in widgets, headless [`Session`]s with a controlled clock, and
//! the [`live`] runner that drives the same app in a real terminal. Users
//! reach all of it through `rehearse`.

mod clock;
mod command;
mod component;
pub mod drivers;
mod effects;
pub mod engine;
mod envelope;
mod identity;
pub mod input;
pub mod live;
mod memo_check;
mod runtime;
mod session;
pub mod ui;
pub mod widgets;

pub use clock::TimerId;
pub use command::{CommandId, CommandLink, Link, SessionClosed};
pub use component::{Component, Context, DeclaresIds};
pub use engine::{DrainLimits, Engine, RenderStats, SessionOptions};
pub use identity::ReconcileKey;
pub use memo_check::{MemoCheck, MemoMismatch};
pub use session::Session;
pub use ui::{Ui, View};
