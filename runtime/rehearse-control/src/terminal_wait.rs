//! A `wait-for` request on a program's screen, scrollback, process or
//! cursor (`contains=Ready,screen`, `exited,process`, `at=7x0,cursor`: on a
//! plane without a terminal, the frame's cursor), which the language has
//! beside the conditions on the tree: the plane waits on its terminal, on
//! the session's thread, as a `wait-for:` step of `act` would — in slices,
//! so a `cancel` or the request's deadline ends it within one slice.

use std::time::{Duration, Instant};

use rehearse_core::{AutomationError, no_terminal, wait_cursor};
use rehearse_lang::TerminalCondition;
use rehearse_protocol::{ErrorCode, WireError};

use crate::error::code_of;
use crate::job::{Halt, Job};
use crate::served::Served;

/// The longest the session's thread waits on the terminal before it looks
/// at the request's cancellation and deadline again. The condition itself
/// is seen the moment it holds (the terminal's own wait wakes on output).
const SLICE: Duration = Duration::from_millis(50);

/// How a terminal wait ended.
pub(crate) enum Ended {
    /// The condition held.
    Held,
    /// It did not hold in time, or cannot hold.
    Failed(WireError),
    /// The request was cancelled, ran out of deadline, or its client left.
    Halted(Halt),
}

/// Waits until `condition` holds on `served`'s terminal, for at most
/// `timeout` and never past `job`'s deadline.
pub(crate) fn wait<S: Served + ?Sized>(
    served: &mut S,
    job: &Job,
    condition: &TerminalCondition,
    timeout: Duration,
) -> Ended {
    let until = Instant::now() + timeout;
    loop {
        if let Some(halt) = job.halt(Instant::now()) {
            return Ended::Halted(halt);
        }
        let slice = until.saturating_duration_since(Instant::now()).min(SLICE);
        let plane = served.plane_mut();
        let kind = plane.kind();
        let waited = match plane.terminal() {
            Some(terminal) => terminal.wait_terminal(condition, slice),
            // Without a terminal the cursor is the frame's; when nothing
            // pending can move it, the wait fails now, as a step's does.
            None => {
                let can_change = plane.pending().can_change;
                match wait_cursor(plane, condition, slice) {
                    Ok(true) => Ok(()),
                    Ok(false) => Err(no_terminal(kind, &format!("wait-for:{condition}"))),
                    Err(AutomationError::ScreenTimeout { condition, screen, .. })
                        if !can_change =>
                    {
                        let error = AutomationError::ScreenTimeout { condition, timeout, screen };
                        let code = ErrorCode::WaitTimeout;
                        return Ended::Failed(WireError::new(code, error.to_string()));
                    }
                    Err(error) => Err(error),
                }
            }
        };
        match waited {
            Ok(()) => return Ended::Held,
            Err(error) if error.is_wait_timeout() && Instant::now() < until => {}
            Err(AutomationError::ScreenTimeout { condition, screen, .. }) => {
                // The whole wait timed out, not its last slice.
                let error = AutomationError::ScreenTimeout { condition, timeout, screen };
                return Ended::Failed(WireError::new(ErrorCode::WaitTimeout, error.to_string()));
            }
            // A plane without a terminal (an app's own socket) cannot wait
            // on one: the request is wrong for it, as an `#id` is for a
            // program.
            Err(error @ AutomationError::NotAvailable { .. }) => {
                return Ended::Failed(WireError::new(ErrorCode::InvalidScript, error.to_string()));
            }
            Err(error) => return Ended::Failed(WireError::new(code_of(&error), error.to_string())),
        }
    }
}
