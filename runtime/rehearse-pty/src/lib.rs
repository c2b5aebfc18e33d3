//! # rehearse-pty
//!
//! The terminal plane: any program in a real PTY, read through a headless
//! terminal emulator, driven with the same steps as the engine plane.
//!
//! [`Terminal`] runs steps — `scenario!` values, scripts, `Vec`s of
//! [`AutomationStep`](rehearse_lang::AutomationStep) — against a program
//! through the one executor every plane shares, with the same `RunReport`
//! and `StepError` as the engine plane (see `docs/terminal.md`).
//!
//! [`PtySession`] starts a program in its own session and process group with
//! `TERM=xterm-256color`, feeds its output to an [`emulator::Emulator`] on a
//! reader thread that also answers terminal queries (CPR, DA1/DA2, OSC
//! 10/11/12, DECRQM) with the state at that byte of the stream, and settles
//! on the render-commit marker, else the end of a synchronized-output frame,
//! else a stability window adapted to the program; waits judge each new
//! output ([`settle`]). Dropping a session kills and reaps every process of
//! it.
//!
//! ```no_run
//! use std::time::Duration;
//!
//! use rehearse_pty::{PtySession, PtySessionOptions, ScreenCondition, ScrollbackCondition, TextMatch};
//!
//! # fn main() -> Result<(), rehearse_pty::PtyError> {
//! let session = PtySession::spawn(
//!     PtySessionOptions::new("bash").args(["--norc", "--noprofile"]).size(80, 24),
//! )?;
//! let timeout = Duration::from_secs(5);
//! session.wait_screen(&ScreenCondition::contains("$"), timeout)?;
//! session.type_text("seq 1 100\r")?;
//! let outcome = session.wait_scrollback(
//!     &ScrollbackCondition::Text(TextMatch::Contains("42".into())),
//!     timeout,
//! )?;
//! println!("settled on: {}", outcome.settle);
//! println!("{}", session.terminal_golden());
//! session.type_text("exit 0\r")?;
//! session.wait_exit_code(0, timeout)?;
//! # Ok(())
//! # }
//! ```

pub mod artifacts;
pub mod emulator;
pub mod encode;
pub mod error;
pub mod pipeline;
mod plane;
mod process;
pub mod session;
pub mod settle;
pub mod signals;
pub mod wait;

pub use error::{ExitInfo, PtyError};
pub use plane::{PtyPlane, Terminal};
pub use session::{PtySession, PtySessionOptions};
pub use settle::{Settle, SettlePolicy};
pub use wait::{LineCount, ScreenCondition, ScrollbackCondition, TextMatch, WaitOutcome};

/// Kills every process of the session `sid` with SIGKILL — a program's
/// session, which [`PtySession::pid`] names, whose owner is gone — and
/// waits (at most 5 s) until none is left. For a watchdog that outlives the
/// process holding the [`PtySession`], which would otherwise do this when
/// dropped. It finds the session's processes in `/proc` (Linux); elsewhere
/// it kills nothing.
pub fn kill_session(sid: u32) {
    if let Ok(sid) = i32::try_from(sid) {
        process::kill_session(sid);
        process::await_session_gone(sid);
    }
}
