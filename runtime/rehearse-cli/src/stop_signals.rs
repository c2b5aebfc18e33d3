//! SIGTERM, SIGINT and SIGHUP to a host do what `close` does: the host
//! stops its program, removes its files and its sockets, and exits. The
//! signals are caught (`signal-hook`) and written to a socket pair whose
//! reading end wakes the server's thread at once (`Served::input_fd`).

use std::io::Read;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGTERM};

/// The signals that stop a host, with their names.
const STOPPING: [(i32, &str); 3] = [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")];

/// The host's stop signals: caught from [`StopSignals::catch`] on.
pub struct StopSignals {
    wake: UnixStream,
    caught: Vec<(Arc<AtomicBool>, &'static str)>,
    /// The first one that arrived.
    received: Option<&'static str>,
}

impl StopSignals {
    /// Catches the stop signals (also when the host was started ignoring
    /// them, as a background job is).
    ///
    /// # Errors
    ///
    /// Making the socket pair or installing a handler failed.
    pub fn catch() -> std::io::Result<StopSignals> {
        let (wake, write) = UnixStream::pair()?;
        wake.set_nonblocking(true)?;
        write.set_nonblocking(true)?;
        let mut caught = Vec::new();
        for (signal, name) in STOPPING {
            let flag = Arc::new(AtomicBool::new(false));
            signal_hook::flag::register(signal, flag.clone())?;
            signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
            caught.push((flag, name));
        }
        Ok(StopSignals { wake, caught, received: None })
    }

    /// What the server's thread polls: readable once a signal arrived.
    pub fn fd(&self) -> BorrowedFd<'_> {
        self.wake.as_fd()
    }

    /// Takes in what arrived (emptying the socket, so it does not wake the
    /// thread again) and returns the first stop signal received, if any.
    pub fn received(&mut self) -> Option<&'static str> {
        let mut drained = [0u8; 64];
        while matches!((&self.wake).read(&mut drained), Ok(n) if n > 0) {}
        if self.received.is_none() {
            self.received = self
                .caught
                .iter()
                .find(|(flag, _)| flag.load(Ordering::Acquire))
                .map(|(_, name)| *name);
        }
        self.received
    }

    /// The first stop signal [`received`](Self::received) took in.
    pub fn stopped_by(&self) -> Option<&'static str> {
        self.received
    }
}
