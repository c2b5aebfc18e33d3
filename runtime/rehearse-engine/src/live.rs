//! The terminal runner: a real terminal, real crossterm input, the same
//! engine as every other host.

use std::io::{self, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event, KeyCode, KeyEventKind, KeyModifiers,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

use crate::SessionOptions;
use crate::component::Component;
use crate::engine::SessionEngine;
use rehearse_core::AutomationError;
use rehearse_core::ClockMode;
use rehearse_core::artifacts::visible_symbol;

/// How the terminal runner behaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TerminalOptions {
    /// Quit on Ctrl+C even if the app does not handle it (default `true`).
    pub ctrl_c_quits: bool,
    /// Capture the mouse (default `true`).
    pub mouse: bool,
    /// The longest time to wait for input before checking timers again.
    pub tick: Duration,
}

impl Default for TerminalOptions {
    fn default() -> Self {
        Self { ctrl_c_quits: true, mouse: true, tick: Duration::from_millis(100) }
    }
}

/// Runs `app` in the current terminal until it quits (`ctx.quit()`) or
/// Ctrl+C: raw mode, alternate screen, mouse capture and bracketed paste on
/// entry; all restored on exit, on error and on panic. Time is real.
///
/// The app is unmounted (exactly once) before this returns, however it ends.
///
/// # Errors
///
/// Terminal I/O failures and engine errors (duplicate ids, ...).
pub fn run<C: Component>(app: C, options: TerminalOptions) -> Result<(), AutomationError> {
    let mut screen = LiveScreen::enter(options)?;
    let (cols, rows) = screen.size()?;
    let session = SessionOptions::default().viewport(cols, rows).clock(ClockMode::Realtime);
    let mut engine = SessionEngine::start(app, session)?;
    // Whether input arrived since the last announced commit: every input is
    // answered by a marker, even when it changed nothing.
    let mut answered_input = false;
    loop {
        screen.present(&engine, answered_input)?;
        answered_input = false;
        if engine.quit_requested() {
            break;
        }
        let wait = engine.until_next_timer().map_or(options.tick, |due| due.min(options.tick));
        let taken = screen.take_input(&mut engine, wait)?;
        if taken.quit {
            engine.close();
            return Ok(());
        }
        if taken.events > 0 {
            answered_input = true;
        } else if engine.has_ready_work() {
            // A timer fell due or a command reported.
            engine.drain()?;
        } else {
            // Nothing happened: no render, no commit.
            continue;
        }
        engine.commit_now()?;
    }
    engine.close();
    drop(screen);
    Ok(())
}

/// The real terminal an app runs in, for a host that runs its own loop
/// (the control server serving an app a person watches): entered in
/// application mode and put back when dropped, on error and on panic; input
/// read into an engine; each committed generation drawn, announced with the
/// render-commit marker when the environment carries its key.
pub struct LiveScreen {
    guard: TerminalGuard,
    marker: CommitMarker,
    drawn: Option<rehearse_core::semantic::Generation>,
    ctrl_c_quits: bool,
}

/// What [`LiveScreen::take_input`] read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TakenInput {
    /// Events handed to the engine.
    pub events: usize,
    /// Ctrl+C was pressed and quits (see [`TerminalOptions::ctrl_c_quits`]).
    pub quit: bool,
}

impl std::fmt::Debug for LiveScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveScreen").field("drawn", &self.drawn).finish_non_exhaustive()
    }
}

impl LiveScreen {
    /// Puts the terminal into application mode.
    ///
    /// # Errors
    ///
    /// Terminal I/O failures.
    pub fn enter(options: TerminalOptions) -> Result<Self, AutomationError> {
        Ok(Self {
            guard: TerminalGuard::enter(options.mouse)?,
            marker: CommitMarker::from_env(),
            drawn: None,
            ctrl_c_quits: options.ctrl_c_quits,
        })
    }

    /// The terminal's size (columns, rows).
    ///
    /// # Errors
    ///
    /// Terminal I/O failures.
    pub fn size(&self) -> Result<(u16, u16), AutomationError> {
        let size = self.guard.terminal.size()?;
        Ok((size.width, size.height))
    }

    /// Waits at most `wait` for input, then hands the engine every event
    /// already waiting (it routes them; the caller commits once).
    ///
    /// # Errors
    ///
    /// Terminal I/O failures and what routing fails with.
    pub fn take_input<C: Component>(
        &mut self,
        engine: &mut SessionEngine<C>,
        wait: Duration,
    ) -> Result<TakenInput, AutomationError> {
        let mut taken = TakenInput::default();
        if !event::poll(wait)? {
            return Ok(taken);
        }
        loop {
            let event = event::read()?;
            if self.ctrl_c_quits && is_ctrl_c(&event) {
                taken.quit = true;
                return Ok(taken);
            }
            engine.handle_event(&event)?;
            taken.events += 1;
            if !event::poll(Duration::ZERO)? {
                return Ok(taken);
            }
        }
    }

