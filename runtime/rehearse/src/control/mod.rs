//! The control plane for rehearse apps: an app served over a Unix socket in
//! the `rehearse/1` protocol (`docs/protocol.md`), started from the
//! environment by [`live::run`](crate::live::run) or by hand.
//!
//! ```no_run
//! use rehearse::control::{Automation, ServedApp, Server, ServerConfig};
//! # use rehearse::prelude::*;
//! # #[derive(Default)] struct App;
//! # impl Component for App { type Message = (); fn update(&mut self, _: (), _: &mut Context<'_, Self>) {} fn view(&self, _: &mut Ui<'_, ()>) {} }
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let mut app = ServedApp::start(App::default(), SessionOptions::default().viewport(80, 24))?;
//! Server::bind(ServerConfig::new("/tmp/rehearse-me/app.sock"))?.serve(&mut app)?;
//! # Ok(()) }
//! ```

mod adopted;
mod app;
mod env;
mod hosted;
mod in_pty;
mod live_app;

pub use adopted::{ServedHarness, serve_adopted};
pub use app::ServedApp;
pub use env::{ARTIFACTS, Automation, CONTROL, HEADLESS, VIEWPORT};
pub(crate) use hosted::serve_this_loop;
pub use in_pty::{SocketTreeSource, spawn_app_in_pty};
pub use live_app::WatchedApp;
pub use rehearse_control::{
    Client, ClientError, DEFAULT_QUIET, ServeError, Served, Server, ServerConfig, Stopped,
};
/// Where a plane holding a program gets the tree the program publishes.
pub use rehearse_core::TreeSource;
/// The wire types of `rehearse/1`.
pub use rehearse_protocol as protocol;
