//! The control plane's server: any rehearse [`Plane`](rehearse_core::Plane)
//! served over a Unix socket in the `rehearse/1` protocol
//! (`docs/protocol.md`), through the one [`Runner`](rehearse_core::Runner)
//! every plane shares; and the blocking [`Client`] that speaks it.
//!
//! The session never leaves the thread that calls [`Server::serve`]. That
//! thread also reads the sockets (one `poll` over the listener and every
//! connection) while it waits for work, so a request reaches the session
//! with no thread hand-off; what needs no session (`hello`, `ping`,
//! `cancel`, every refusal) is answered at once, and when the session is
//! busy for longer than a couple of milliseconds a takeover thread reads
//! the sockets for it, so those still answer. Requests run one at a time;
//! a `wait-for` or `idle` stays pending without blocking the requests
//! behind it, and background work (timers, commands, a program's output)
//! is pumped in between.
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
mod reading;
mod restart;
mod script_cache;
mod served;
mod server;
mod shared;
mod snapshot;
mod socket;
mod takeover;
mod terminal_wait;
mod traces;
mod wake;

pub use client::{Canceller, Client, ClientError};
pub use config::{DEFAULT_QUIET, ServerConfig};
pub use error::ServeError;
pub use owner::Stopped;
pub use served::Served;
pub use server::Server;
pub use traces::named_trace;
