//! The program in a real PTY: spawn, the reader thread, and the cleanup that
//! leaves no process behind.
//!
//! `pty-process` makes the child a session leader (`setsid`) with the PTY as
//! its controlling terminal, so the child is also the leader of its own
//! process group (pgid = sid = pid). `Command::process_group(0)` is not used:
//! it would make the child a group leader before `setsid` runs, and `setsid`
//! fails with `EPERM` for a group leader.
//!
//! A shell with job control puts each job in a process group of its own,
//! inside the same session, so cleanup kills by session: every process whose
//! session id is the child's gets SIGKILL (and its group too), repeated until
//! none is left, then the child is reaped and the session is awaited until no
//! process of it (zombies included) remains. Only a process that left the
//! session (`setsid` again, as a daemon does) escapes this.

use std::io::Read as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::process::{Pid, Signal};

/// How long cleanup waits for the killed session to be gone (zombies reaped
/// by their new parent) before giving up.
const REAP_DEADLINE: Duration = Duration::from_secs(5);

/// How often the reader thread looks at its stop flag while the PTY is quiet.
const READER_POLL: Duration = Duration::from_millis(50);

/// What to run.
#[derive(Debug, Clone)]
pub(crate) struct Spawn {
    pub(crate) program: std::ffi::OsString,
    pub(crate) args: Vec<std::ffi::OsString>,
    pub(crate) env: Vec<(std::ffi::OsString, std::ffi::OsString)>,
    pub(crate) cwd: Option<PathBuf>,
    pub(crate) rows: u16,
    pub(crate) cols: u16,
}

/// Opens a PTY of the given size and starts the program on it with
/// `TERM=xterm-256color` (unless the options set `TERM`). The size is set on
/// the PTY before the child starts; `COLUMNS`/`LINES` are not set, as a real
/// terminal does not set them (they would go stale after a resize).
pub(crate) fn spawn(
    spec: &Spawn,
) -> std::io::Result<(pty_process::blocking::Pty, std::process::Child)> {
    let (pty, pts) = pty_process::blocking::open().map_err(to_io)?;
    pty.resize(pty_process::Size::new(spec.rows, spec.cols)).map_err(to_io)?;
    let mut command = pty_process::blocking::Command::new(&spec.program)
        .args(&spec.args)
        .env("TERM", "xterm-256color")
        .envs(spec.env.iter().map(|(k, v)| (k, v)));
    if let Some(cwd) = &spec.cwd {
        command = command.current_dir(cwd);
    }
    let child = command.spawn(pts).map_err(to_io)?;
    Ok((pty, child))
}

fn to_io(error: pty_process::Error) -> std::io::Error {
    match error {
        pty_process::Error::Io(error) => error,
        other => std::io::Error::other(other.to_string()),
    }
}

/// Whether every byte the program wrote has been read and fed: the reader
/// raises `reading` before each read, and its sink lowers it (under the
/// session's lock) once the chunk is on the screen. Exact where a silence
/// after the program's exit was only likely.
#[derive(Clone)]
pub(crate) struct OutputProbe {
    pty: Arc<pty_process::blocking::Pty>,
    reading: Arc<AtomicBool>,
}

impl OutputProbe {
    pub(crate) fn new(pty: &Arc<pty_process::blocking::Pty>) -> Self {
        Self { pty: Arc::clone(pty), reading: Arc::default() }
    }

    /// A chunk was fed (or no read took place): called by the sink under
    /// the session's lock.
    pub(crate) fn fed(&self) {
        self.reading.store(false, Ordering::SeqCst);
    }

    /// Nothing waits in the PTY and no chunk is between its read and the
    /// screen; asked under the session's lock, never blocks. The PTY is
    /// looked at first: a read that emptied it raised `reading` before.
    pub(crate) fn all_read(&self) -> bool {
        let mut fds = [PollFd::new(&*self.pty, PollFlags::IN)];
        let zero = Timespec { tv_sec: 0, tv_nsec: 0 };
        // Readable, or hung up with an end the reader has yet to read.
        let empty = matches!(rustix::event::poll(&mut fds, Some(&zero)), Ok(0));
        empty && !self.reading.load(Ordering::SeqCst)
    }
}

/// The reader thread: reads the PTY until EOF/EIO or the stop flag, handing
/// each chunk to `sink` with whether more output was already waiting to be
/// read (`None` once at the end). It raises `probe`'s flag before each
/// read; the sink lowers it once the chunk is fed.
pub(crate) fn spawn_reader<F>(
    pty: Arc<pty_process::blocking::Pty>,
    probe: OutputProbe,
    stop: Arc<AtomicBool>,
    mut sink: F,
) -> std::io::Result<JoinHandle<()>>
where
    F: FnMut(Option<&[u8]>, bool) + Send + 'static,
{
    std::thread::Builder::new().name("rehearse-pty-reader".into()).spawn(move || {
        let mut buf = vec![0u8; 64 * 1024];
        let timeout = Timespec { tv_sec: 0, tv_nsec: i64::from(READER_POLL.subsec_nanos()) };
        loop {
            if stop.load(Ordering::Acquire) {
                break;
            }
            let mut fds = [PollFd::new(&*pty, PollFlags::IN)];
            match rustix::event::poll(&mut fds, Some(&timeout)) {
                Ok(0) => continue,
                Ok(_) => {}
                Err(rustix::io::Errno::INTR) => continue,
                Err(_) => break,
            }
            probe.reading.store(true, Ordering::SeqCst);
            match (&*pty).read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    // A look without waiting: is the burst still arriving?
                    let mut fds = [PollFd::new(&*pty, PollFlags::IN)];
                    let zero = Timespec { tv_sec: 0, tv_nsec: 0 };
                    let more = matches!(rustix::event::poll(&mut fds, Some(&zero)), Ok(n) if n > 0)
                        && fds[0].revents().contains(PollFlags::IN);
                    sink(Some(&buf[..n]), more);
                }
                Err(error)
                    if matches!(
                        error.kind(),
                        std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock
                    ) =>
                {
                    probe.fed();
                    continue;
                }
                // EIO: every process holding the other side has closed it.
                Err(_) => break,
            }
        }
        sink(None, false);
    })
}

