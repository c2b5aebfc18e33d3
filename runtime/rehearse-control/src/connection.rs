//! One client connection: a reader thread that reads frames, answers what
//! needs no plane (`hello`, `ping`, `cancel`, every refusal) at once and
//! sends the rest to the plane's thread; and a flusher thread that writes
//! what the socket could not take at once (see [`Outbox`]). The plane never
//! waits for a client.

use std::io::{self, Read};
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rehearse_protocol::{
    CancelAck, Capability, ErrorCode, Extra, FrameDecoder, Generation, InFlight, OkReply, Reply,
    Request, RequestBody, WireError, answer_hello, check_granted, known, request_from_frame,
};

use crate::job::{CancelSlot, Job};
use crate::outbox::Outbox;
use crate::shared::Shared;

/// A served connection's threads, joined when the server stops.
#[derive(Debug)]
pub(crate) struct Connection {
    stream: UnixStream,
    out: Arc<Outbox>,
    reader: JoinHandle<()>,
    flusher: JoinHandle<()>,
}

impl Connection {
    /// Whether both threads are done.
    pub(crate) fn is_finished(&self) -> bool {
        self.reader.is_finished() && self.flusher.is_finished()
    }

    /// Stops reading, lets the last replies out, then ends.
    pub(crate) fn finish(self) {
        let _ = self.stream.shutdown(Shutdown::Read);
        let _ = self.reader.join();
        self.out.close();
        let _ = self.flusher.join();
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

/// Serves `stream` on two new threads; `jobs` reaches the plane's thread.
pub(crate) fn spawn(
    stream: UnixStream,
    shared: Arc<Shared>,
    jobs: Sender<Job>,
    write_timeout: Duration,
) -> io::Result<Connection> {
    stream.set_write_timeout(Some(write_timeout))?;
    let out = Arc::new(Outbox::new(stream.try_clone()?, InFlight::new(&shared.limits)));
    let flusher = {
        let out = out.clone();
        std::thread::Builder::new()
            .name("rehearse-control-flush".into())
            .spawn(move || out.flush_loop())?
    };
    let reader_stream = stream.try_clone()?;
    let reader = {
        let out = out.clone();
        std::thread::Builder::new().name("rehearse-control-reader".into()).spawn(move || {
            let gone = Arc::new(AtomicBool::new(false));
            let mut reader = Reader {
                shared: shared.clone(),
                out: out.clone(),
                gone: gone.clone(),
                jobs,
                granted: Vec::new(),
            };
            reader.run(&reader_stream);
            drop(reader);
            if !shared.stopping.load(Ordering::Acquire) {
                // The client closed (or broke the framing): the connection
                // is over and its requests in flight are dropped; the client
                // reads what was already answered, then the end of the
                // stream. (A stopping server lets its last replies out first.)
                gone.store(true, Ordering::Release);
                out.finish();
            }
            shared.connections.fetch_sub(1, Ordering::AcqRel);
        })?
    };
    Ok(Connection { stream, out, reader, flusher })
}

struct Reader {
    shared: Arc<Shared>,
    out: Arc<Outbox>,
    gone: Arc<AtomicBool>,
    jobs: Sender<Job>,
    granted: Vec<Capability>,
}

impl Reader {
    fn run(&mut self, mut stream: &UnixStream) {
        let mut decoder = FrameDecoder::requests(&self.shared.limits);
        let mut buffer = [0u8; 8192];
        loop {
            let read = match stream.read(&mut buffer) {
                Ok(0) | Err(_) => return,
                Ok(read) => read,
            };
            self.shared.touch();
            match decoder.feed(&buffer[..read]) {
                Ok(frames) => {
                    for frame in frames {
                        let read_at = Instant::now();
                        let answer = match request_from_frame(&frame) {
                            Ok(request) => self.handle(request, read_at),
                            Err(error) => Some(Reply::from_error(&error)),
                        };
                        if let Some(reply) = answer
                            && !self.out.send_and_pace(&reply, &self.shared)
                        {
                            return;
                        }
                    }
                }
                Err(violation) => {
                    // A frame violation ends the stream: one error, then close.
                    self.out.send(&Reply::from_error(&violation), &self.shared);
                    return;
                }
            }
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, InFlight<Arc<CancelSlot>>> {
        self.out.table()
    }

    /// Answers `request` now, or sends it to the plane's thread (`None`).
    fn handle(&mut self, request: Request, read_at: Instant) -> Option<Reply> {
        let Request { id, deadline, body } = request;
        let refuse = |error: WireError| Some(Reply::from_error(&error.for_request(id.clone())));
        if self.shared.is_closed() {
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
                let ack =
                    answer_hello(&hello, &self.shared.known, self.shared.role, &self.shared.limits);
                self.granted = ack.capabilities.clone();
                Some(Reply::ok(id, OkReply::Hello(ack)))
            }
            RequestBody::Ping => Some(Reply::ok(
                id,
                OkReply::Ping(Generation {
                    generation: self.shared.generation(),
                    extra: Extra::new(),
                }),
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
                    shared: self.shared.clone(),
                };
                if self.jobs.send(job).is_err() {
                    // The plane's thread has stopped: the session is over.
                    self.table().finish(&id);
                    return refuse(closed());
                }
                None
            }
        }
    }
}

fn closed() -> WireError {
    WireError::new(ErrorCode::SessionClosed, "the session is closed")
}
