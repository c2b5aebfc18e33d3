//! The signals a recording answers: SIGTERM, SIGINT and SIGHUP end it (the
//! terminal restored, what was recorded written), SIGWINCH resizes the
//! program with the person's terminal. Each sets a flag and wakes the loop
//! through a socket pair, which is all a handler may safely do.

use std::io;
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use signal_hook::SigId;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGWINCH};

/// The installed handlers; dropping them removes them.
#[derive(Debug)]
pub struct Signals {
    ending: Arc<AtomicUsize>,
    resized: Arc<AtomicBool>,
    ids: Vec<SigId>,
}

impl Signals {
    /// Installs the handlers; each also writes a byte to `wake`.
    pub fn install(wake: &UnixStream) -> io::Result<Self> {
        let ending = Arc::new(AtomicUsize::new(0));
        let resized = Arc::new(AtomicBool::new(false));
        let mut ids = Vec::new();
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let value = usize::try_from(signal).unwrap_or(usize::MAX);
            ids.push(signal_hook::flag::register_usize(signal, Arc::clone(&ending), value)?);
            ids.push(signal_hook::low_level::pipe::register(signal, wake.try_clone()?)?);
        }
        ids.push(signal_hook::flag::register(SIGWINCH, Arc::clone(&resized))?);
        ids.push(signal_hook::low_level::pipe::register(SIGWINCH, wake.try_clone()?)?);
        Ok(Self { ending, resized, ids })
    }

    /// The signal that asked the recording to end, if one did.
    pub fn ending(&self) -> Option<i32> {
        match self.ending.load(Ordering::Acquire) {
            0 => None,
            signal => i32::try_from(signal).ok(),
        }
    }

    /// Whether the terminal was resized since the last call.
    pub fn take_resized(&self) -> bool {
        self.resized.swap(false, Ordering::AcqRel)
    }
}

impl Drop for Signals {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// A signal's name, for messages.
pub fn name(signal: i32) -> &'static str {
    match signal {
        SIGTERM => "SIGTERM",
        SIGINT => "SIGINT",
        SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}
