//! [`HarnessEvents`]: the shim's harness side, on the app's thread.

use std::io;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::Event;

use super::shared::{Shared, State};
use crate::events::EventSource;

/// The events a harness feeds an app, and its controlled clock.
///
/// `read` and `poll` block the app's thread until a step delivers input
/// (or, for `poll`, until logical time reaches its timeout: a `wait:` step
/// moves it); while blocked, the harness knows the app has finished
/// reacting. When the harness closes, both fail, so the app's loop ends.
#[derive(Debug)]
pub struct HarnessEvents {
    shared: Arc<Shared>,
}

impl HarnessEvents {
    pub(crate) fn new(shared: Arc<Shared>) -> Self {
        Self { shared }
    }
}

fn closed() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "the rehearse harness closed")
}

impl EventSource for HarnessEvents {
    fn read(&mut self) -> io::Result<Event> {
        let next = |state: &mut State| {
            if state.closing {
                return Some(Err(closed()));
            }
            state.queue.pop_front().map(Ok)
        };
        self.shared.block(None, None, next)
    }

    fn poll(&mut self, timeout: Duration) -> io::Result<bool> {
        if self.shared.realtime {
            // A timeout too far to name is no timeout.
            let until = Instant::now().checked_add(timeout);
            return self.shared.block(None, until, |state| {
                if state.closing {
                    Some(Err(closed()))
                } else if !state.queue.is_empty() {
                    Some(Ok(true))
                } else if until.is_some_and(|until| Instant::now() >= until) {
                    Some(Ok(false))
                } else {
                    None
                }
            });
        }
        let deadline = self.shared.lock().now.saturating_add(timeout);
        self.shared.block(Some(deadline), None, |state| {
            if state.closing {
                Some(Err(closed()))
            } else if !state.queue.is_empty() {
                Some(Ok(true))
            } else if state.now >= deadline {
                Some(Ok(false))
            } else {
                None
            }
        })
    }

    fn now(&self) -> Instant {
        if self.shared.realtime {
            Instant::now()
        } else {
            self.shared.epoch + self.shared.lock().now
        }
    }
}
