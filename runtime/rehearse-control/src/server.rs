//! [`Server`]: binds the socket and runs the plane's loop on the thread
//! that calls [`serve`](Server::serve), which also reads the sockets while
//! it waits for work (with a takeover thread for when it is busy).

use std::path::Path;
use std::sync::{Arc, Mutex};

use rehearse_core::artifacts::Format;
use rehearse_protocol::negotiation::{Capability, known};

use crate::config::ServerConfig;
use crate::error::ServeError;
use crate::owner::{SessionOwner, Stopped};
use crate::reading::SocketReader;
use crate::served::Served;
use crate::shared::ServerState;
use crate::socket::{self, BoundSocket};
use crate::takeover::{self, TakeoverWatch};

/// A bound control socket, ready to serve one session.
///
/// ```no_run
/// # fn serve(session: &mut dyn rehearse_control::Served) -> Result<(), rehearse_control::ServeError> {
/// use rehearse_control::{Server, ServerConfig};
///
/// let server = Server::bind(ServerConfig::new("/run/user/1000/rehearse/app.sock"))?;
/// let stopped = server.serve(session)?; // until `close`, the end of the session or the idle timeout
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct Server {
    socket: BoundSocket,
    config: ServerConfig,
}

impl Server {
    /// Binds the socket `config.socket` names (see [`ServerConfig`]).
    ///
    /// # Errors
    ///
    /// [`ServeError::UnsafeDirectory`] for a directory others can enter,
    /// [`ServeError::InUse`] when a server answers there or the path is not
    /// a socket, [`ServeError::Io`] naming what failed.
    pub fn bind(config: ServerConfig) -> Result<Server, ServeError> {
        let socket = socket::bind(&config.socket)?;
        Ok(Server { socket, config })
    }

    /// The socket's path.
    pub fn path(&self) -> &Path {
        &self.config.socket
    }

    /// Serves `served` until a client closes it, it ends on its own, or
    /// no client sent anything for the idle timeout. The session stays on
    /// this thread; the socket file is removed when this returns.
    ///
    /// # Errors
    ///
    /// What the session fails with outside any request, or I/O on the
    /// socket.
    pub fn serve<S: Served + ?Sized>(self, served: &mut S) -> Result<Stopped, ServeError> {
        let mut capabilities = Vec::new();
        if Format::Png.is_available() {
            capabilities.push(known::SNAPSHOT_PNG);
        }
        if served.terminal_golden().is_some() {
            capabilities.push(known::TERMINAL);
        }
        if served.model_state().is_some() {
            capabilities.push(known::MODEL_STATE);
        }
        if served.restartable() {
            capabilities.push(known::PTY_RESTART);
        }
        let known: Vec<Capability> =
            capabilities.into_iter().filter_map(|name| Capability::new(name).ok()).collect();
        let shared = Arc::new(ServerState::new(
            served.plane().committed().generation.0,
            known,
            served.role(),
            self.config.limits,
        ));
        let io = |what: &str| {
            let what = what.to_owned();
            move |source| ServeError::Io { what, source }
        };
        let listener =
            self.socket.listener.try_clone().map_err(io("cloning the listening socket"))?;
        let reading = SocketReader::new(listener, shared.clone(), self.config.clone())
            .map_err(io("preparing the control sockets"))?;
        let waker = reading.waker();
        let reading = Arc::new(Mutex::new(reading));
        let watch = Arc::new(TakeoverWatch::default());
        let helper = takeover::spawn(watch.clone(), reading.clone())
            .map_err(io("starting the takeover thread"))?;
        let owner = SessionOwner::new(
            served,
            shared.clone(),
            self.config.clone(),
            reading.clone(),
            watch.clone(),
        );
        let outcome = owner.run();
        shared.close();
        // Stop the takeover thread (out of its poll, if it is in one), then
        // let every connection's last replies out.
        watch.stop();
        waker.wake();
        let _ = helper.join();
        reading.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).finish();
        drop(self.socket);
        outcome
    }
}
