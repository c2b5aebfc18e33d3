//! [`Client`]: a blocking client of one control socket, for the CLI, the
//! tests and the benchmarks. One request at a time, each with its own id.

use std::io::{self, Read, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::Duration;

use rehearse_protocol::{
    WireError,
    frame::FrameDecoder,
    id::{Deadline, RequestId},
    limits::Limits,
    message::{
        Cancel, ErrorReply, Hello, HelloAck, OkReply, Reply, ReplyBody, Request, RequestBody,
        encode_request, reply_from_frame,
    },
    negotiation::Capability,
};

/// Why a request got no `ok`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The socket failed (the server is gone, the connection closed).
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: &'static str,
        /// The operating system's error.
        source: io::Error,
    },
    /// The server's bytes broke the protocol.
    #[error("the server's reply is invalid: {0}")]
    Protocol(WireError),
    /// The server answered with an error.
    #[error("{}: {}", .0.code, .0.message)]
    Refused(ErrorReply),
}

/// A connection to a control socket.
#[derive(Debug)]
pub struct Client {
    stream: UnixStream,
    decoder: FrameDecoder,
    limits: Limits,
    next: u64,
    pending: Vec<Reply>,
    /// Read into, kept between replies (zeroing 64 KiB per reply cost
    /// more than the read).
    buffer: Vec<u8>,
}

/// How much one read of the socket takes at most.
const READ_CHUNK: usize = 64 * 1024;

/// How long [`Client::read_some`] looks for a reply before it sleeps
/// (docs/performance.md measures it).
const EAGER_READ: std::time::Duration = std::time::Duration::from_micros(50);

impl Client {
    /// Connects to the socket at `path`.
    ///
    /// # Errors
    ///
    /// [`ClientError::Io`] when nothing answers there.
    pub fn connect(path: impl AsRef<Path>) -> Result<Client, ClientError> {
        let stream = UnixStream::connect(path)
            .map_err(|source| ClientError::Io { what: "connecting to the socket", source })?;
        let limits = Limits::default();
        Ok(Client {
            stream,
            decoder: FrameDecoder::replies(&limits),
            limits,
            next: 0,
            pending: Vec::new(),
            buffer: vec![0; READ_CHUNK],
        })
    }

    /// Bounds how long a read may block (`None`: forever).
    ///
    /// # Errors
    ///
    /// [`ClientError::Io`] from the socket.
    pub fn set_read_timeout(&self, timeout: Option<Duration>) -> Result<(), ClientError> {
        self.stream
            .set_read_timeout(timeout)
            .map_err(|source| ClientError::Io { what: "setting a read timeout", source })
    }

    /// A fresh request id on this connection.
    pub fn next_id(&mut self) -> RequestId {
        self.next += 1;
        RequestId::new(&format!("c{}", self.next)).expect("c and digits is a valid id")
    }

    /// Sends `body` with a new id and `deadline_ms`, and waits for its reply.
    ///
    /// # Errors
    ///
    /// [`ClientError::Refused`] with the server's error, or I/O and protocol
    /// failures.
    pub fn request(&mut self, body: RequestBody, deadline_ms: u64) -> Result<OkReply, ClientError> {
        let id = self.next_id();
        let deadline = Deadline::from_millis(deadline_ms)
            .map_err(|error| ClientError::Protocol(WireError::from(error)))?;
        self.send(&Request::new(id.clone(), deadline, body))?;
        match self.reply_to(&id)?.body {
            ReplyBody::Ok(ok) => Ok(ok),
            ReplyBody::Error(error) => Err(ClientError::Refused(error)),
        }
    }

    /// Negotiates `capabilities`.
    ///
    /// # Errors
    ///
    /// As [`request`](Self::request).
    pub fn hello(&mut self, capabilities: &[&str]) -> Result<HelloAck, ClientError> {
        let capabilities = capabilities
            .iter()
            .map(|name| Capability::new(name).map_err(ClientError::Protocol))
            .collect::<Result<_, _>>()?;
        match self.request(RequestBody::Hello(Hello { capabilities }), 5_000)? {
            OkReply::Hello(ack) => Ok(ack),
            other => Err(unexpected(&other)),
        }
    }

    /// Sends one request without waiting for its reply.
    ///
    /// # Errors
    ///
    /// I/O failures, or a request over the limit.
    pub fn send(&mut self, request: &Request) -> Result<(), ClientError> {
        let bytes = encode_request(request, &self.limits).map_err(ClientError::Protocol)?;
        self.send_raw(&bytes)
    }

