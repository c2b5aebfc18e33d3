//! [`Served`]: what the server needs from whatever it serves, beyond the
//! [`Plane`] the shared [`Runner`](rehearse_core::Runner) drives.

use std::time::Duration;

use rehearse_core::{AutomationError, Plane};
use rehearse_protocol::{
    ErrorCode, WireError,
    message::{PtyStarted, PtyStopped},
    vocabulary::{Op, ServerRole},
};

/// A session the server can serve: a plane and the few things around it
/// that only its host knows (background work, the script checks, how it
/// ends). It lives on the thread that calls [`Server::serve`](crate::Server::serve)
/// and never crosses threads: that thread reads the requests itself.
pub trait Served {
    /// The plane steps run on.
    fn plane(&self) -> &dyn Plane;

    /// The plane steps run on, to drive.
    fn plane_mut(&mut self) -> &mut dyn Plane;

    /// What kind of server this is: an app serving its own session, or the
    /// host of a program in a PTY.
    fn role(&self) -> ServerRole;

    /// Processes work that arrived without a request (a timer fell due, a
    /// command reported, a program wrote) and commits a generation only
    /// when there was some: an idle session's generation never moves.
    ///
    /// # Errors
    ///
    /// What processing that work fails with.
    fn pump(&mut self) -> Result<(), AutomationError>;

    /// Brings the committed generation up to what the target shows now,
    /// before a `snapshot` or `state` answers: a client that saw a frame
    /// on the screen (a driver settled on its marker) gets that frame's
    /// tree. By default a [`pump`](Self::pump).
    ///
    /// # Errors
    ///
    /// What committing fails with.
    fn refresh(&mut self) -> Result<(), AutomationError> {
        self.pump()
    }

    /// A descriptor whose readability means [`pump`](Self::pump) has work
    /// (a terminal's input): the server's thread wakes on it at once
    /// instead of at [`next_wake`](Self::next_wake). By default none.
    fn input_fd(&self) -> Option<std::os::fd::BorrowedFd<'_>> {
        None
    }

    /// Called after each request ran and before its reply is sent: a
    /// session shown in a real terminal draws what the request committed
    /// here, so a person sees it no later than the client hears of it. By
    /// default nothing.
    ///
    /// # Errors
    ///
    /// What drawing fails with (the request's reply is sent regardless; the
    /// next [`pump`](Self::pump) meets the failure again).
    fn after_request(&mut self) -> Result<(), AutomationError> {
        Ok(())
    }

    /// How soon [`pump`](Self::pump) should run again when no request
    /// arrives (a timer's due time, a command still running).
    fn next_wake(&self) -> Option<Duration>;

    /// Whether work is still under way (input not yet answered, output
    /// still arriving): an `idle` request waits until this is false.
    fn busy(&self) -> bool;

    /// Whether the semantic formats (`json`, `markdown`) and `#id`
    /// selectors mean anything here: a program in a PTY publishes no
    /// semantic tree.
    fn semantic(&self) -> bool {
        true
    }

    /// The terminal-state golden of a program in a PTY, for the `terminal`
    /// snapshot format; `None` where there is no terminal.
    fn terminal_golden(&self) -> Option<String> {
        None
    }

    /// What tells this session's screen is settled, for an `idle` reply's
    /// `settledBy`: `"marker"` once a program announces its commits with the
    /// render-commit marker, `"quiet-window"` while only silence does; `None`
    /// where the session itself knows (an app).
    fn settled_by(&self) -> Option<&'static str> {
        None
    }

    /// The model-plane projection of the app's state, when it has one.
    fn model_state(&self) -> Option<serde_json::Value> {
        None
    }

    /// Why the session ended on its own (the app quit, the program
    /// exited); `None` while it runs. The server stops serving then.
    fn ended(&self) -> Option<String>;

    /// Closes the session: the app unmounts, the program is stopped.
    fn close(&mut self);

    /// Whether this session holds a program it can stop and start again
    /// while it stays (a host): the server then grants `pty-restart`. By
    /// default not.
    fn restartable(&self) -> bool {
        false
    }

    /// Why a request of type `op` cannot run now (a host whose program is
    /// stopped answers `program-stopped`); `None` when it can. Asked before
    /// each request runs. By default every request can.
    fn refusal(&self, op: Op) -> Option<WireError> {
        let _ = op;
        None
    }

    /// Stops the program (`pty-stop`) while the session stays.
    ///
    /// # Errors
    ///
    /// By default `unsupported-capability`: there is no program to stop.
    fn stop_program(&mut self) -> Result<PtyStopped, WireError> {
        Err(no_program(Op::PtyStop))
    }

    /// Starts the stopped program again (`pty-start`), waiting at most
    /// `timeout` for its first screen.
    ///
    /// # Errors
    ///
    /// By default `unsupported-capability`: there is no program to start.
    fn start_program(&mut self, timeout: Duration) -> Result<PtyStarted, WireError> {
        let _ = timeout;
        Err(no_program(Op::PtyStart))
    }
}

/// Why a session without a program refuses `op`.
fn no_program(op: Op) -> WireError {
    WireError::new(
        ErrorCode::UnsupportedCapability,
        format!(
            "`{op}` needs a program held in a PTY by `rehearse open`; this session has none (a rehearse app serving itself cannot be stopped and started by its own server)"
        ),
    )
}
