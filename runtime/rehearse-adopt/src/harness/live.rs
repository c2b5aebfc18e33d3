//! An adopted app served from its real terminal: the terminal is entered
//! (raw mode, alternate screen) and restored when the harness goes, and
//! what a person types there reaches the app through the same queue a
//! step's input does — on one thread that reads crossterm's events and
//! stops with the harness. Mouse capture and bracketed paste are the app's
//! to turn on (it writes them to its backend, which passes them on): an app
//! that reads only keys gets a paste as typed keys, as in a terminal.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use ratatui::crossterm::event::{self, DisableBracketedPaste, DisableMouseCapture, Event};
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};
use ratatui::layout::Size;

use super::shared::Shared;

/// How long the reader waits for input before it looks whether to stop.
const READ_TICK: Duration = Duration::from_millis(50);

/// The real terminal, entered; restored when dropped.
pub(crate) struct Live {
    reader: Option<JoinHandle<()>>,
    stop: Arc<AtomicBool>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live").field("reading", &self.reader.is_some()).finish()
    }
}

impl Live {
    /// Enters the terminal and returns it with its size.
    pub(crate) fn enter() -> io::Result<(Self, Size)> {
        let no_terminal = |error: io::Error| {
            io::Error::new(
                error.kind(),
                format!(
                    "serving from the real terminal needs one, and standard input and output are not a terminal ({error}); set REHEARSE_AUTOMATION_HEADLESS=1 to serve off screen"
                ),
            )
        };
        let (cols, rows) = ratatui::crossterm::terminal::size().map_err(no_terminal)?;
        enable_raw_mode().map_err(no_terminal)?;
        let live = Self { reader: None, stop: Arc::new(AtomicBool::new(false)) };
        // From here on, dropping `live` restores whatever was entered.
        execute!(io::stdout(), EnterAlternateScreen, cursor::Hide)?;
        Ok((live, Size::new(cols.max(1), rows.max(1))))
    }

    /// Starts feeding what the terminal reads into the app's queue (a
    /// resize also changes the viewport the app's backend reports).
    pub(crate) fn listen(&mut self, shared: Arc<Shared>) -> io::Result<()> {
        let stop = Arc::clone(&self.stop);
        let reader = std::thread::Builder::new()
            .name("rehearse-adopted-input".into())
            .spawn(move || read_terminal(&shared, &stop))?;
        self.reader = Some(reader);
        Ok(())
    }
}

fn read_terminal(shared: &Shared, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        match event::poll(READ_TICK) {
            Ok(false) => {}
            Ok(true) => match event::read() {
                Ok(event) => shared.update(|state| {
                    if let Event::Resize(cols, rows) = event {
                        state.viewport = Size::new(cols.max(1), rows.max(1));
                    }
                    state.queue.push_back(event);
                }),
                Err(_) => return,
            },
            // The terminal went away: the app hears nothing more from it.
            Err(_) => return,
        }
    }
}

/// Restores the real terminal: whatever the app turned on is turned off,
/// the alternate screen left, raw mode ended. Also what a panic on a hosted
/// loop's thread does first, so its message shows on the restored screen.
pub(crate) fn leave() {
    let _ = execute!(
        io::stdout(),
        cursor::Show,
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen
    );
    let _ = disable_raw_mode();
}

impl Drop for Live {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
        leave();
    }
}
