//! The terminal runner: a real terminal, real crossterm input, the same
//! engine as every other host.

use std::cell::Cell;
use std::io::{self, Stdout, Write};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use ratatui::backend::CrosstermBackend;
#[cfg(not(unix))]
use ratatui::crossterm::event;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
    KeyCode, KeyEventKind, KeyModifiers,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::layout::Rect;
use ratatui::{Terminal, Viewport};

use crate::SessionOptions;
use crate::component::Component;
use crate::engine::Engine;
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
    let mut engine = Engine::start(app, session)?;
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
        if taken.read {
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
    input: TerminalInput,
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
    /// Input was read (even bytes that made no event): the next commit
    /// answers it.
    pub read: bool,
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
            input: TerminalInput::new()?,
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
        engine: &mut Engine<C>,
        wait: Duration,
    ) -> Result<TakenInput, AutomationError> {
        let mut taken = TakenInput::default();
        if !self.input.wait(wait)? {
            return Ok(taken);
        }
        // Everything already waiting; the caller's one commit answers every
        // byte read, even bytes that made no event.
        taken.read = true;
        while let Some(event) = self.input.next() {
            if self.ctrl_c_quits && is_ctrl_c(&event) {
                taken.quit = true;
                return Ok(taken);
            }
            engine.handle_event(&event)?;
            taken.events += 1;
        }
        Ok(taken)
    }

    /// Draws the committed generation when it is not on the screen yet,
    /// and announces the commit (also when only input was answered).
    ///
    /// # Errors
    ///
    /// Terminal I/O failures.
    pub fn present<C: Component>(
        &mut self,
        engine: &Engine<C>,
        answered_input: bool,
    ) -> Result<(), AutomationError> {
        let changed = self.drawn != Some(engine.generation());
        if !(changed || answered_input) {
            return Ok(());
        }
        // The frame, the cursor and the marker leave in one write, so a
        // driver reads them together (one wake-up, not three).
        let holding = self.guard.hold();
        if changed {
            draw(&mut self.guard.terminal, engine)?;
            self.drawn = Some(engine.generation());
        }
        self.marker.announce(self.guard.terminal.backend_mut(), self.input.consumed())?;
        drop(holding);
        self.guard.terminal.backend_mut().flush()?;
        Ok(())
    }
}

/// The render-commit marker ([`rehearse_core::marker`]) a driver settles
/// on: written after each committed frame reaches the terminal, and after
/// every input even when it changed nothing, when the environment carries
/// `REHEARSE_TOKEN` and `REHEARSE_SESSION` (a terminal-plane driver sets
/// them). Without them it writes nothing.
///
/// On Unix the marker carries the input count (`;in=N`): the runner reads
/// the terminal itself ([`input`]) and counts the bytes it has turned into
/// events, so a driver knows which of its input a commit answered, and a
/// timer's commit between its write and the runner's read never settles its
/// wait early. Elsewhere crossterm reads the terminal and the marker takes
/// the base form: it only says a commit came after the input was written.
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

    /// Writes the next marker to `out` (not flushed), with the count of
    /// input bytes read when known.
    fn announce(&mut self, out: &mut impl Write, input: Option<u64>) -> io::Result<()> {
        let Some(key) = &self.key else { return Ok(()) };
        self.revision += 1;
        let bytes = key
            .encode(self.revision, input)
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))?;
        out.write_all(&bytes)
    }
}

/// Where the input comes from: read here on Unix, counted.
#[cfg(unix)]
mod input;

#[cfg(unix)]
struct TerminalInput(input::TerminalInput);

#[cfg(unix)]
impl TerminalInput {
    fn new() -> io::Result<Self> {
        input::TerminalInput::new().map(Self)
    }

    fn wait(&mut self, timeout: Duration) -> io::Result<bool> {
        self.0.wait(timeout)
    }

    fn next(&mut self) -> Option<Event> {
        self.0.next()
    }

    fn consumed(&self) -> Option<u64> {
        Some(self.0.consumed())
    }
}

