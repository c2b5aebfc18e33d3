//! [`Server`]: binds the socket, accepts connections on a thread of its
//! own, and runs the plane's loop on the thread that calls
//! [`serve`](Server::serve).

use std::io::Write;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use rehearse_core::artifacts::Format;
use rehearse_protocol::{Capability, ErrorCode, Reply, WireError, encode_reply, known};

use crate::config::ServerConfig;
use crate::connection::{self, Connection};
use crate::error::ServeError;
use crate::job::Job;
use crate::owner::{Owner, Stopped};
use crate::served::Served;
use crate::shared::Shared;
use crate::socket::{self, BoundSocket};

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

type Connections = Arc<Mutex<Vec<Connection>>>;

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
        let shared = Arc::new(Shared::new(
            served.plane().committed().generation.0,
            known,
            served.role(),
            self.config.limits,
        ));
        let (jobs, queue) = channel();
        let connections: Connections = Arc::new(Mutex::new(Vec::new()));
        let listener = self.socket.listener.try_clone().map_err(|source| ServeError::Io {
            what: "cloning the listening socket".into(),
            source,
        })?;
        let acceptor = {
            let (shared, connections, config) =
                (shared.clone(), connections.clone(), self.config.clone());
            std::thread::Builder::new()
                .name("rehearse-control-accept".into())
                .spawn(move || accept_loop(&listener, &shared, &jobs, &connections, &config))
                .map_err(|source| ServeError::Io {
                    what: "starting the accept thread".into(),
                    source,
                })?
        };
        let outcome = Owner::new(served, shared.clone(), self.config.clone()).run(&queue);
        shared.close();
        stop(&self.config.socket, &shared, acceptor, &connections);
        drop(queue);
        drop(self.socket);
        outcome
    }
}

/// Ends the accept loop and every connection, after their last replies.
fn stop(path: &PathBuf, shared: &Shared, acceptor: JoinHandle<()>, connections: &Connections) {
    shared.stopping.store(true, Ordering::Release);
    // Wake the accept loop: it sees `stopping` on the next connection.
    let _ = UnixStream::connect(path);
    let _ = acceptor.join();
    let served = std::mem::take(&mut *connections.lock().unwrap_or_else(|p| p.into_inner()));
    for connection in served {
        connection.finish();
    }
}

fn accept_loop(
    listener: &std::os::unix::net::UnixListener,
    shared: &Arc<Shared>,
    jobs: &Sender<Job>,
    connections: &Connections,
    config: &ServerConfig,
) {
    for stream in listener.incoming() {
        if shared.stopping.load(Ordering::Acquire) {
            return;
        }
        let Ok(stream) = stream else { continue };
        if !socket::peer_is_owner(&stream) {
            // Another user: nothing is said, the connection is dropped.
            continue;
        }
        let mut list = connections.lock().unwrap_or_else(|p| p.into_inner());
        list.retain(|connection| !connection.is_finished());
        let max = shared.limits.max_connections() as usize;
        if shared.connections.load(Ordering::Acquire) >= max {
            refuse(stream, max, config);
            continue;
        }
        shared.connections.fetch_add(1, Ordering::AcqRel);
        match connection::spawn(stream, shared.clone(), jobs.clone(), config.write_timeout) {
            Ok(connection) => list.push(connection),
            Err(_) => {
                shared.connections.fetch_sub(1, Ordering::AcqRel);
            }
        }
    }
}

/// Answers a connection over the limit `too-many-connections` and closes it.
fn refuse(mut stream: UnixStream, max: usize, config: &ServerConfig) {
    let error = WireError::new(
        ErrorCode::TooManyConnections,
        format!("{max} connections are served, the most this server takes"),
    )
    .with_limit("maxConnections");
    let _ = stream.set_write_timeout(Some(config.write_timeout));
    if let Ok(bytes) = encode_reply(&Reply::from_error(&error), &config.limits) {
        let _ = stream.write_all(&bytes);
    }
}
