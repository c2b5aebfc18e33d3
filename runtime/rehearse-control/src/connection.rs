//! One client connection: its socket, its frame decoder and what it was
//! granted. Whichever thread is reading the sockets (see
//! [`SocketReader`](crate::reading::SocketReader)) feeds it what the socket holds; it
//! answers what needs no session (`hello`, `ping`, `cancel`, every refusal)
//! at once and queues the rest for the session. Replies leave through its
//! [`Outbox`], whose flusher thread writes what the socket could not take
//! at once: the session never waits for a client.

use std::collections::VecDeque;
use std::io;
use std::net::Shutdown;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rehearse_protocol::{
    ErrorCode, WireError,
    frame::FrameDecoder,
    inflight::InFlight,
    message::{
        CancelAck, Extra, Generation, OkReply, Reply, Request, RequestBody, request_from_frame,
    },
    negotiation::{Capability, answer_hello, check_granted, known},
};
use rustix::io::Errno;
use rustix::net::RecvFlags;

use crate::job::{CancelSlot, Job};
use crate::outbox::Outbox;
use crate::shared::ServerState;
use crate::wake::Waker;

/// A served connection.
#[derive(Debug)]
pub(crate) struct Connection {
    stream: UnixStream,
    decoder: FrameDecoder,
    out: Arc<Outbox>,
    /// Set when the client went away: its requests in flight are dropped.
    gone: Arc<AtomicBool>,
    granted: Vec<Capability>,
    flusher: JoinHandle<()>,
}

impl Connection {
    /// Serves `stream`; its flusher runs on a new thread and wakes `waker`
    /// when a connection that stopped being read may be read again.
    pub(crate) fn open(
        stream: UnixStream,
        shared: &ServerState,
        write_timeout: Duration,
        waker: Waker,
    ) -> io::Result<Connection> {
        stream.set_write_timeout(Some(write_timeout))?;
        let out = Arc::new(Outbox::new(stream.try_clone()?, InFlight::new(&shared.limits), waker));
        let flusher = {
            let out = out.clone();
            std::thread::Builder::new()
                .name("rehearse-control-flush".into())
                .spawn(move || out.flush_loop())?
        };
        Ok(Connection {
            stream,
            decoder: FrameDecoder::requests(&shared.limits),
            out,
            gone: Arc::new(AtomicBool::new(false)),
            granted: Vec::new(),
            flusher,
        })
    }

    /// Whether to read it now: a client that does not read its replies
    /// stops being read while too much is queued for it.
    pub(crate) fn wants_input(&self) -> bool {
        self.out.accepting_input()
    }

    /// Reads what the socket holds (never blocks) and handles every whole
    /// frame in it; `false` when the connection is over (the client closed
    /// it, broke the framing, or stopped reading for the write timeout).
    pub(crate) fn read(
        &mut self,
        shared: &Arc<ServerState>,
        queue: &mut VecDeque<Job>,
        buffer: &mut [u8],
    ) -> bool {
        let read = match rustix::net::recv(&self.stream, &mut *buffer, RecvFlags::DONTWAIT) {
            Ok((0, _)) => return false,
            Ok((read, _)) => read,
            Err(Errno::AGAIN | Errno::INTR) => return true,
            Err(_) => return false,
        };
        shared.touch();
        match self.decoder.feed(&buffer[..read]) {
            Ok(frames) => {
                for frame in frames {
                    let read_at = Instant::now();
                    let answer = match request_from_frame(&frame) {
                        Ok(request) => self.handle(request, read_at, shared, queue),
                        Err(error) => Some(Reply::from_error(&error)),
                    };
                    if let Some(reply) = answer {
                        self.out.send(&reply, shared);
                    }
                }
                !self.out.is_broken()
            }
            Err(violation) => {
                // A frame violation ends the stream: one error, then close.
                self.out.send(&Reply::from_error(&violation), shared);
                false
            }
        }
    }

    /// The client is gone (or broke the framing): its requests in flight
    /// are dropped; it reads what was already answered, then the end of the
    /// stream. The flusher, returned to be joined, ends once that is out.
    pub(crate) fn end(self) -> JoinHandle<()> {
        self.gone.store(true, Ordering::Release);
        self.out.close();
        self.flusher
    }

    /// The server stops: the last replies go out, then the end of the
    /// stream.
    pub(crate) fn finish(self) {
        let _ = self.stream.shutdown(Shutdown::Read);
        self.out.close();
        let _ = self.flusher.join();
    }

    fn table(&self) -> std::sync::MutexGuard<'_, InFlight<Arc<CancelSlot>>> {
        self.out.table()
    }

    /// Answers `request` now, or queues it for the session (`None`).
    fn handle(
        &mut self,
        request: Request,
        read_at: Instant,
        shared: &Arc<ServerState>,
        queue: &mut VecDeque<Job>,
    ) -> Option<Reply> {
        let Request { id, deadline, body } = request;
        let refuse = |error: WireError| Some(Reply::from_error(&error.for_request(id.clone())));
        if shared.is_closed() {
            return refuse(closed());
        }
        if self.table().contains(&id) {
            return refuse(WireError::new(
                ErrorCode::DuplicateRequestId,
                format!("request id {id} is already in flight"),
            ));
        }
        match body {
            RequestBody::Hello(hello) => {
                let ack = answer_hello(&hello, &shared.known, shared.role, &shared.limits);
                self.granted = ack.capabilities.clone();
                Some(Reply::ok(id, OkReply::Hello(ack)))
            }
            RequestBody::Ping => Some(Reply::ok(
                id,
                OkReply::Ping(Generation { generation: shared.generation(), extra: Extra::new() }),
            )),
            RequestBody::Cancel(cancel) => match self.table().cancel(&cancel.target) {
                Ok(slot) => {
                    slot.cancel(format!("cancelled by request {id}"));
                    Some(Reply::ok(
                        id,
                        OkReply::Cancel(CancelAck {
                            cancelled: cancel.target,
                            extra: Extra::new(),
                        }),
                    ))
                }
                Err(error) => refuse(error),
            },
            body => {
                if let Err(error) = check_granted(&body, &self.granted) {
                    return refuse(error);
                }
                let cancel = Arc::new(CancelSlot::default());
                if let Err(error) = self.table().begin(id.clone(), cancel.clone()) {
                    return Some(Reply::from_error(&error));
                }
                let png = self.granted.iter().any(|c| c.as_str() == known::SNAPSHOT_PNG);
                let job = Job {
                    id: id.clone(),
                    body,
                    deadline: read_at + deadline.as_duration(),
                    cancel,
                    gone: self.gone.clone(),
                    png,
                    out: self.out.clone(),
                    shared: shared.clone(),
                };
                queue.push_back(job);
                None
            }
        }
    }
}

fn closed() -> WireError {
    WireError::new(ErrorCode::SessionClosed, "the session is closed")
}

impl AsFd for Connection {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.stream.as_fd()
    }
}
