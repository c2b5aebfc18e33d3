//! [`SocketReader`]: the server's sockets — the listener, every connection and
//! a wake-up — read with one `poll` by whichever thread holds it: the
//! session's own thread while it waits for work (so a request reaches the
//! session with no thread hand-off), the [`takeover`](crate::takeover)
//! thread while the session is busy (so `ping`, `hello`, `cancel` and
//! refusals still answer then).

use std::collections::VecDeque;
use std::io::{self, Write};
use std::os::fd::BorrowedFd;
use std::os::unix::net::{UnixListener, UnixStream};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use rehearse_protocol::{
    ErrorCode, WireError,
    message::{Reply, encode_reply},
};
use rustix::event::{PollFd, PollFlags, Timespec, poll};
use rustix::io::Errno;

use crate::config::ServerConfig;
use crate::connection::Connection;
use crate::job::Job;
use crate::shared::ServerState;
use crate::socket;
use crate::wake::{Waker, Wakeup};

/// How much one read of a connection takes at most.
const READ_CHUNK: usize = 64 * 1024;

/// The sockets, and the requests read from them that wait for the session.
#[derive(Debug)]
pub(crate) struct SocketReader {
    listener: UnixListener,
    wakeup: Wakeup,
    waker: Waker,
    connections: Vec<Connection>,
    /// Flushers of connections their clients ended, still writing the last
    /// replies; joined when the server stops.
    ending: Vec<JoinHandle<()>>,
    /// Requests for the session, in the order they were read.
    pub(crate) queue: VecDeque<Job>,
    shared: Arc<ServerState>,
    config: ServerConfig,
    buffer: Vec<u8>,
}

impl SocketReader {
    /// Reads `listener` (made non-blocking here) and what it accepts.
    pub(crate) fn new(
        listener: UnixListener,
        shared: Arc<ServerState>,
        config: ServerConfig,
    ) -> io::Result<SocketReader> {
        listener.set_nonblocking(true)?;
        let (waker, wakeup) = crate::wake::pair()?;
        Ok(SocketReader {
            listener,
            wakeup,
            waker,
            connections: Vec::new(),
            ending: Vec::new(),
            queue: VecDeque::new(),
            shared,
            config,
            buffer: vec![0; READ_CHUNK],
        })
    }

    /// Makes the thread polling now (or the next one to) return.
    pub(crate) fn waker(&self) -> Waker {
        self.waker.clone()
    }

    /// Waits up to `timeout` (`None`: until something happens) for a
    /// socket to be ready, then reads every ready one: new connections are
    /// accepted, frames answered or queued, ended connections dropped.
    ///
    /// # Errors
    ///
    /// The `poll` itself failing (never an error of one connection).
    pub(crate) fn poll(
        &mut self,
        timeout: Option<Duration>,
        extra: Option<BorrowedFd<'_>>,
    ) -> io::Result<()> {
        let timeout = timeout.map(|timeout| Timespec {
            tv_sec: i64::try_from(timeout.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(timeout.subsec_nanos()),
        });
        // The wake-up, the listener, then each connection (not read while
        // too much is queued for its client).
        let mut ready = Vec::with_capacity(self.connections.len());
        let (woken, accept) = {
            let mut fds = Vec::with_capacity(self.connections.len() + 2);
            fds.push(PollFd::new(&self.wakeup, PollFlags::IN));
            fds.push(PollFd::new(&self.listener, PollFlags::IN));
            let input = PollFlags::IN;
            for connection in &self.connections {
                let events = if connection.wants_input() { input } else { PollFlags::empty() };
                fds.push(PollFd::new(connection, events));
            }
            // The served target's own input only wakes the thread: its pump
            // reads it.
            let woke_by = extra.as_ref().map(|fd| PollFd::new(fd, PollFlags::IN));
            fds.extend(woke_by);
            match poll(&mut fds, timeout.as_ref()) {
                Ok(_) | Err(Errno::INTR) => {}
                Err(error) => return Err(error.into()),
            }
            let flagged = |fd: &PollFd<'_>| !fd.revents().is_empty();
            let connections = 2 + self.connections.len();
            ready.extend(fds[2..connections].iter().map(flagged));
            (flagged(&fds[0]), flagged(&fds[1]))
        };
        if woken {
            self.wakeup.drain();
        }
        if ready.iter().any(|ready| *ready) {
            self.read_connections(&ready);
        }
        if accept {
            self.accept();
        }
        Ok(())
    }

    /// Reads each ready connection once; drops the ones that ended.
    fn read_connections(&mut self, ready: &[bool]) {
        let mut ended = Vec::new();
        for (index, connection) in self.connections.iter_mut().enumerate() {
            if ready[index] && !connection.read(&self.shared, &mut self.queue, &mut self.buffer) {
                ended.push(index);
            }
        }
        for index in ended.into_iter().rev() {
            let connection = self.connections.remove(index);
            self.ending.push(connection.end());
        }
    }

    /// Accepts every waiting connection: a peer of another user is dropped
    /// without a word, one over the limit is refused.
    fn accept(&mut self) {
        loop {
            let stream = match self.listener.accept() {
                Ok((stream, _)) => stream,
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => return,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                // Out of descriptors or the like: the connection waits in the
                // backlog until the next poll.
                Err(_) => return,
            };
            if !socket::peer_is_owner(&stream) {
                continue;
            }
            self.ending.retain(|flusher| !flusher.is_finished());
            let max = self.shared.limits.max_connections() as usize;
            if self.connections.len() >= max {
                refuse(stream, max, &self.config);
                continue;
            }
            let opened =
                Connection::open(stream, &self.shared, self.config.write_timeout, self.waker());
            if let Ok(connection) = opened {
                self.connections.push(connection);
            }
        }
    }

    /// The server stops: every connection gets its last replies, then the
    /// end of the stream.
    pub(crate) fn finish(&mut self) {
        for connection in self.connections.drain(..) {
            connection.finish();
        }
        for flusher in self.ending.drain(..) {
            let _ = flusher.join();
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
