//! The event shim: where an adopted app reads its input and its time.
//!
//! In production it is crossterm itself ([`Crossterm`]); under a harness
//! it is the harness's queue, which is how the harness knows the app is
//! blocked waiting for input (the app has finished reacting: the settle
//! signal) and how an app that reads time here runs on the controlled
//! clock.

use std::io;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, Event};

/// Where an app reads events and time: `crossterm::event::read` / `poll`
/// and `Instant::now`, behind one small trait.
///
/// An adopted app takes `events: &mut impl EventSource` and calls
/// `events.read()` where it called `event::read()`, `events.poll(timeout)`
/// where it called `event::poll(timeout)` and `events.now()` where it
/// called `Instant::now()`.
pub trait EventSource {
    /// Blocks until the next event.
    ///
    /// # Errors
    ///
    /// What reading fails with (under a harness: the harness closed).
    fn read(&mut self) -> io::Result<Event>;

    /// Whether an event is available within `timeout`.
    ///
    /// # Errors
    ///
    /// As [`read`](Self::read).
    fn poll(&mut self, timeout: Duration) -> io::Result<bool>;

    /// The time now: the wall clock in production, the controlled clock
    /// under a harness.
    fn now(&self) -> Instant;
}

/// The production source: crossterm's event reader and the wall clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct Crossterm;

impl EventSource for Crossterm {
    fn read(&mut self) -> io::Result<Event> {
        event::read()
    }

    fn poll(&mut self, timeout: Duration) -> io::Result<bool> {
        event::poll(timeout)
    }

    fn now(&self) -> Instant {
        Instant::now()
    }
}

impl<S: EventSource + ?Sized> EventSource for &mut S {
    fn read(&mut self) -> io::Result<Event> {
        (**self).read()
    }

    fn poll(&mut self, timeout: Duration) -> io::Result<bool> {
        (**self).poll(timeout)
    }

    fn now(&self) -> Instant {
        (**self).now()
    }
}
