//! Running an external command to its end, bounded: its own process group
//! (killed as a whole, so nothing it started is left behind), a timeout, a
//! cap on the standard output kept, the end of its standard error kept.
//!
//! One thread: a `pidfd` for the exit and the two pipes go into one `poll`,
//! so a command that fills a pipe never blocks against us, and the timeout
//! needs no timer thread. Where no `pidfd` can be opened (a kernel before
//! 5.3, a seccomp filter), the poll wakes every [`EXIT_POLL`] to ask
//! `waitid` (without reaping) whether the command has exited.

use std::io::Read as _;
use std::os::unix::process::CommandExt as _;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::process::{Pid, PidfdFlags, Signal};

/// How often the exit is checked where there is no `pidfd`.
const EXIT_POLL: Duration = Duration::from_millis(10);

/// How much of the standard error is kept (its end) for a failure report.
pub(crate) const STDERR_KEPT: usize = 8 * 1024;

/// A command that ran to its end.
#[derive(Debug)]
pub(crate) struct Finished {
    pub(crate) status: ExitStatus,
    /// The standard output, when captured.
    pub(crate) stdout: Vec<u8>,
    /// The end of the standard error (lossy UTF-8).
    pub(crate) stderr: String,
}

/// Why a command did not run to its end.
#[derive(Debug)]
pub(crate) enum Failure {
    /// It could not start.
    Spawn(std::io::Error),
    /// It ran past the timeout (killed, with its group).
    Timeout { stderr: String },
    /// Its standard output passed the limit (killed, with its group).
    StdoutTooLarge,
    /// Watching it failed (killed, with its group).
    Io(std::io::Error),
}

/// Kills the child's process group and reaps the child, on every path
/// that has not reaped it yet.
struct Reaper {
    child: Child,
    reaped: bool,
}

impl Reaper {
    /// SIGKILL to the group. Safe from pid reuse while the child is not
    /// reaped: a zombie still holds its process group id.
    fn kill_group(&self) {
        let pid = Pid::from_child(&self.child);
        let _ = rustix::process::kill_process_group(pid, Signal::KILL);
    }

    fn reap(&mut self) -> std::io::Result<ExitStatus> {
        self.kill_group();
        let status = self.child.wait();
        self.reaped = true;
        status
    }
}

impl Drop for Reaper {
    fn drop(&mut self) {
        if !self.reaped {
            let _ = self.reap();
        }
    }
}

/// Runs `command` (stdin from `/dev/null`, in a process group of its own)
/// until it exits, `timeout` passes, or its captured standard output passes
/// `stdout_limit`. What it left running in its group is killed when it
/// exits.
pub(crate) fn run(
    command: &mut Command,
    capture_stdout: bool,
    timeout: Duration,
    stdout_limit: u64,
) -> Result<Finished, Failure> {
    run_watched(command, capture_stdout, timeout, stdout_limit, true)
}

/// [`run`], with the `pidfd` optional (tests take the fallback).
fn run_watched(
    command: &mut Command,
    capture_stdout: bool,
    timeout: Duration,
    stdout_limit: u64,
    use_pidfd: bool,
) -> Result<Finished, Failure> {
    command
        .stdin(Stdio::null())
        .stdout(if capture_stdout { Stdio::piped() } else { Stdio::null() })
        .stderr(Stdio::piped())
        .process_group(0);
    let child = command.spawn().map_err(Failure::Spawn)?;
    let mut reaper = Reaper { child, reaped: false };
    let pid = Pid::from_child(&reaper.child);
    let pidfd =
        if use_pidfd { rustix::process::pidfd_open(pid, PidfdFlags::empty()).ok() } else { None };
    let mut stdout_pipe = reaper.child.stdout.take();
    let mut stderr_pipe = reaper.child.stderr.take();
    let mut stdout = Vec::new();
    let mut stderr = Tail::default();
    let mut exited = false;
    let deadline = Instant::now() + timeout;
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            if exited {
                // Something it started keeps writing: stop reading.
                break;
            }
            drop(reaper);
            return Err(Failure::Timeout { stderr: stderr.text() });
        }
        // Once it has exited, only what is already in the pipes is read: a
        // process it started may hold them open (it is killed below).
        let wait = match (exited, &pidfd) {
            (true, _) => Duration::ZERO,
            (false, Some(_)) => remaining,
            (false, None) => remaining.min(EXIT_POLL),
        };
        let (out_ready, err_ready, exit_ready) = {
            let mut fds = Vec::with_capacity(3);
            // A pidfd stays readable once the process has exited: left in,
            // it would wake every poll after that.
            if let (false, Some(pidfd)) = (exited, &pidfd) {
                fds.push(PollFd::new(pidfd, PollFlags::IN));
            }
            if let Some(pipe) = &stdout_pipe {
                fds.push(PollFd::new(pipe, PollFlags::IN));
            }
            if let Some(pipe) = &stderr_pipe {
                fds.push(PollFd::new(pipe, PollFlags::IN));
            }
            let timespec = Timespec {
                tv_sec: i64::try_from(wait.as_secs()).unwrap_or(i64::MAX),
                tv_nsec: i64::from(wait.subsec_nanos()),
            };
            match rustix::event::poll(&mut fds, Some(&timespec)) {
                Ok(0) if exited => break,
                Ok(_) => {}
                Err(rustix::io::Errno::INTR) => continue,
                Err(error) => return Err(Failure::Io(error.into())),
            }
            let ready = |fd: &PollFd<'_>| !fd.revents().is_empty();
            let mut each = fds.iter();
            let exit_ready = !exited && pidfd.is_some() && each.next().is_some_and(ready);
            let out_ready = stdout_pipe.is_some() && each.next().is_some_and(ready);
            let err_ready = stderr_pipe.is_some() && each.next().is_some_and(ready);
            (out_ready, err_ready, exit_ready)
        };
        if out_ready && let Some(pipe) = &mut stdout_pipe {
            match pipe.read(&mut buf) {
                Ok(0) => stdout_pipe = None,
                Ok(n) => {
                    stdout.extend_from_slice(&buf[..n]);
                    if stdout.len() as u64 > stdout_limit {
                        return Err(Failure::StdoutTooLarge);
                    }
                }
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => return Err(Failure::Io(error)),
            }
        }
        if err_ready && let Some(pipe) = &mut stderr_pipe {
            match pipe.read(&mut buf) {
                Ok(0) => stderr_pipe = None,
                Ok(n) => stderr.push(&buf[..n]),
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => return Err(Failure::Io(error)),
            }
        }
        exited |= exit_ready || (pidfd.is_none() && has_exited(pid));
        if exited && stdout_pipe.is_none() && stderr_pipe.is_none() {
            break;
        }
    }
    let status = reaper.reap().map_err(Failure::Io)?;
    Ok(Finished { status, stdout, stderr: stderr.text() })
}

