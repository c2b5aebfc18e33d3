//! The control plane's server: any rehearse [`Plane`](rehearse_core::Plane)
//! served over a Unix socket in the `rehearse/1` protocol
//! (`docs/protocol.md`), through the one [`Runner`](rehearse_core::Runner)
//! every plane shares; and the blocking [`Client`] that speaks it.
//!
//! The session never leaves the thread that calls [`Server::serve`]: the
//! accept loop and each connection run on threads of their own, answer
//! what needs no session (`hello`, `ping`, `cancel`, every refusal) at once,
//! and send the rest to the session's thread over a channel. There requests
//! run one at a time; a `wait-for` or `idle` stays pending without blocking
//! the requests behind it, and background work (timers, commands, a
//! program's output) is pumped in between.
//!
//! The socket lives in a directory only its owner can enter, is created
//! 0600, answers only peers of the same uid, replaces a stale socket file
//! only when nothing answers on it, and is removed when serving stops.

mod cancel;
mod client;
mod config;
mod connection;
mod error;
mod job;
mod outbox;
mod owner;
mod restart;
mod served;
mod server;
mod shared;
mod snapshot;
mod socket;

pub use client::{Canceller, Client, ClientError};
pub use config::{DEFAULT_QUIET, ServerConfig};
pub use error::ServeError;
pub use owner::Stopped;
pub use served::Served;
pub use server::Server;
