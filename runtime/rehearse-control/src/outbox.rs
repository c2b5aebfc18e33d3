//! [`Outbox`]: how replies leave for one client. Whoever answers — the
//! connection's reader or the session's thread — sends the frame straight
//! into the socket when it takes it at once (no thread handoff on the fast
//! path); what the socket cannot take yet is queued, and a flusher thread
//! writes it. The session's thread never waits for a client; the reader
//! waits when too much is queued (a client that does not read stops being
//! read).

use std::io::Write;
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::sync::{Condvar, Mutex, MutexGuard};

use rehearse_protocol::{InFlight, Reply, encode_reply_or_error};

use crate::cancel::CancelSlot;
use crate::shared::Shared;

/// Queued bytes past which the reader waits before answering more.
const HIGH_WATER: usize = 1024 * 1024;

#[derive(Debug, Default)]
struct State {
    /// Bytes the socket has not taken yet, in order.
    pending: Vec<u8>,
    /// The flusher is writing bytes it took from `pending`.
    flushing: bool,
    /// No more replies will come: the flusher ends once `pending` is out.
    closed: bool,
    /// A write failed: the client is gone, nothing more is written.
    broken: bool,
}

/// One connection's way out.
pub(crate) struct Outbox {
    stream: UnixStream,
    state: Mutex<State>,
    changed: Condvar,
    /// The requests in flight on this connection: an id is freed as its
    /// answer leaves.
    pub(crate) table: Mutex<InFlight<std::sync::Arc<CancelSlot>>>,
}

impl std::fmt::Debug for Outbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outbox").field("state", &*self.lock()).finish_non_exhaustive()
    }
}

impl Outbox {
    pub(crate) fn new(stream: UnixStream, table: InFlight<std::sync::Arc<CancelSlot>>) -> Outbox {
        Outbox {
            stream,
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
            table: Mutex::new(table),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The in-flight table.
    pub(crate) fn table(&self) -> MutexGuard<'_, InFlight<std::sync::Arc<CancelSlot>>> {
        self.table.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Sends the answer to a request in flight: its id is free again once
    /// the answer is on its way. Never waits.
    pub(crate) fn answer(&self, reply: &Reply, shared: &Shared) {
        if let Some(id) = &reply.id {
            self.table().finish(id);
        }
        self.send(reply, shared);
    }

    /// Sends `reply` (one whole frame). Never waits for the client.
    pub(crate) fn send(&self, reply: &Reply, shared: &Shared) {
        let Ok(bytes) = encode_reply_or_error(reply, &shared.limits) else { return };
        let mut state = self.lock();
        if state.broken || state.closed {
            return;
        }
        let mut from = 0;
        if state.pending.is_empty() && !state.flushing {
            match rustix::net::send(
                &self.stream,
                &bytes,
                rustix::net::SendFlags::DONTWAIT | rustix::net::SendFlags::NOSIGNAL,
            ) {
                Ok(sent) if sent == bytes.len() => return,
                Ok(sent) => from = sent,
                Err(rustix::io::Errno::AGAIN) => {}
                Err(_) => {
                    state.broken = true;
                    drop(state);
                    self.changed.notify_all();
                    let _ = self.stream.shutdown(Shutdown::Both);
                    return;
                }
            }
        }
        state.pending.extend_from_slice(&bytes[from..]);
        drop(state);
        self.changed.notify_all();
    }

    /// Like [`send`](Self::send), then waits while too much is queued: the
    /// reader's backpressure on a client that does not read. `false` when
    /// the connection broke.
    pub(crate) fn send_and_pace(&self, reply: &Reply, shared: &Shared) -> bool {
        self.send(reply, shared);
        let mut state = self.lock();
        while state.pending.len() > HIGH_WATER && !state.broken && !state.closed {
            state = self.changed.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        !state.broken
    }

    /// No more replies: the flusher ends once the queue is out.
    pub(crate) fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }

    /// The flusher's loop: writes what the socket could not take at once
    /// (blocking, bounded by the socket's write timeout).
    pub(crate) fn flush_loop(&self) {
        loop {
            let mut state = self.lock();
            while state.pending.is_empty() && !state.closed && !state.broken {
                state = self.changed.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
            }
            if state.broken || state.pending.is_empty() {
                return;
            }
            let bytes = std::mem::take(&mut state.pending);
            state.flushing = true;
            drop(state);
            let written = (&self.stream).write_all(&bytes);
            let mut state = self.lock();
            state.flushing = false;
            if written.is_err() {
                // A client that stopped reading: its connection ends.
                state.broken = true;
                let _ = self.stream.shutdown(Shutdown::Both);
            }
            drop(state);
            self.changed.notify_all();
        }
    }

    /// Ends the connection once what is queued is out (or the client is
    /// gone): the client reads every answer, then the end of the stream.
    pub(crate) fn finish(&self) {
        self.close();
        let mut state = self.lock();
        while (!state.pending.is_empty() || state.flushing) && !state.broken {
            state = self.changed.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        drop(state);
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use rehearse_protocol::{
        ErrorCode, FrameDecoder, Limits, ReplyBody, WireError, reply_from_frame,
    };

    use super::*;

    #[test]
    fn replies_the_socket_cannot_take_are_queued_in_order_and_flushed() {
        let (server, mut client) = UnixStream::pair().unwrap();
        let limits = Limits::default();
        let shared = Shared::new(0, Vec::new(), rehearse_protocol::ServerRole::App, limits);
        let out = std::sync::Arc::new(Outbox::new(server, InFlight::new(&limits)));
        let flusher = {
            let out = out.clone();
            std::thread::spawn(move || out.flush_loop())
        };
        // 2,000 replies of about 1 KiB: far more than the socket buffers, so
        // most are queued; `send` returns at once every time.
        let filler = "x".repeat(1000);
        for n in 0..2000 {
            let error = WireError::new(ErrorCode::Internal, format!("{n} {filler}"));
            out.send(&Reply::from_error(&error), &shared);
        }
        assert!(!out.lock().pending.is_empty(), "the socket could not take everything at once");
        // The end of the stream comes once everything queued is out.
        let ending = {
            let out = out.clone();
            std::thread::spawn(move || out.finish())
        };
        let mut bytes = Vec::new();
        client.read_to_end(&mut bytes).unwrap();
        ending.join().unwrap();
        flusher.join().unwrap();
        let frames = FrameDecoder::replies(&limits).feed(&bytes).unwrap();
        assert_eq!(frames.len(), 2000, "every frame arrived whole");
        for (n, frame) in frames.iter().enumerate() {
            let ReplyBody::Error(error) = reply_from_frame(frame).unwrap().body else { panic!() };
            assert!(error.message.starts_with(&format!("{n} ")), "in order");
        }
    }
}
