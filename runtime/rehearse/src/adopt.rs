//! A plain ratatui app, adopted without a rewrite: tags at the render site
//! publish its semantic tree, and [`Harness`] drives its own loop with the
//! same steps; see `docs/adopting.md`.
//!
//! Everything of `rehearse-adopt` is here, and three functions for a loop
//! that asks for its terminal itself — in `main`, or in `ratatui::run`'s
//! closure — with a line each where it called `ratatui`:
//!
//! | the app called | adopted |
//! |---|---|
//! | `ratatui::run(\|terminal\| …)` | [`run`]`(ids::DECLARED, \|terminal\| …)` |
//! | `let mut terminal = ratatui::init();` | `let mut terminal =` [`init`]`(ids::DECLARED)?;` |
//! | `ratatui::restore();` | [`restore`]`();` |
//! | `event::read()`, `event::poll(t)`, `Instant::now()` | `terminal.read()`, `terminal.poll(t)`, `terminal.now()` ([`EventSource`]) |
//! | `&mut DefaultTerminal` | `&mut` [`AdoptedTerminal`] |
//!
//! The terminal is crossterm's in production and the harness's under
//! [`Harness::start_main`] (a test) — and, when the automation variables
//! ask for it (`REHEARSE_CONTROL`, see [`crate::control::Automation`]),
//! served over the control protocol as
//! [`serve_adopted`](crate::control::serve_adopted) serves an app.

pub use rehearse_adopt::*;
use rehearse_core::AutomationIds;

/// `ratatui::init` for an adopted loop: the terminal the loop draws on and
/// reads its events from — the real terminal and crossterm's events, or a
/// harness's where one hosts this thread. With `REHEARSE_CONTROL` set (as
/// `rehearse open --exec` sets it), the loop is served over that socket
/// from here on, checked against `declared` (the ids `automation_ids!`
/// declares): in the real terminal, or off screen with
/// `REHEARSE_AUTOMATION_HEADLESS=1`, until the loop ends (then
/// [`restore`] stops serving) or a client closes the session (then the
/// process ends with status 0, its terminal restored).
///
/// ```no_run
/// use std::io;
/// use ratatui::crossterm::event::{Event, KeyCode};
/// use ratatui::widgets::Paragraph;
/// use rehearse::adopt::EventSource;
///
/// fn main() -> io::Result<()> {
///     let mut terminal = rehearse::adopt::init(rehearse::AutomationIds::UNDECLARED)?;
///     loop {
///         terminal.draw(|frame| frame.render_widget(Paragraph::new("q quits"), frame.area()))?;
///         if let Event::Key(key) = terminal.read()? && key.code == KeyCode::Char('q') {
///             break;
///         }
///     }
///     rehearse::adopt::restore();
///     Ok(())
/// }
/// ```
///
/// # Errors
///
/// What entering the terminal fails with; an automation variable with a
/// bad value, or the socket failing to bind.
pub fn init(declared: AutomationIds) -> std::io::Result<AdoptedTerminal> {
    #[cfg(unix)]
    if !is_hosted() {
        crate::control::serve_this_loop(declared)?;
    }
    #[cfg(not(unix))]
    let _ = declared;
    init_terminal()
}

/// `ratatui::restore` for an adopted loop: restores the real terminal, or
/// tells the harness hosting this thread that the loop ended (a served
/// loop stops being served: its server's thread is joined).
pub fn restore() {
    restore_terminal();
}

/// `ratatui::run` for an adopted loop: [`init`], the loop `f` with the
/// terminal, [`restore`] — returning what `f` returns.
///
/// ```no_run
/// use ratatui::crossterm::event::Event;
/// use ratatui::widgets::Paragraph;
/// use rehearse::adopt::EventSource;
///
/// fn main() -> std::io::Result<()> {
///     rehearse::adopt::run(rehearse::AutomationIds::UNDECLARED, |terminal| loop {
///         terminal.draw(|frame| frame.render_widget(Paragraph::new("any key quits"), frame.area()))?;
///         if let Event::Key(_) = terminal.read()? {
///             return Ok(());
///         }
///     })
/// }
/// ```
///
/// # Panics
///
/// When [`init`] fails, as `ratatui::run` panics when its terminal cannot
/// be set up, naming why.
pub fn run<F, R>(declared: AutomationIds, f: F) -> R
where
    F: FnOnce(&mut AdoptedTerminal) -> R,
{
    let mut terminal = init(declared).unwrap_or_else(|error| {
        panic!("rehearse::adopt::run could not set up the terminal: {error}")
    });
    let result = f(&mut terminal);
    restore();
    result
}
