//! The watchdog of a host's program: a process of its own (`rehearse
//! __watchdog`, in its own process group) that reads what the host tells
//! it on a pipe. When the pipe ends without the host saying it is done —
//! the host was killed outright (SIGKILL) and could not stop its program —
//! the watchdog kills the program's whole session, so the program never
//! outlives its host. It needs nothing but the end of the pipe, which the
//! kernel brings about however the host ends.
//!
//! On Linux the whole session is found and killed (`/proc`); elsewhere the
//! watchdog finds nothing to kill, and what holds is what a terminal does:
//! the program gets SIGHUP when the host's end of the PTY closes, and one
//! that ignores it outlives the host.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

use crate::exit::Failure;

/// The host's side: the watchdog process and the pipe to it.
pub struct Watchdog {
    child: Child,
    told: ChildStdin,
}

impl Watchdog {
    /// Starts the watchdog.
    ///
    /// # Errors
    ///
    /// The process could not start.
    pub fn start() -> Result<Watchdog, Failure> {
        let failed = |error: std::io::Error| {
            Failure::runtime(format!("the host could not start its watchdog: {error}"))
        };
        let exe = std::env::current_exe().map_err(failed)?;
        let mut command = Command::new(exe);
        command.arg("__watchdog").stdin(Stdio::piped()).stdout(Stdio::null()).stderr(Stdio::null());
        // A signal to the host's process group does not reach it.
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(failed)?;
        let told = child.stdin.take().expect("stdin is piped");
        Ok(Watchdog { child, told })
    }

    /// The program now runs as the session (and process group) `pid`.
    pub fn watch(&mut self, pid: u32) {
        let _ = writeln!(self.told, "watch {pid}");
    }

    /// The host stopped its program itself (`pty-stop`).
    pub fn forget(&mut self) {
        let _ = writeln!(self.told, "forget");
    }

    /// The host stopped its program and is exiting: the watchdog exits
    /// without killing anything, and is reaped.
    pub fn finish(mut self) {
        let _ = writeln!(self.told, "done");
        drop(self.told);
        let _ = self.child.wait();
    }
}

/// `rehearse __watchdog`: reads the host's lines until `done` (exit) or the
/// end of the pipe (the host is gone: kill the session it last watched).
pub fn run() -> Result<(), Failure> {
    let mut watched: Option<u32> = None;
    for line in BufReader::new(std::io::stdin()).lines() {
        let Ok(line) = line else { break };
        match line.split_once(' ') {
            Some(("watch", pid)) => watched = pid.trim().parse().ok(),
            _ if line == "forget" => watched = None,
            _ if line == "done" => return Ok(()),
            _ => {}
        }
    }
    if let Some(sid) = watched {
        rehearse_pty::kill_session(sid);
    }
    Ok(())
}
