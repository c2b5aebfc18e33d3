//! What the harness and the app's thread share: the event queue, whether
//! the app is blocked waiting for input (the settle signal), the controlled
//! clock, the viewport, and the last frame the app flushed.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::layout::Size;

use crate::record::RawNode;

/// A frame the app flushed: its cells, its cursor, what its tags recorded.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Drawn {
    pub(crate) buffer: Buffer,
    pub(crate) cursor: Option<(u16, u16)>,
    pub(crate) nodes: Vec<RawNode>,
}

/// What the app turned on in its terminal, as it asks a terminal: by
/// writing the sequences (`EnableBracketedPaste`, `EnableMouseCapture`) to
/// its backend.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Modes {
    /// Pastes arrive bracketed, as one `Event::Paste`; otherwise as keys.
    pub(crate) bracketed_paste: bool,
    /// The terminal reports the mouse.
    pub(crate) mouse: bool,
}

/// How the app's loop ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ended {
    /// `run` returned `Ok`.
    Returned,
    /// `run` returned an error (its message).
    Failed(String),
    /// The app's thread panicked (its message).
    Panicked(String),
}

impl Ended {
    /// How it ended, as a step error names it.
    pub(crate) fn status(&self) -> String {
        match self {
            Self::Returned => "the app's loop returned".to_owned(),
            Self::Failed(error) => format!("the app's loop failed: {error}"),
            Self::Panicked(message) => format!("the app panicked: {message}"),
        }
    }
}

/// The state behind the lock.
#[derive(Debug)]
pub(crate) struct State {
    pub(crate) queue: VecDeque<Event>,
    /// `Some` while the app is blocked in `read` (`None` deadline) or
    /// `poll` (the logical time its timeout runs out).
    pub(crate) waiting: Option<Option<Duration>>,
    /// Logical time since the harness started.
    pub(crate) now: Duration,
    pub(crate) viewport: Size,
    pub(crate) drawn: Option<Drawn>,
    pub(crate) ended: Option<Ended>,
    /// The harness is going away: reads fail so the app's loop ends.
    pub(crate) closing: bool,
    /// Frames flushed so far: a commit knows whether the app drew since.
    pub(crate) frames: u64,
    /// Under the wall clock: the app is blocked in a `poll` with a timeout,
    /// so it wakes by itself (a timer, as the engine would call it).
    pub(crate) timed: bool,
    /// What the app turned on in its terminal.
    pub(crate) modes: Modes,
    /// What the app's loop returned, until a test takes it.
    pub(crate) returned: Option<Box<dyn std::any::Any + Send>>,
}

impl State {
    /// The app has reacted to everything: it is blocked waiting for input
    /// that is not there, and not past its poll's deadline (or it ended).
    pub(crate) fn settled(&self) -> bool {
        if self.ended.is_some() {
            return true;
        }
        match self.waiting {
            Some(deadline) => {
                self.queue.is_empty() && deadline.is_none_or(|deadline| deadline > self.now)
            }
            None => false,
        }
    }
}

/// The shared state and the condition variable both sides wait on.
#[derive(Debug)]
pub(crate) struct Shared {
    state: Mutex<State>,
    changed: Condvar,
    /// The instant logical time zero stands for (what `now()` adds to).
    pub(crate) epoch: Instant,
    /// Time is the wall clock's: polls time out by themselves and `now()`
    /// is `Instant::now()`.
    pub(crate) realtime: bool,
    /// The app is served from a real terminal, whose size it follows.
    pub(crate) in_terminal: bool,
}

impl Shared {
    pub(crate) fn new(viewport: Size, realtime: bool, in_terminal: bool) -> Arc<Self> {
        Arc::new(Self {
            state: Mutex::new(State {
                queue: VecDeque::new(),
                waiting: None,
                now: Duration::ZERO,
                viewport,
                drawn: None,
                ended: None,
                closing: false,
                frames: 0,
                timed: false,
                modes: Modes::default(),
                returned: None,
            }),
            changed: Condvar::new(),
            epoch: Instant::now(),
            realtime,
            in_terminal,
        })
    }

    /// The state, locked. A panic while holding the lock leaves the state
    /// consistent (every change is one assignment), so poisoning is ignored.
    pub(crate) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Changes the state and wakes every waiter.
    pub(crate) fn update<R>(&self, change: impl FnOnce(&mut State) -> R) -> R {
        let result = change(&mut self.lock());
        self.changed.notify_all();
        result
    }

    /// Waits until `done` holds or `timeout` passes; returns whether it
    /// holds.
    pub(crate) fn wait_until(&self, timeout: Duration, done: impl Fn(&State) -> bool) -> bool {
        let guard = self.lock();
        let (guard, _) = self
            .changed
            .wait_timeout_while(guard, timeout, |state| !done(state))
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        done(&guard)
    }

    /// Time since the harness started: logical under the controlled clock,
    /// the wall clock's otherwise.
    pub(crate) fn elapsed(&self) -> Duration {
        if self.realtime { self.epoch.elapsed() } else { self.lock().now }
    }

    /// Blocks the app's thread until `ready` gives an answer, marking it
    /// waiting meanwhile. Under the controlled clock `deadline` is the
    /// logical time its poll runs out (`None`: a read); under the wall
    /// clock `until` is when it wakes by itself, and `ready` decides what
    /// reaching it means (its wake-up is its own: it counts as settled).
    pub(crate) fn block<R>(
        &self,
        deadline: Option<Duration>,
        until: Option<Instant>,
        mut ready: impl FnMut(&mut State) -> Option<R>,
    ) -> R {
        let mut state = self.lock();
        loop {
            if let Some(answer) = ready(&mut state) {
                state.waiting = None;
                state.timed = false;
                drop(state);
                self.changed.notify_all();
                return answer;
            }
            if state.waiting != Some(deadline) {
                state.waiting = Some(deadline);
                state.timed = until.is_some();
                self.changed.notify_all();
            }
            state = match until {
                Some(until) => {
                    let left = until.saturating_duration_since(Instant::now());
                    self.changed
                        .wait_timeout(state, left)
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .0
                }
                None => self.changed.wait(state).unwrap_or_else(std::sync::PoisonError::into_inner),
            };
        }
    }
}