/// Whether the child `pid` has exited, leaving it to be reaped.
fn has_exited(pid: Pid) -> bool {
    use rustix::process::{WaitId, WaitIdOptions};
    let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
    // An error (no such child) means nothing is left to wait for.
    rustix::process::waitid(WaitId::Pid(pid), options).map_or(true, |status| status.is_some())
}

/// The end of a stream: its last [`STDERR_KEPT`] bytes (kept to twice that
/// between trims) and how many there were in all.
#[derive(Debug, Default)]
struct Tail {
    kept: Vec<u8>,
    total: u64,
}

impl Tail {
    fn push(&mut self, bytes: &[u8]) {
        self.total += bytes.len() as u64;
        self.kept.extend_from_slice(bytes);
        // Keep the end only: that is where a failure says why.
        if self.kept.len() > 2 * STDERR_KEPT {
            self.kept.drain(..self.kept.len() - STDERR_KEPT);
        }
    }

    /// The last [`STDERR_KEPT`] bytes as text, marked when cut.
    fn text(&self) -> String {
        let shown = &self.kept[self.kept.len().saturating_sub(STDERR_KEPT)..];
        let cut = self.total - shown.len() as u64;
        let text = String::from_utf8_lossy(shown);
        if cut == 0 {
            text.into_owned()
        } else {
            format!("[… its first {cut} bytes cut]\n{text}")
        }
    }
}

/// An exit status in words: "exited with code 2", "was killed by signal 9".
pub(crate) fn describe(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt as _;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with code {code}"),
        (None, Some(signal)) => format!("was killed by signal {signal}"),
        (None, None) => "ended".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_output_and_the_end_of_stderr() {
        let mut command = Command::new("bash");
        command.args([
            "-c",
            "printf out; head -c 20000 /dev/zero | tr '\\0' e >&2; echo LAST >&2; exit 3",
        ]);
        let finished = run(&mut command, true, Duration::from_secs(30), 10).unwrap();
        assert_eq!(describe(finished.status), "exited with code 3");
        assert_eq!(finished.stdout, b"out");
        assert!(
            finished.stderr.starts_with("[… its first 11813 bytes cut]\n"),
            "{}",
            &finished.stderr[..40]
        );
        assert!(finished.stderr.ends_with("eeeLAST\n"));
    }

    #[test]
    fn a_background_job_holding_the_pipes_does_not_hold_the_command() {
        for use_pidfd in [true, false] {
            let mut command = Command::new("bash");
            command.args(["-c", "sleep 1000 & echo done; exit 4"]);
            let finished =
                run_watched(&mut command, true, Duration::from_secs(60), 100, use_pidfd).unwrap();
            assert_eq!(describe(finished.status), "exited with code 4", "pidfd: {use_pidfd}");
            assert_eq!(finished.stdout, b"done\n");
        }
    }

    #[test]
    fn without_a_pidfd_the_timeout_still_holds() {
        let mut command = Command::new("sleep");
        command.arg("1000");
        let failure = run_watched(&mut command, true, Duration::from_millis(50), 100, false);
        assert!(matches!(failure, Err(Failure::Timeout { .. })), "{failure:?}");
    }

    #[test]
    fn stdout_past_the_limit_stops_the_command() {
        let mut command = Command::new("cat");
        command.arg("/dev/zero");
        assert!(matches!(
            run(&mut command, true, Duration::from_secs(30), 1 << 20),
            Err(Failure::StdoutTooLarge)
        ));
    }

    #[test]
    fn a_command_that_cannot_start_says_so() {
        let mut command = Command::new("/nonexistent/rehearse-no-such-tool");
        assert!(
            matches!(run(&mut command, true, Duration::from_secs(30), 10), Err(Failure::Spawn(error)) if error.kind() == std::io::ErrorKind::NotFound)
        );
    }
}
