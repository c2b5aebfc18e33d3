//! Running an app: in the current terminal, or — when the environment asks
//! for automation (`REHEARSE_CONTROL`, `REHEARSE_AUTOMATION_HEADLESS`) — off
//! screen as a control server (see [`crate::control`] and `docs/cli.md`).
//! The conversions between rehearse's keys and crossterm's events
//! ([`key_event`], [`key_press`]) are here too.

pub use rehearse_engine::input::{is_activation, key_event, key_press};
pub use rehearse_engine::live::{LiveScreen, TakenInput, TerminalOptions};

use crate::{AutomationError, Component};

/// Runs `app` until it quits.
///
/// Without automation variables in the environment this is the terminal
/// runner: raw mode, alternate screen, mouse capture and bracketed paste on
/// entry, all restored on exit, on error and on panic; time is real.
///
/// With `REHEARSE_CONTROL=/path/app.sock` the app also serves the control
/// protocol on that socket until a client closes it or the app quits, so an
/// agent drives what a person watches; with `REHEARSE_AUTOMATION_HEADLESS=1`
/// as well it runs off screen instead, at `REHEARSE_AUTOMATION_VIEWPORT`
/// (default 100x30). `checkpoint:` writes under
/// `REHEARSE_AUTOMATION_ARTIFACTS` when it is set.
///
/// # Errors
///
/// Terminal I/O failures and engine errors (duplicate ids, ...); an
/// automation variable with a bad value, naming it and what is valid; the
/// socket's failures.
pub fn run<C: Component>(app: C, options: TerminalOptions) -> Result<(), AutomationError> {
    #[cfg(unix)]
    if let Some(automation) = crate::control::Automation::from_env()? {
        return automation.serve(app, options).map(|_| ());
    }
    rehearse_engine::live::run(app, options)
}
