//! The recorded program in a PTY of its own: its output handed to a sink as
//! it comes (on a reader thread), its exit noticed (on a waiter thread),
//! both waking the recorder's loop; input written as one write; resized
//! with the person's terminal; and at the end hung up like a closed
//! terminal, then killed with its whole session if it does not go.

use std::ffi::OsString;
use std::io::{Read as _, Write as _};
use std::os::unix::net::UnixStream;
use std::os::unix::process::ExitStatusExt as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::process::{Pid, Signal};
use rustix::termios::LocalModes;

/// How long a hung-up program has to end before it is killed.
const HANGUP_GRACE: Duration = Duration::from_millis(1500);

/// How long the program's last output may take once it has ended (a
/// leftover background job may keep the PTY open for ever).
const DRAIN: Duration = Duration::from_millis(500);

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended {
    /// Its exit code, when it exited.
    pub code: Option<i32>,
    /// The signal that killed it, when one did.
    pub signal: Option<i32>,
}

/// The program, running.
pub struct Program {
    pty: Arc<pty_process::blocking::Pty>,
    pid: u32,
    ended: Arc<Mutex<Option<(Ended, Instant)>>>,
    stop: Arc<AtomicBool>,
    reader: Option<JoinHandle<()>>,
    reader_done: Receiver<()>,
    exited: Receiver<()>,
    waiter: Option<JoinHandle<()>>,
}

/// What to start.
pub struct Start<'a> {
    /// The program and its arguments.
    pub command: &'a [String],
    /// Its terminal's size, `(cols, rows)`.
    pub size: (u16, u16),
    /// Variables to set.
    pub env: Vec<(OsString, OsString)>,
    /// Variables to take out of the inherited environment.
    pub env_remove: &'a [&'a str],
}

impl Program {
    /// Starts the program; `sink` gets each chunk of its output (on the
    /// reader thread), and `wake` a byte whenever the output ends or the
    /// program exits.
    pub fn spawn(
        start: &Start<'_>,
        mut sink: impl FnMut(&[u8]) + Send + 'static,
        wake: &UnixStream,
    ) -> std::io::Result<Self> {
        let (program, args) =
            start.command.split_first().ok_or_else(|| std::io::Error::other("no program"))?;
        let (pty, pts) = pty_process::blocking::open().map_err(io_error)?;
        pty.resize(pty_process::Size::new(start.size.1, start.size.0)).map_err(io_error)?;
        let mut command = pty_process::blocking::Command::new(program).args(args);
        for name in start.env_remove {
            command = command.env_remove(name);
        }
        command = command.envs(start.env.iter().map(|(key, value)| (key, value)));
        let mut child = command.spawn(pts).map_err(io_error)?;
        let pid = child.id();
        let pty = Arc::new(pty);
        let ended = Arc::new(Mutex::new(None));
        let stop = Arc::new(AtomicBool::new(false));
        let (done, reader_done) = channel();
        let (exit, exited) = channel();
        let reader = {
            let (pty, stop, wake) = (Arc::clone(&pty), Arc::clone(&stop), wake.try_clone()?);
            std::thread::Builder::new().name("rehearse-record-reader".into()).spawn(move || {
                read_until_end(&pty, &stop, &mut sink);
                let _ = done.send(());
                let _ = (&wake).write_all(b"r");
            })?
        };
        let waiter = {
            let (ended, wake) = (Arc::clone(&ended), wake.try_clone()?);
            std::thread::Builder::new().name("rehearse-record-waiter".into()).spawn(move || {
                let status = child.wait();
                let how = match status {
                    Ok(status) => Ended { code: status.code(), signal: status.signal() },
                    Err(_) => Ended { code: None, signal: None },
                };
                *ended.lock().unwrap_or_else(std::sync::PoisonError::into_inner) =
                    Some((how, Instant::now()));
                let _ = exit.send(());
                let _ = (&wake).write_all(b"w");
            })?
        };
        Ok(Self {
            pty,
            pid,
            ended,
            stop,
            reader: Some(reader),
            reader_done,
            exited,
            waiter: Some(waiter),
        })
    }

