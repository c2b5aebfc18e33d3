//! One terminal type for a loop that asks for its terminal itself — a loop
//! in `main`, or in `ratatui::run`'s closure, which no harness can hand a
//! backend: [`AdoptedTerminal`] is crossterm's in production and the
//! harness's where a harness hosts the thread
//! ([`Harness::start_main`](crate::Harness::start_main), a served app),
//! and the loop reads its events from it (`terminal.read()`).
//! [`init_terminal`] and [`restore_terminal`] are `ratatui::init` and
//! `ratatui::restore` for it (the `rehearse` facade's `adopt::init`,
//! `restore` and `run` add serving over the control protocol).

use std::io::{self, Stdout, Write};

use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Position, Size};

use crate::events::{Crossterm, EventSource};
use crate::harness::{HarnessBackend, HarnessEvents, hosted};

/// The terminal an adopted loop draws on and reads its events from:
/// crossterm's (as `ratatui::DefaultTerminal`) in production, the
/// harness's backend and events under a harness.
///
/// It is the loop's [`EventSource`] too: where the app called
/// `event::read()`, `event::poll(timeout)` and `Instant::now()`, it calls
/// `terminal.read()`, `terminal.poll(timeout)` and `terminal.now()`.
pub type AdoptedTerminal = Terminal<AdoptedBackend>;

/// The backend of an [`AdoptedTerminal`], with the events that go with it.
///
/// It is an `io::Write` too, as ratatui's crossterm backend is: what the app
/// writes itself (`execute!(terminal.backend_mut(), EnableMouseCapture)`)
/// goes to the real terminal, or under a harness is read for the modes it
/// turns on (and passed on to the real terminal when it is served from
/// one). Dropped under a harness, it tells the harness the loop ended.
#[derive(Debug)]
pub struct AdoptedBackend(Kind);

#[derive(Debug)]
enum Kind {
    /// The real terminal, through crossterm on standard output.
    Crossterm(CrosstermBackend<Stdout>, Crossterm),
    /// A harness's backend (boxed: it is large) and events.
    Harness(Box<HarnessBackend>, HarnessEvents),
}

impl AdoptedBackend {
    /// Whether a harness drives this terminal (a test, or a served app).
    pub fn is_harness(&self) -> bool {
        matches!(self.0, Kind::Harness(..))
    }
}

/// Calls the same method on whichever backend it is.
macro_rules! delegate {
    ($self:ident, $backend:ident => $call:expr) => {
        match &mut $self.0 {
            Kind::Crossterm($backend, _) => $call,
            Kind::Harness(boxed, _) => {
                let $backend = &mut **boxed;
                $call
            }
        }
    };
}

impl Backend for AdoptedBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        delegate!(self, backend => backend.draw(content))
    }

    fn append_lines(&mut self, lines: u16) -> io::Result<()> {
        delegate!(self, backend => backend.append_lines(lines))
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        delegate!(self, backend => backend.hide_cursor())
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        delegate!(self, backend => backend.show_cursor())
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        delegate!(self, backend => backend.get_cursor_position())
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let position = position.into();
        delegate!(self, backend => backend.set_cursor_position(position))
    }

    fn clear(&mut self) -> io::Result<()> {
        delegate!(self, backend => backend.clear())
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        delegate!(self, backend => backend.clear_region(clear_type))
    }

    fn size(&self) -> io::Result<Size> {
        match &self.0 {
            Kind::Crossterm(backend, _) => backend.size(),
            Kind::Harness(backend, _) => backend.size(),
        }
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        delegate!(self, backend => backend.window_size())
    }

    fn flush(&mut self) -> io::Result<()> {
        delegate!(self, backend => Backend::flush(backend))
    }
}

impl Write for AdoptedBackend {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        delegate!(self, backend => backend.write(bytes))
    }

    fn flush(&mut self) -> io::Result<()> {
        delegate!(self, backend => Write::flush(backend))
    }
}

impl Drop for AdoptedBackend {
    fn drop(&mut self) {
        if self.is_harness() {
            hosted::end();
        }
    }
}

impl EventSource for AdoptedTerminal {
    fn read(&mut self) -> io::Result<Event> {
        match &mut self.backend_mut().0 {
            Kind::Crossterm(_, events) => events.read(),
            Kind::Harness(_, events) => events.read(),
        }
    }

    fn poll(&mut self, timeout: std::time::Duration) -> io::Result<bool> {
        match &mut self.backend_mut().0 {
            Kind::Crossterm(_, events) => events.poll(timeout),
            Kind::Harness(_, events) => events.poll(timeout),
        }
    }

    fn now(&self) -> std::time::Instant {
        match &self.backend().0 {
            Kind::Crossterm(_, events) => events.now(),
            Kind::Harness(_, events) => events.now(),
        }
    }
}

/// `ratatui::init` for an adopted loop: where a harness hosts this thread,
/// its terminal and events; otherwise the real terminal, entered as
/// `ratatui::init` enters it (raw mode, the alternate screen, a panic hook
/// that restores it), with crossterm's events.
///
/// # Errors
///
/// What entering the terminal fails with; under a harness, a second call
/// on the same thread.
pub fn init_terminal() -> io::Result<AdoptedTerminal> {
    if let Some(hosted) = hosted::take() {
        let (backend, events) = hosted?;
        return Terminal::new(AdoptedBackend(Kind::Harness(Box::new(backend), events)));
    }
    // ratatui's own entry (raw mode, alternate screen, panic hook); its
    // terminal is dropped at once for one of this type on the same stdout.
    drop(ratatui::try_init()?);
    Terminal::new(AdoptedBackend(Kind::Crossterm(CrosstermBackend::new(io::stdout()), Crossterm)))
}

/// `ratatui::restore` for an adopted loop: under a harness, tells it the
/// loop ended (the terminal is the harness's to restore); otherwise
/// restores the real terminal.
pub fn restore_terminal() {
    if hosted::is_hosted() {
        hosted::end();
    } else {
        ratatui::restore();
    }
}
