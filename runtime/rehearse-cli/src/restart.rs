//! The rebuild loop on the host's side: `pty-stop` kills and reaps the
//! program while the session, its socket and its discovery file stay;
//! `pty-start` starts the same command line again at the session's size.

use std::time::{Duration, Instant};

use rehearse_control::Served;
use rehearse_core::Plane;
use rehearse_protocol::{
    ErrorCode, WireError,
    message::{Extra, PtyStarted, PtyStopped},
};

use crate::host::{Held, HostedProgram};
use crate::last_screen::last_lines;
use crate::stopped::StoppedPlane;

/// How long the program must be silent for its start to count as settled.
const START_QUIET: Duration = Duration::from_millis(120);

/// How often a restarted app's socket is tried until it answers.
const APP_POLL: Duration = Duration::from_millis(10);

impl HostedProgram {
    /// Waits (at most `timeout`) for the program's start to go quiet. A
    /// rehearse app binds the offered socket before its first frame and
    /// announces that frame with a marker: a program that sent one serves
    /// its socket already. A program that served it before it was stopped
    /// (`app`) is waited for until it serves it again, however slowly it
    /// starts. (Any other app is found by the pump once its socket answers.)
    pub(crate) fn await_first_screen(&mut self, timeout: Duration, app: bool) {
        let until = Instant::now() + timeout;
        let Some(terminal) = self.terminal() else { return };
        let _ = terminal.pty().wait_idle(START_QUIET, timeout);
        if terminal.pty().last_marker_revision().is_some() {
            self.adopt_app_socket();
        }
        // Nothing announces a socket that starts to answer: it is tried.
        while app
            && self.discovery.app.is_none()
            && Instant::now() < until
            && self.terminal().is_some_and(|terminal| terminal.pty().exit_status().is_none())
        {
            std::thread::sleep(APP_POLL);
            self.adopt_app_socket();
        }
    }

    /// `pty-stop`: the program's whole process group is killed and reaped;
    /// its last screen stays, committed as a new generation. Stopping a
    /// stopped program changes nothing.
    pub(crate) fn stop(&mut self) -> PtyStopped {
        let Held::Running(terminal) = &self.held else {
            let generation = self.plane().committed().generation.0;
            return PtyStopped { generation, was_running: false, extra: Extra::new() };
        };
        let stopped = StoppedPlane::new(
            terminal.frame(),
            terminal.pty().terminal_golden(),
            terminal.pty().size(),
            self.discovery.app.is_some(),
        );
        let generation = stopped.committed().generation.0;
        if let Held::Running(terminal) =
            std::mem::replace(&mut self.held, Held::Stopped(Box::new(stopped)))
        {
            // Kills the program's whole session and reaps it.
            let _ = terminal.close();
        }
        if let Some(watchdog) = &mut self.watchdog {
            watchdog.forget();
        }
        self.forget_app();
        PtyStopped { generation, was_running: true, extra: Extra::new() }
    }

    /// The app the program served is gone with it: its socket file (a
    /// killed app cannot remove it) and the discovery file's `app`.
    fn forget_app(&mut self) {
        let _ = std::fs::remove_file(&self.program.offered);
        if self.discovery.app.take().is_some() {
            let _ = self.discovery.republish(&self.dir);
        }
    }

    /// `pty-start`: the same command line at the size the session had when
    /// it stopped, its generations numbered on from the stop's. A program
    /// that ends as it starts (a failed build, a crash) leaves the session
    /// stopped, not ended, so the loop can go round again.
    pub(crate) fn start(&mut self, timeout: Duration) -> Result<PtyStarted, WireError> {
        let stopped = match &self.held {
            Held::Stopped(stopped) => stopped,
            Held::Running(terminal) => {
                return Err(WireError::new(
                    ErrorCode::ProgramRunning,
                    format!(
                        "the program is running (pid {}); `rehearse pty-stop` stops it first",
                        terminal.pty().pid()
                    ),
                ));
            }
        };
        let (size, app) = (stopped.size, stopped.app);
        let after = stopped.committed().generation;
        self.forget_app();
        let terminal = self
            .program
            .spawn(size, Some(after))
            .map_err(|failure| WireError::new(ErrorCode::Internal, failure.message))?;
        let pid = terminal.pty().pid();
        if let Some(watchdog) = &mut self.watchdog {
            watchdog.watch(pid);
        }
        self.held = Held::Running(Box::new(terminal));
        self.await_first_screen(timeout, app);
        let Held::Running(terminal) = &mut self.held else {
            unreachable!("the program was just started")
        };
        let generation = match terminal.plane_mut().commit() {
            Ok(generation) => generation.0,
            Err(_) => terminal.generation().0,
        };
        if let Some(status) = terminal.pty().exit_status() {
            let screen = last_lines(&terminal.pty().screen_text(), usize::from(size.0));
            let stopped =
                StoppedPlane::new(terminal.frame(), terminal.pty().terminal_golden(), size, app);
            if let Held::Running(terminal) =
                std::mem::replace(&mut self.held, Held::Stopped(Box::new(stopped)))
            {
                let _ = terminal.close();
            }
            if let Some(watchdog) = &mut self.watchdog {
                watchdog.forget();
            }
            self.forget_app();
            return Err(WireError::new(
                ErrorCode::ProgramStopped,
                format!(
                    "`{}` ended as it started ({status}); the session stays, the program stopped, and `rehearse pty-start` tries again. Its screen ended with: {screen}",
                    self.program.exec
                ),
            ));
        }
        Ok(PtyStarted { generation, cols: size.0, rows: size.1, pid, extra: Extra::new() })
    }
}
