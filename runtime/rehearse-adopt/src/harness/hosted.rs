//! A loop the harness drives on a thread it did not give a terminal to:
//! an app whose loop lives in its `main` (or in `ratatui::run`'s closure)
//! asks for its terminal itself, with `rehearse::adopt::init` or
//! `rehearse::adopt::run`. On a thread the harness hosts — the thread
//! [`Harness::start_main`](super::Harness::start_main) runs `main` on, or
//! the thread a served app's loop runs on ([`Host::host_here`]) — that
//! terminal is the harness's backend and its events.

use std::cell::RefCell;
use std::io;
use std::sync::Arc;

use super::backend::HarnessBackend;
use super::events::HarnessEvents;
use super::mirror::Mirror;
use super::shared::{Ended, Shared};
use crate::record;

thread_local! {
    static HOSTED: RefCell<Option<Hosted>> = const { RefCell::new(None) };
}

/// What a hosted thread hands its loop.
struct Hosted {
    shared: Arc<Shared>,
    /// The app is served from the real terminal: its frames go there too.
    mirror: bool,
    /// The terminal was given out already: a second one is refused.
    taken: bool,
    /// What the end of the loop does, once (a served loop: tell the harness
    /// and stop serving); `None` when whoever hosts the thread reports the
    /// end itself.
    on_end: Option<Box<dyn FnOnce()>>,
}

/// Hosts this thread for `shared`'s harness.
pub(crate) fn install(shared: Arc<Shared>, mirror: bool, on_end: Option<Box<dyn FnOnce()>>) {
    HOSTED.with(|hosted| {
        *hosted.borrow_mut() = Some(Hosted { shared, mirror, taken: false, on_end });
    });
}

/// This thread is no longer hosted.
pub(crate) fn uninstall() {
    HOSTED.with(|hosted| hosted.borrow_mut().take());
}

/// Whether a harness hosts this thread: `init` gives its loop the
/// harness's terminal instead of the real one.
pub fn is_hosted() -> bool {
    HOSTED.with(|hosted| hosted.borrow().is_some())
}

/// The harness's terminal backend and events for this thread's loop;
/// `None` when no harness hosts the thread.
pub(crate) fn take() -> Option<io::Result<(HarnessBackend, HarnessEvents)>> {
    HOSTED.with(|hosted| {
        let mut hosted = hosted.borrow_mut();
        let hosted = hosted.as_mut()?;
        if std::mem::replace(&mut hosted.taken, true) {
            return Some(Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "the harness gave this loop its terminal already: call `rehearse::adopt::init` once",
            )));
        }
        let shared = Arc::clone(&hosted.shared);
        let mirror = hosted.mirror.then(Mirror::from_env);
        Some(Ok((HarnessBackend::new(Arc::clone(&shared), mirror), HarnessEvents::new(shared))))
    })
}

/// The hosted loop ended (its terminal was dropped, or it restored the
/// terminal): what its host asked for runs, once.
pub(crate) fn end() {
    let on_end =
        HOSTED.with(|hosted| hosted.borrow_mut().as_mut().and_then(|hosted| hosted.on_end.take()));
    if let Some(on_end) = on_end {
        on_end();
    }
}

/// The side of an attached harness ([`Harness::attach`](super::Harness::attach))
/// that belongs to the app's loop: hand it to the thread the loop runs on.
#[derive(Debug)]
pub struct Host {
    pub(crate) shared: Arc<Shared>,
    pub(crate) mirror: bool,
}

impl Host {
    /// Makes the calling thread the app's: its tags record for the
    /// harness, and the loop's `rehearse::adopt::init` (or `run`) gets the
    /// harness's terminal and events. When the loop ends — its terminal is
    /// dropped or it calls `restore` — the harness hears that it returned
    /// (or panicked, when the thread is unwinding), this thread stops
    /// recording, and `then` runs.
    pub fn host_here(self, then: impl FnOnce() + 'static) {
        record::start();
        if self.mirror {
            // A panic in the loop shows its message on the restored screen,
            // as under `ratatui::init`'s hook.
            let hook = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                super::live::leave();
                hook(info);
            }));
        }
        let shared = Arc::clone(&self.shared);
        let on_end = move || {
            record::stop();
            let ended = if std::thread::panicking() {
                Ended::Panicked("the app's loop panicked".to_owned())
            } else {
                Ended::Returned
            };
            shared.update(|state| {
                state.ended.get_or_insert(ended);
            });
            uninstall();
            then();
        };
        install(self.shared, self.mirror, Some(Box::new(on_end)));
    }
}
