//! [`Outbox`]: how replies leave for one client. Whoever answers sends the
//! frame straight into the socket when it takes it at once (no thread
//! hand-off on the fast path); what the socket cannot take yet is queued,
//! and a flusher thread writes it. Nobody answering ever waits for a
//! client: while too much is queued the connection is not read (a client
//! that does not read stops being read), and the flusher wakes the reading
//! thread once it has caught up.

use std::io::Write;
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::sync::{Condvar, Mutex, MutexGuard};

use rehearse_protocol::{
    inflight::InFlight,
    message::{Reply, encode_reply_or_error},
};

use crate::cancel::CancelSlot;
use crate::shared::ServerState;
use crate::wake::Waker;

/// Queued bytes past which the connection is not read until they are out.
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
    /// The connection is not being read because too much was queued: the
    /// flusher wakes the reading thread once it is out.
    paused: bool,
}

/// One connection's way out.
pub(crate) struct Outbox {
    stream: UnixStream,
    state: Mutex<State>,
    changed: Condvar,
    /// Wakes the thread reading the sockets when a paused connection may
    /// be read again.
    waker: Waker,
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
    pub(crate) fn new(
        stream: UnixStream,
        table: InFlight<std::sync::Arc<CancelSlot>>,
        waker: Waker,
    ) -> Outbox {
        Outbox {
            stream,
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
            waker,
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
    pub(crate) fn answer(&self, reply: &Reply, shared: &ServerState) {
        if let Some(id) = &reply.id {
            self.table().finish(id);
        }
        self.send(reply, shared);
    }

    /// Sends `reply` (one whole frame). Never waits for the client.
    pub(crate) fn send(&self, reply: &Reply, shared: &ServerState) {
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

    /// Whether the connection may be read now: not while more than
    /// [`HIGH_WATER`] bytes wait for the client (the flusher wakes the
    /// reading thread once they are out).
    pub(crate) fn accepting_input(&self) -> bool {
        let mut state = self.lock();
        state.paused = state.pending.len() > HIGH_WATER && !state.broken;
        !state.paused
    }

    /// Whether a write failed (the client is gone).
    pub(crate) fn is_broken(&self) -> bool {
        self.lock().broken
    }

    /// No more replies: the flusher ends once the queue is out.
    pub(crate) fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }

    /// The flusher's loop: writes what the socket could not take at once
    /// (blocking, bounded by the socket's write timeout). Once closed and
    /// everything is out (or the client is gone), it ends the stream.
    pub(crate) fn flush_loop(&self) {
        loop {
            let mut state = self.lock();
            while state.pending.is_empty() && !state.closed && !state.broken {
                state = self.changed.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
            }
            if state.broken || state.pending.is_empty() {
                drop(state);
                let _ = self.stream.shutdown(Shutdown::Both);
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
            let resume = std::mem::take(&mut state.paused);
            drop(state);
            if resume {
                self.waker.wake();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use rehearse_protocol::{
        ErrorCode, WireError,
        frame::FrameDecoder,
        limits::Limits,
        message::{ReplyBody, reply_from_frame},
    };

    use super::*;

    #[test]
    fn replies_the_socket_cannot_take_are_queued_in_order_and_flushed() {
        let (server, mut client) = UnixStream::pair().unwrap();
        let limits = Limits::default();
        let shared =
            ServerState::new(0, Vec::new(), rehearse_protocol::vocabulary::ServerRole::App, limits);
        let (waker, wakeup) = crate::wake::pair().unwrap();
        let out = std::sync::Arc::new(Outbox::new(server, InFlight::new(&limits), waker));
        // 2,000 replies of about 1 KiB: far more than the socket buffers, so
        // most are queued; `send` returns at once every time.
        let filler = "x".repeat(1000);
        for n in 0..2000 {
            let error = WireError::new(ErrorCode::Internal, format!("{n} {filler}"));
            out.send(&Reply::from_error(&error), &shared);
        }
        assert!(out.lock().pending.len() > HIGH_WATER, "the socket could not take it all");
        assert!(!out.accepting_input(), "past the high water the connection is not read");
        assert!(!woken(&wakeup));
        let flusher = {
            let out = out.clone();
            std::thread::spawn(move || out.flush_loop())
        };
        // The end of the stream comes once everything queued is out.
        out.close();
        let mut bytes = Vec::new();
        client.read_to_end(&mut bytes).unwrap();
        flusher.join().unwrap();
        assert!(out.accepting_input());
        assert!(woken(&wakeup), "the flusher woke the reading thread when it caught up");
        let frames = FrameDecoder::replies(&limits).feed(&bytes).unwrap();
        assert_eq!(frames.len(), 2000, "every frame arrived whole");
        for (n, frame) in frames.iter().enumerate() {
            let ReplyBody::Error(error) = reply_from_frame(frame).unwrap().body else { panic!() };
            assert!(error.message.starts_with(&format!("{n} ")), "in order");
        }
    }

    fn woken(wakeup: &crate::wake::Wakeup) -> bool {
        use rustix::event::{PollFd, PollFlags, Timespec, poll};
        let mut fds = [PollFd::new(wakeup, PollFlags::IN)];
        poll(&mut fds, Some(&Timespec { tv_sec: 0, tv_nsec: 0 })).unwrap() == 1
    }
}