    /// Draws the committed generation when it is not on the screen yet,
    /// and announces the commit (also when only input was answered).
    ///
    /// # Errors
    ///
    /// Terminal I/O failures.
    pub fn present<C: Component>(
        &mut self,
        engine: &SessionEngine<C>,
        answered_input: bool,
    ) -> Result<(), AutomationError> {
        let changed = self.drawn != Some(engine.generation());
        if changed {
            draw(&mut self.guard.terminal, engine)?;
            self.drawn = Some(engine.generation());
        }
        if changed || answered_input {
            self.marker.announce()?;
        }
        Ok(())
    }
}

/// The render-commit marker ([`rehearse_core::marker`]) a driver settles
/// on: written after each committed frame reaches the terminal, and after
/// every input even when it changed nothing, when the environment carries
/// `REHEARSE_TOKEN` and `REHEARSE_SESSION` (a terminal-plane driver sets
/// them). Without them it writes nothing.
///
/// The marker takes the base form (no input count): crossterm reads the
/// terminal itself, so the runner cannot count the bytes it consumed. A
/// driver therefore knows a marker came after its input was written, not
/// that the input caused it; an app with timers may announce a timer's
/// commit first.
struct CommitMarker {
    key: Option<rehearse_core::marker::MarkerKey>,
    revision: u64,
}

impl CommitMarker {
    fn from_env() -> Self {
        use rehearse_core::marker::{MarkerKey, SESSION_ENV, TOKEN_ENV};
        let key = match (std::env::var(TOKEN_ENV), std::env::var(SESSION_ENV)) {
            (Ok(token), Ok(session)) if !token.is_empty() => Some(MarkerKey::new(token, session)),
            _ => None,
        };
        Self { key, revision: 0 }
    }

    fn announce(&mut self) -> io::Result<()> {
        let Some(key) = &self.key else { return Ok(()) };
        self.revision += 1;
        let bytes = key
            .encode(self.revision, None)
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))?;
        let mut stdout = io::stdout();
        stdout.write_all(&bytes)?;
        stdout.flush()
    }
}

fn is_ctrl_c(event: &Event) -> bool {
    matches!(event, Event::Key(key) if key.kind == KeyEventKind::Press
        && key.code == KeyCode::Char('c')
        && key.modifiers.contains(KeyModifiers::CONTROL))
}

fn draw<C: Component>(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    engine: &SessionEngine<C>,
) -> io::Result<()> {
    let committed = engine.committed();
    terminal.draw(|frame| {
        let buffer = frame.buffer_mut();
        for (target, source) in buffer.content.iter_mut().zip(&committed.buffer.content) {
            *target = source.clone();
            // A control character an app put in a cell is shown, not obeyed.
            let symbol = visible_symbol(source.symbol());
            if symbol != source.symbol() {
                target.set_symbol(symbol);
            }
        }
        if let Some((col, row)) = committed.cursor {
            frame.set_cursor_position((col, row));
        }
    })?;
    Ok(())
}

/// Puts the terminal into application mode and guarantees it is put back.
struct TerminalGuard {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    mouse: bool,
}

impl TerminalGuard {
    fn enter(mouse: bool) -> io::Result<Self> {
        install_panic_hook(mouse);
        enable_raw_mode()?;
        let mut stdout = io::stdout();
        execute!(stdout, EnterAlternateScreen, EnableBracketedPaste)?;
        if mouse {
            execute!(stdout, EnableMouseCapture)?;
        }
        let terminal = Terminal::new(CrosstermBackend::new(stdout))?;
        Ok(Self { terminal, mouse })
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        TERMINAL_ACTIVE.store(false, Ordering::Release);
        restore(self.mouse);
        let _ = self.terminal.show_cursor();
    }
}

fn restore(mouse: bool) {
    let mut stdout = io::stdout();
    if mouse {
        let _ = execute!(stdout, DisableMouseCapture);
    }
    let _ = execute!(stdout, DisableBracketedPaste, LeaveAlternateScreen);
    let _ = disable_raw_mode();
    let _ = stdout.flush();
}

/// Whether a runner holds the terminal right now.
static TERMINAL_ACTIVE: AtomicBool = AtomicBool::new(false);

/// Restores the terminal before the default panic message prints, so a
/// panic in a component leaves a usable shell with a readable message. Only
/// a panic on the UI thread, while the runner holds the terminal, restores
/// it: a worker thread's panic leaves the app's screen alone, and after the
/// runner returns the hook does nothing but chain to the previous one.
fn install_panic_hook(mouse: bool) {
    TERMINAL_ACTIVE.store(true, Ordering::Release);
    let ui_thread = std::thread::current().id();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() == ui_thread && TERMINAL_ACTIVE.swap(false, Ordering::AcqRel)
        {
            restore(mouse);
        }
        previous(info);
    }));
}
