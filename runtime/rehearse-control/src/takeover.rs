//! While the session works, its thread does not read the sockets; when one
//! stretch of work lasts longer than [`TAKEOVER`], a thread of its own takes
//! over reading them until the session is done, so `hello`, `ping`,
//! `cancel` and refusals answer while the session is busy (within about
//! two [`TAKEOVER`]s), and requests read then wait in the queue.
//!
//! The fast path costs no thread hand-off: a short request never wakes
//! this thread beyond its first one after an idle spell; while requests
//! keep coming it looks once per [`TAKEOVER`], and it parks when a whole
//! [`TAKEOVER`] passed with no work.

use std::io;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, TryLockError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::reading::SocketReader;
use crate::wake::Waker;

/// How long the session may be busy before another thread reads the
/// sockets for it.
pub(crate) const TAKEOVER: Duration = Duration::from_millis(2);

#[derive(Debug, Default)]
struct State {
    /// The session is working (not reading the sockets).
    busy: bool,
    /// Stretches of work begun so far: tells one long stretch from many
    /// short ones.
    stretches: u64,
    /// The takeover thread sleeps until work begins.
    parked: bool,
    stopping: bool,
}

/// What the session's thread and the takeover thread share.
#[derive(Debug, Default)]
pub(crate) struct TakeoverWatch {
    state: Mutex<State>,
    changed: Condvar,
}

impl TakeoverWatch {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The session starts working; `request` wakes a parked takeover
    /// thread (background work alone does not, so an idle server's ticks
    /// wake nobody).
    pub(crate) fn begin(&self, request: bool) {
        let mut state = self.lock();
        state.busy = true;
        state.stretches += 1;
        if request && state.parked {
            state.parked = false;
            self.changed.notify_one();
        }
    }

    /// The session stopped working and wants the sockets back.
    fn end(&self) {
        self.lock().busy = false;
    }

    fn busy(&self) -> bool {
        let state = self.lock();
        state.busy && !state.stopping
    }

    /// Ends the takeover thread.
    pub(crate) fn stop(&self) {
        self.lock().stopping = true;
        self.changed.notify_all();
    }
}

/// Takes the sockets back for the session's thread: at once when nobody
/// reads them, else after waking the takeover thread out of its poll.
pub(crate) fn reclaim<'r>(
    watch: &TakeoverWatch,
    reading: &'r Mutex<SocketReader>,
    waker: &Waker,
) -> MutexGuard<'r, SocketReader> {
    watch.end();
    match reading.try_lock() {
        Ok(guard) => guard,
        Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        Err(TryLockError::WouldBlock) => {
            waker.wake();
            reading.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
        }
    }
}

/// Starts the takeover thread.
pub(crate) fn spawn(
    watch: Arc<TakeoverWatch>,
    reading: Arc<Mutex<SocketReader>>,
) -> io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name("rehearse-control-takeover".into())
        .spawn(move || run(&watch, &reading))
}

fn run(watch: &TakeoverWatch, reading: &Mutex<SocketReader>) {
    let mut state = watch.lock();
    loop {
        while !state.stopping && !state.busy {
            state.parked = true;
            state = watch.changed.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        state.parked = false;
        // Watching: once per TAKEOVER, is the same stretch still going?
        loop {
            if state.stopping {
                return;
            }
            let (was_busy, seen) = (state.busy, state.stretches);
            state = watch
                .changed
                .wait_timeout(state, TAKEOVER)
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .0;
            if state.stopping {
                return;
            }
            if state.stretches == seen && was_busy && state.busy {
                drop(state);
                serve_while_busy(watch, reading);
                state = watch.lock();
            } else if state.stretches == seen && !state.busy {
                break; // a whole TAKEOVER without work: park
            }
        }
    }
}

/// Reads the sockets until the session is done working.
fn serve_while_busy(watch: &TakeoverWatch, reading: &Mutex<SocketReader>) {
    // The session's thread holds them only while it is not busy.
    let mut guard = match reading.try_lock() {
        Ok(guard) => guard,
        Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        Err(TryLockError::WouldBlock) => return,
    };
    // The session wakes this poll when it wants the sockets back; the
    // timeout only bounds a wake-up lost to a full wake-up pair.
    while watch.busy() {
        if guard.poll(Some(TAKEOVER * 50), None).is_err() {
            return;
        }
    }
}