    /// Writes raw bytes (for tests of what a server does with bad input).
    ///
    /// # Errors
    ///
    /// I/O failures.
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<(), ClientError> {
        self.stream
            .write_all(bytes)
            .map_err(|source| ClientError::Io { what: "writing a request", source })
    }

    /// Reads what the server has sent. A reply to a quick request is often
    /// there within microseconds: it is looked for without blocking for a
    /// short while first, yielding the core between looks (so a server on
    /// the same core runs), and the thread sleeps only after that — waking
    /// a sleeping thread on an idle virtual CPU costs tens of microseconds.
    fn read_some(&mut self) -> Result<usize, ClientError> {
        let until = std::time::Instant::now() + EAGER_READ;
        loop {
            match rustix::net::recv(
                &self.stream,
                &mut self.buffer[..],
                rustix::net::RecvFlags::DONTWAIT,
            ) {
                Ok((read, _)) => return Ok(read),
                Err(rustix::io::Errno::AGAIN) if std::time::Instant::now() < until => {
                    std::thread::yield_now();
                }
                Err(rustix::io::Errno::AGAIN | rustix::io::Errno::INTR) => break,
                Err(error) => {
                    return Err(ClientError::Io { what: "reading a reply", source: error.into() });
                }
            }
        }
        self.stream
            .read(&mut self.buffer)
            .map_err(|source| ClientError::Io { what: "reading a reply", source })
    }

    /// The next reply, whatever it answers.
    ///
    /// # Errors
    ///
    /// I/O failures (the server closed: `UnexpectedEof`), or a reply that
    /// breaks the protocol.
    pub fn read_reply(&mut self) -> Result<Reply, ClientError> {
        if !self.pending.is_empty() {
            return Ok(self.pending.remove(0));
        }
        loop {
            let read = self.read_some()?;
            if read == 0 {
                return Err(ClientError::Io {
                    what: "reading a reply",
                    source: io::ErrorKind::UnexpectedEof.into(),
                });
            }
            let frames = self.decoder.feed(&self.buffer[..read]).map_err(ClientError::Protocol)?;
            for frame in frames {
                self.pending.push(reply_from_frame(&frame).map_err(ClientError::Protocol)?);
            }
            if !self.pending.is_empty() {
                return Ok(self.pending.remove(0));
            }
        }
    }

    /// The reply to `id`; replies to other requests are kept for later.
    ///
    /// # Errors
    ///
    /// As [`read_reply`](Self::read_reply).
    pub fn reply_to(&mut self, id: &RequestId) -> Result<Reply, ClientError> {
        let mut others = Vec::new();
        let found = loop {
            let reply = self.read_reply()?;
            if reply.id.as_ref() == Some(id) || reply.id.is_none() {
                break reply;
            }
            others.push(reply);
        };
        others.append(&mut self.pending);
        self.pending = others;
        Ok(found)
    }
}

/// Sends `cancel` on a [`Client`]'s connection from another thread, while
/// the client itself blocks on a reply (a `cancel` reaches only requests on
/// its own connection). The `cancel`'s own answer is read by the client.
#[derive(Debug)]
pub struct Canceller {
    stream: UnixStream,
    limits: Limits,
    prefix: String,
    next: u64,
}

impl Canceller {
    /// Asks the server to cancel the request `target`.
    ///
    /// # Errors
    ///
    /// I/O failures.
    pub fn cancel(&mut self, target: &RequestId) -> Result<(), ClientError> {
        self.next += 1;
        let id = RequestId::new(&format!("{}{}", self.prefix, self.next)).expect("a valid id");
        let deadline = Deadline::from_millis(5_000).expect("a valid deadline");
        let request =
            Request::new(id, deadline, RequestBody::Cancel(Cancel { target: target.clone() }));
        let bytes = encode_request(&request, &self.limits).map_err(ClientError::Protocol)?;
        self.stream
            .write_all(&bytes)
            .map_err(|source| ClientError::Io { what: "writing a cancel", source })
    }
}

impl Client {
    /// A [`Canceller`] for this connection.
    ///
    /// # Errors
    ///
    /// [`ClientError::Io`] when the socket cannot be shared.
    pub fn canceller(&self) -> Result<Canceller, ClientError> {
        let stream = self
            .stream
            .try_clone()
            .map_err(|source| ClientError::Io { what: "sharing the socket", source })?;
        Ok(Canceller { stream, limits: self.limits, prefix: "cancel-".into(), next: 0 })
    }
}

fn unexpected(reply: &OkReply) -> ClientError {
    ClientError::Protocol(WireError::malformed(format!(
        "an `ok` for `{}` answered another request",
        reply.op()
    )))
}
