//! One client connection: a reader thread that reads frames, answers what
//! needs no plane (`hello`, `ping`, `cancel`, every refusal) at once and
//! sends the rest to the plane's thread; and a writer thread that sends
//! what the plane's thread answers. The plane never waits for a client.

use std::io::{self, Read, Write};
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rehearse_protocol::{
    CancelAck, Capability, ErrorCode, Extra, FrameDecoder, Generation, InFlight, OkReply, Reply,
    Request, RequestBody, WireError, answer_hello, check_granted, encode_reply_or_error, known,
    request_from_frame,
};

use crate::job::{CancelSlot, Job};
use crate::shared::Shared;

/// The requests in flight on one connection, shared by its two threads.
type Table = Arc<Mutex<InFlight<Arc<CancelSlot>>>>;

/// A served connection's threads, joined when the server stops.
#[derive(Debug)]
pub(crate) struct Connection {
    stream: UnixStream,
    reader: JoinHandle<()>,
    writer: JoinHandle<()>,
}

impl Connection {
    /// Whether both threads are done.
    pub(crate) fn is_finished(&self) -> bool {
        self.reader.is_finished() && self.writer.is_finished()
    }

    /// Stops reading, lets the writer send what is left, then ends.
    pub(crate) fn finish(self) {
        let _ = self.stream.shutdown(Shutdown::Read);
        let _ = self.reader.join();
        let _ = self.writer.join();
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
    let out = Arc::new(Mutex::new(stream.try_clone()?));
    let table: Table = Arc::new(Mutex::new(InFlight::new(&shared.limits)));
    let (replies, answered) = channel();
    let gone = Arc::new(AtomicBool::new(false));
    let writer = {
        let (out, table, gone, shared) = (out.clone(), table.clone(), gone.clone(), shared.clone());
        std::thread::Builder::new()
            .name("rehearse-control-writer".into())
            .spawn(move || write_loop(&answered, &out, &table, &gone, &shared))?
    };
    let reader_stream = stream.try_clone()?;
    let reader =
        std::thread::Builder::new().name("rehearse-control-reader".into()).spawn(move || {
            let mut reader = Reader {
                shared: shared.clone(),
                out,
                table,
                gone: gone.clone(),
                replies,
                jobs,
                granted: Vec::new(),
            };
            reader.run(&reader_stream);
            drop(reader);
            if !shared.stopping.load(Ordering::Acquire) {
                // The client closed (or broke the framing): the connection
                // is over, its requests in flight are dropped, and the
                // client sees the end of the stream at once. (A stopping
                // server lets the writer send its last replies first.)
                gone.store(true, Ordering::Release);
                let _ = reader_stream.shutdown(Shutdown::Both);
            }
            shared.connections.fetch_sub(1, Ordering::AcqRel);
        })?;
    Ok(Connection { stream, reader, writer })
}

/// Writes one reply as one frame; a reply over the limit becomes the error
/// that says so.
fn write_reply(out: &Mutex<UnixStream>, reply: &Reply, shared: &Shared) -> io::Result<()> {
    let bytes = encode_reply_or_error(reply, &shared.limits)
        .map_err(|error| io::Error::other(error.to_string()))?;
    let mut stream = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    stream.write_all(&bytes)
}

fn write_loop(
    answered: &Receiver<Reply>,
    out: &Mutex<UnixStream>,
    table: &Table,
    gone: &AtomicBool,
    shared: &Shared,
) {
    for reply in answered {
        // The id is free again once its answer is on its way.
        if let Some(id) = &reply.id {
            table.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).finish(id);
        }
        if gone.load(Ordering::Acquire) {
            continue;
        }
        if write_reply(out, &reply, shared).is_err() {
            // A client that stopped reading: its connection ends.
            gone.store(true, Ordering::Release);
            let out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let _ = out.shutdown(Shutdown::Both);
        }
    }
}

struct Reader {
    shared: Arc<Shared>,
    out: Arc<Mutex<UnixStream>>,
    table: Table,
    gone: Arc<AtomicBool>,
    replies: Sender<Reply>,
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
                            && write_reply(&self.out, &reply, &self.shared).is_err()
                        {
                            return;
                        }
                    }
                }
                Err(violation) => {
                    // A frame violation ends the stream: one error, then close.
                    let _ = write_reply(&self.out, &Reply::from_error(&violation), &self.shared);
                    let _ = stream.shutdown(Shutdown::Both);
                    return;
                }
            }
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, InFlight<Arc<CancelSlot>>> {
        self.table.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
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
                    replies: self.replies.clone(),
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