    /// How the program ended and when, once it has.
    pub fn exit(&self) -> Option<(Ended, Instant)> {
        *self.ended.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How the program ended, once it has.
    pub fn ended(&self) -> Option<Ended> {
        self.exit().map(|(ended, _)| ended)
    }

    /// Writes input to the program, as one write.
    pub fn write(&self, bytes: &[u8]) -> std::io::Result<()> {
        if bytes.is_empty() || self.ended().is_some() {
            return Ok(());
        }
        (&*self.pty).write_all(bytes)?;
        (&*self.pty).flush()
    }

    /// Resizes the program's terminal (it gets SIGWINCH).
    pub fn resize(&self, cols: u16, rows: u16) -> std::io::Result<()> {
        self.pty.resize(pty_process::Size::new(rows, cols)).map_err(io_error)
    }

    /// Whether the program reads a line with echo off, as a password prompt
    /// does: canonical input (so not a full-screen program or a line editor,
    /// which echo themselves) without echo.
    pub fn reads_without_echo(&self) -> bool {
        rustix::termios::tcgetattr(&*self.pty).is_ok_and(|modes| {
            modes.local_modes.contains(LocalModes::ICANON)
                && !modes.local_modes.contains(LocalModes::ECHO)
        })
    }

    /// Waits (bounded) for the program's last output once it has ended, so
    /// what it printed last is on the screen.
    pub fn drain(&self) {
        if self.ended().is_some() {
            let _ = self.reader_done.recv_timeout(DRAIN);
        }
    }

    /// Ends the program: a hang-up first (as when a terminal closes), then
    /// SIGKILL to every process of its session; reaps it, and stops the
    /// reader. How it ended.
    pub fn finish(mut self) -> Option<Ended> {
        if self.ended().is_none() {
            signal_session(self.pid, Signal::HUP);
            let _ = self.exited.recv_timeout(HANGUP_GRACE);
        }
        // What it left behind (a job that ignores the hang-up) goes too.
        signal_session(self.pid, Signal::KILL);
        if let Some(waiter) = self.waiter.take() {
            let _ = waiter.join();
        }
        self.stop.store(true, Ordering::Release);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
        self.ended()
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        if self.waiter.is_some() {
            signal_session(self.pid, Signal::KILL);
            if let Some(waiter) = self.waiter.take() {
                let _ = waiter.join();
            }
            self.stop.store(true, Ordering::Release);
            if let Some(reader) = self.reader.take() {
                let _ = reader.join();
            }
        }
    }
}

fn io_error(error: pty_process::Error) -> std::io::Error {
    match error {
        pty_process::Error::Io(error) => error,
        other => std::io::Error::other(other.to_string()),
    }
}

/// Reads the PTY until its end (every holder of the other side closed it)
/// or `stop`.
fn read_until_end(
    pty: &pty_process::blocking::Pty,
    stop: &AtomicBool,
    sink: &mut impl FnMut(&[u8]),
) {
    let mut buffer = vec![0u8; 64 * 1024];
    let timeout = Timespec { tv_sec: 0, tv_nsec: 50_000_000 };
    while !stop.load(Ordering::Acquire) {
        let mut fds = [PollFd::new(pty, PollFlags::IN)];
        match rustix::event::poll(&mut fds, Some(&timeout)) {
            Ok(0) | Err(rustix::io::Errno::INTR) => continue,
            Ok(_) => {}
            Err(_) => return,
        }
        match (&*pty).read(&mut buffer) {
            Ok(0) => return,
            Ok(read) => sink(&buffer[..read]),
            Err(error)
                if matches!(
                    error.kind(),
                    std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock
                ) => {}
            // EIO: every process holding the other side has closed it.
            Err(_) => return,
        }
    }
}

/// Sends `signal` to the program's process group and to every process of
/// its session (a shell's jobs have groups of their own).
fn signal_session(pid: u32, signal: Signal) {
    let Ok(sid) = i32::try_from(pid) else { return };
    let Some(leader) = Pid::from_raw(sid) else { return };
    let _ = rustix::process::kill_process_group(leader, signal);
    let Ok(entries) = std::fs::read_dir("/proc") else { return };
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // The session id is the sixth field after the command's `)`.
        let session = stat
            .rfind(')')
            .and_then(|end| stat[end + 1..].split_whitespace().nth(3))
            .and_then(|field| field.parse::<i32>().ok());
        if session == Some(sid)
            && let Some(member) = Pid::from_raw(pid)
        {
            let _ = rustix::process::kill_process(member, signal);
        }
    }
}