/// One process as `/proc/PID/stat` shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ProcInfo {
    pub(crate) pid: i32,
    pub(crate) state: char,
    pub(crate) pgid: i32,
    pub(crate) sid: i32,
}

/// Parses one `/proc/PID/stat` line (the command may hold spaces and
/// parentheses, so fields are counted after the last `)`).
pub(crate) fn parse_stat(stat: &str) -> Option<ProcInfo> {
    let pid = stat.split_whitespace().next()?.parse().ok()?;
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let _ppid = fields.next()?;
    let pgid = fields.next()?.parse().ok()?;
    let sid = fields.next()?.parse().ok()?;
    Some(ProcInfo { pid, state, pgid, sid })
}

/// Every process whose session is `sid`, zombies included.
pub(crate) fn session_members(sid: i32) -> Vec<ProcInfo> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|entry| {
            entry.file_name().to_str().is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        })
        .filter_map(|entry| std::fs::read_to_string(entry.path().join("stat")).ok())
        .filter_map(|stat| parse_stat(&stat))
        .filter(|info| info.sid == sid)
        .collect()
}

/// Kills every process of the child's session and its groups, reaps the
/// child, and waits (bounded) until no process of the session is left.
pub(crate) fn kill_and_reap(child: &mut std::process::Child) {
    let Ok(sid) = i32::try_from(child.id()) else { return };
    kill_session(sid);
    let _ = child.wait();
    await_session_gone(sid);
}

/// Waits (bounded by [`REAP_DEADLINE`]) until no process of the session is
/// left, zombies included: the orphans of a killed session are reaped by
/// their new parent (init or a subreaper), which takes a moment.
pub(crate) fn await_session_gone(sid: i32) {
    let deadline = Instant::now() + REAP_DEADLINE;
    while Instant::now() < deadline {
        if session_members(sid).is_empty() {
            return;
        }
        // Anything alive (a process forked while we killed) is killed again;
        // zombies wait for their new parent.
        kill_alive(sid);
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// How long the session leader gets to reap its own killed children before
/// it is killed too (after that their new parent reaps them, which can be
/// slow: init in a container may reap only now and then).
const CHILDREN_REAP: Duration = Duration::from_millis(300);

/// Kills the session: first every process but the leader (so the leader,
/// still alive, reaps them at once), then the leader and every group.
pub(crate) fn kill_session(sid: i32) {
    let alive_others = || -> Vec<ProcInfo> {
        session_members(sid)
            .into_iter()
            .filter(|info| info.pid != sid && info.state != 'Z')
            .collect()
    };
    let deadline = Instant::now() + CHILDREN_REAP;
    let mut others = alive_others();
    while !others.is_empty() && Instant::now() < deadline {
        for info in &others {
            if let Some(pid) = Pid::from_raw(info.pid) {
                let _ = rustix::process::kill_process(pid, Signal::KILL);
            }
        }
        std::thread::sleep(Duration::from_millis(1));
        // Gone when reaped; a zombie waits for the leader to reap it.
        others = session_members(sid).into_iter().filter(|info| info.pid != sid).collect();
    }
    // Only while something of the session is left: once the leader is reaped
    // and nothing else holds its id, the kernel may give that id to an
    // unrelated process group, which must not be signalled.
    if !session_members(sid).is_empty()
        && let Some(leader) = Pid::from_raw(sid)
    {
        let _ = rustix::process::kill_process_group(leader, Signal::KILL);
    }
    for _ in 0..8 {
        let alive: Vec<ProcInfo> =
            session_members(sid).into_iter().filter(|info| info.state != 'Z').collect();
        if alive.is_empty() {
            return;
        }
        for info in alive {
            if let Some(group) = Pid::from_raw(info.pgid) {
                let _ = rustix::process::kill_process_group(group, Signal::KILL);
            }
            if let Some(pid) = Pid::from_raw(info.pid) {
                let _ = rustix::process::kill_process(pid, Signal::KILL);
            }
        }
    }
}

/// SIGKILL to every live process of the session (no waiting).
fn kill_alive(sid: i32) {
    for info in session_members(sid).into_iter().filter(|info| info.state != 'Z') {
        if let Some(pid) = Pid::from_raw(info.pid) {
            let _ = rustix::process::kill_process(pid, Signal::KILL);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_stat_with_awkward_command_names() {
        let info = parse_stat("1234 (we ird) (name) S 1 1234 1230 34816 1234 4194560 0 0").unwrap();
        assert_eq!(info, ProcInfo { pid: 1234, state: 'S', pgid: 1234, sid: 1230 });
    }
}