/// Elsewhere crossterm reads the terminal; the bytes are not counted.
#[cfg(not(unix))]
struct TerminalInput(std::collections::VecDeque<Event>);

#[cfg(not(unix))]
impl TerminalInput {
    fn new() -> io::Result<Self> {
        Ok(Self(std::collections::VecDeque::new()))
    }

    fn wait(&mut self, timeout: Duration) -> io::Result<bool> {
        if !event::poll(timeout)? {
            return Ok(false);
        }
        loop {
            self.0.push_back(event::read()?);
            if !event::poll(Duration::ZERO)? {
                return Ok(true);
            }
        }
    }

    fn next(&mut self) -> Option<Event> {
        self.0.pop_front()
    }

    fn consumed(&self) -> Option<u64> {
        None
    }
}

fn is_ctrl_c(event: &Event) -> bool {
    matches!(event, Event::Key(key) if key.kind == KeyEventKind::Press
        && key.code == KeyCode::Char('c')
        && key.modifiers.contains(KeyModifiers::CONTROL))
}

/// Stdout, gathered: while a commit holds it, writes collect and flushes
/// wait, so that everything a commit writes leaves in one `write`; otherwise
/// a flush sends what was gathered at once.
struct CommitWriter {
    out: Stdout,
    gathered: Vec<u8>,
    held: Rc<Cell<bool>>,
}

impl Write for CommitWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.gathered.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.held.get() || self.gathered.is_empty() {
            return Ok(());
        }
        let mut out = self.out.lock();
        let sent = out.write_all(&self.gathered).and_then(|()| out.flush());
        self.gathered.clear();
        sent
    }
}

/// Holds the [`CommitWriter`] until dropped.
struct Holding(Rc<Cell<bool>>);

impl Drop for Holding {
    fn drop(&mut self) {
        self.0.set(false);
    }
}

type LiveTerminal = Terminal<CrosstermBackend<CommitWriter>>;

fn draw<C: Component>(terminal: &mut LiveTerminal, engine: &Engine<C>) -> io::Result<()> {
    let committed = engine.committed();
    // The viewport follows the engine's, which follows the resize events:
    // ratatui need not ask the terminal its size at every frame (a fixed
    // viewport), and a frame never mixes two sizes.
    if terminal.get_frame().area() != committed.buffer.area {
        terminal.resize(committed.buffer.area)?;
    }
    terminal.draw(|frame| {
        let buffer = frame.buffer_mut();
        for (target, source) in buffer.content.iter_mut().zip(&committed.buffer.content) {
            target.clone_from(source);
            // A control character an app put in a cell is shown, not obeyed.
            // `visible_symbol` hands back the very same text when it is fine,
            // so comparing addresses (not bytes) tells whether it changed.
            let symbol = source.symbol();
            let visible = visible_symbol(symbol);
            if !std::ptr::eq(visible, symbol) {
                target.set_symbol(visible);
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
    terminal: LiveTerminal,
    held: Rc<Cell<bool>>,
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
        let held = Rc::new(Cell::new(false));
        let writer = CommitWriter { out: stdout, gathered: Vec::new(), held: Rc::clone(&held) };
        let (cols, rows) = ratatui::crossterm::terminal::size()?;
        let viewport = Viewport::Fixed(Rect::new(0, 0, cols, rows));
        let terminal = Terminal::with_options(
            CrosstermBackend::new(writer),
            ratatui::TerminalOptions { viewport },
        )?;
        Ok(Self { terminal, held, mouse })
    }

    /// Gathers what the terminal writes until the guard is dropped; the
    /// next flush sends it in one write.
    fn hold(&self) -> Holding {
        self.held.set(true);
        Holding(Rc::clone(&self.held))
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        TERMINAL_ACTIVE.store(false, Ordering::Release);
        self.held.set(false);
        // Whatever is still gathered goes out before the terminal is restored.
        let _ = self.terminal.backend_mut().flush();
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
