//! Discovery files: where a background host says it serves, so a verb
//! finds the most recent session (or the one `--session` names).
//! `$XDG_RUNTIME_DIR/rehearse/<id>.json` plus `latest.json` (a private
//! directory under the temporary directory when the variable is unset),
//! each mode 0600, written atomically; a dead session's files are removed.

use std::fs;
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::exit::Failure;

/// What a discovery file says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Discovery {
    /// The session's id.
    pub id: String,
    /// The host's socket.
    pub socket: PathBuf,
    /// The host's process id.
    pub pid: u32,
    /// When the host started, in milliseconds since the Unix epoch.
    pub started_at: u64,
    /// The protocol it speaks.
    pub protocol: String,
    /// The socket of the rehearse app the host runs, once it serves one
    /// (the host offers it `REHEARSE_CONTROL`): its semantic tree and model
    /// plane are reached there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app: Option<PathBuf>,
    /// Where the host writes the traces of failing requests (`open
    /// --trace DIR`); a reply names a trace relative to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traces: Option<PathBuf>,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// The directory of discovery files and sockets, made owner-only.
pub fn dir() -> Result<PathBuf, Failure> {
    let dir = match std::env::var_os("XDG_RUNTIME_DIR").filter(|value| !value.is_empty()) {
        Some(runtime) => PathBuf::from(runtime).join("rehearse"),
        None => {
            std::env::temp_dir().join(format!("rehearse-{}", rustix::process::geteuid().as_raw()))
        }
    };
    match fs::symlink_metadata(&dir) {
        Ok(meta) => {
            let uid = rustix::process::geteuid().as_raw();
            if !meta.is_dir() || meta.uid() != uid || meta.mode() & 0o077 != 0 {
                return Err(Failure::runtime(format!(
                    "the session directory {} must be a directory of this user's with mode 700 (it is mode {:o}, owner {})",
                    dir.display(),
                    meta.mode() & 0o777,
                    meta.uid()
                )));
            }
        }
        Err(_) => {
            fs::DirBuilder::new().recursive(true).mode(0o700).create(&dir).map_err(|error| {
                Failure::runtime(format!(
                    "creating the session directory {}: {error}",
                    dir.display()
                ))
            })?;
        }
    }
    Ok(dir)
}

/// The discovery file of session `id`; `None` for an id that is not one
/// (`../escape`), which could name a file outside `dir`.
fn file(dir: &Path, id: &str) -> Option<PathBuf> {
    valid_id(id).then(|| dir.join(format!("{id}.json")))
}

/// The largest discovery file read: one is a few hundred bytes.
const MAX_DISCOVERY_BYTES: u64 = 64 * 1024;

/// Writes `bytes` to `path` atomically, mode 0600.
fn write_private(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let temp = path.with_extension(format!("tmp-{}", std::process::id()));
    let failed =
        |error: std::io::Error| Failure::runtime(format!("writing {}: {error}", path.display()));
    let mut out = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&temp)
        .map_err(failed)?;
    out.write_all(bytes).and_then(|()| out.sync_all()).map_err(failed)?;
    fs::set_permissions(&temp, fs::Permissions::from_mode(0o600)).map_err(failed)?;
    fs::rename(&temp, path).map_err(failed)
}

impl Discovery {
    /// Its own file, `<id>.json` (its id was checked when it was made or read).
    fn own_file(&self, dir: &Path) -> Result<PathBuf, Failure> {
        file(dir, &self.id).ok_or_else(|| {
            Failure::runtime(format!("{:?} is not a session id (letters, digits and -)", self.id))
        })
    }

    /// Writes `<id>.json` and `latest.json`.
    pub fn publish(&self, dir: &Path) -> Result<(), Failure> {
        let json = serde_json::to_vec_pretty(self).expect("a discovery serializes");
        write_private(&self.own_file(dir)?, &json)?;
        write_private(&dir.join("latest.json"), &json)
    }

    /// Rewrites `<id>.json`, and `latest.json` when it still names this
    /// session (a newer session keeps its place).
    pub fn republish(&self, dir: &Path) -> Result<(), Failure> {
        let json = serde_json::to_vec_pretty(self).expect("a discovery serializes");
        write_private(&self.own_file(dir)?, &json)?;
        if read(&dir.join("latest.json")).is_ok_and(|latest| latest.id == self.id) {
            write_private(&dir.join("latest.json"), &json)?;
        }
        Ok(())
    }

    /// Removes `<id>.json`, and `latest.json` when it names this session.
    /// An id that is not one (a forged file's `../escape`) removes nothing.
    pub fn remove(&self, dir: &Path) {
        let Ok(own) = self.own_file(dir) else { return };
        let _ = fs::remove_file(own);
        if read(&dir.join("latest.json")).is_ok_and(|latest| latest.id == self.id) {
            let _ = fs::remove_file(dir.join("latest.json"));
        }
    }

    /// Removes the files of a session whose host is gone: the discovery
    /// files as [`Discovery::remove`] does, and the sockets it left (a
    /// host killed outright cannot remove them). The sockets are named from
    /// the id, never from the paths the file holds, so a file that names
    /// another path cannot have it removed.
    pub fn remove_dead(&self, dir: &Path) {
        self.remove(dir);
        if valid_id(&self.id) {
            for socket in [format!("{}.sock", self.id), format!("{}.app.sock", self.id)] {
                let _ = fs::remove_file(dir.join(socket));
            }
        }
    }

    /// Whether its host is still running (a zombie — exited, not yet
    /// reaped by whoever adopted it — is not).
    pub fn alive(&self) -> bool {
        let exists = rustix::process::Pid::from_raw(self.pid as i32)
            .is_some_and(|pid| rustix::process::test_kill_process(pid).is_ok());
        exists
            && std::fs::read_to_string(format!("/proc/{}/stat", self.pid)).map_or(true, |stat| {
                // The state follows the command's closing parenthesis.
                stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().next())
                    != Some("Z")
            })
    }
}

/// Why a discovery file could not be read.
#[derive(Debug)]
enum Unread {
    /// There is none.
    Missing,
    /// Something is there, and it is no discovery file (the reason says why).
    Invalid(String),
}

/// Reads a discovery file: opened without blocking and without following
/// a link (a FIFO named `latest.json` would otherwise hang every verb),
/// accepted only when it is a regular file, read up to
/// [`MAX_DISCOVERY_BYTES`], and its id checked, since paths are built from
/// it.
fn read(path: &Path) -> Result<Discovery, Unread> {
    use std::io::Read;
    let invalid =
        |why: String| Unread::Invalid(format!("{} is not a discovery file: {why}", path.display()));
    let flags = rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOFOLLOW;
    let opened = fs::OpenOptions::new().read(true).custom_flags(flags.bits() as i32).open(path);
    let file = match opened {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Err(Unread::Missing),
        Err(error) => return Err(invalid(error.to_string())),
    };
    let meta = file.metadata().map_err(|error| invalid(error.to_string()))?;
    if !meta.file_type().is_file() {
        return Err(invalid("it is not a regular file".into()));
    }
    if meta.len() > MAX_DISCOVERY_BYTES {
        return Err(invalid(format!(
            "it is {} bytes, more than {MAX_DISCOVERY_BYTES}",
            meta.len()
        )));
    }
    let mut bytes = Vec::new();
    file.take(MAX_DISCOVERY_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| invalid(error.to_string()))?;
    if bytes.len() as u64 > MAX_DISCOVERY_BYTES {
        return Err(invalid(format!("it is more than {MAX_DISCOVERY_BYTES} bytes")));
    }
    let discovery: Discovery =
        serde_json::from_slice(&bytes).map_err(|error| invalid(error.to_string()))?;
    if !valid_id(&discovery.id) {
        return Err(invalid(format!(
            "its id {:?} is not a session id (letters, digits and -)",
            discovery.id
        )));
    }
    Ok(discovery)
}

/// The session `id` names, or the most recent one. A session whose host is
/// gone has its files removed and is reported as gone.
pub fn find(id: Option<&str>) -> Result<Discovery, Failure> {
    let dir = dir()?;
    let path = match id {
        Some(id) => file(&dir, id).ok_or_else(|| {
            Failure::script(format!("--session {id:?} is not a session id (letters, digits and -)"))
        })?,
        None => dir.join("latest.json"),
    };
    let discovery = read(&path).map_err(|unread| match (unread, id) {
        (Unread::Invalid(why), _) => {
            Failure::runtime(format!("{why}; remove it, or start a session with `rehearse open`"))
        }
        (Unread::Missing, Some(id)) => Failure::runtime(format!(
            "no session {id} in {}; start one with `rehearse open`",
            dir.display()
        )),
        (Unread::Missing, None) => Failure::runtime(format!(
            "no session in {}; start one with `rehearse open`",
            dir.display()
        )),
    })?;
    if !discovery.alive() {
        discovery.remove_dead(&dir);
        return Err(Failure::runtime(format!(
            "session {} is gone (its host, pid {}, is not running); its discovery files are removed",
            discovery.id, discovery.pid
        )));
    }
    Ok(discovery)
}

/// Removes the files of session `id` (after a `close`).
pub fn forget(id: &str) {
    let Ok(dir) = dir() else { return };
    if let Some(path) = file(&dir, id)
        && let Ok(found) = read(&path)
    {
        found.remove(&dir);
    }
}

/// Whether `id` may name a session: letters, digits and `-` (what `open`
/// makes: milliseconds, `-`, a pid), so it names a file in the directory.
fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Removes the files of every session in `dir` whose host is gone (its
/// discovery files and sockets), so sessions whose hosts were killed do
/// not pile up until a verb names each of them. One directory listing and
/// a signal-0 probe per session: `open` runs it before it starts a host.
/// Files that are not discovery files are left alone.
pub fn sweep(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        // Regular files only (a FIFO is never opened); `read` checks again.
        if path.extension().is_some_and(|ext| ext == "json")
            && entry.file_type().is_ok_and(|kind| kind.is_file())
            && let Ok(found) = read(&path)
            && !found.alive()
        {
            found.remove_dead(dir);
        }
    }
}

/// The session the host just started announced, accepted only when it is
/// that host's (same pid) and started at or after the spawn.
pub fn accept(id: &str, pid: u32, spawned_at: u64) -> Result<Discovery, Failure> {
    accept_in(&dir()?, id, pid, spawned_at)
}

/// [`accept`] in `dir`.
fn accept_in(dir: &Path, id: &str, pid: u32, spawned_at: u64) -> Result<Discovery, Failure> {
    let path =
        file(dir, id).ok_or_else(|| Failure::runtime(format!("{id:?} is not a session id")))?;
    let discovery = read(&path).map_err(|unread| match unread {
        Unread::Missing => Failure::runtime(format!("no discovery file {}", path.display())),
        Unread::Invalid(why) => Failure::runtime(why),
    })?;
    if discovery.pid != pid || discovery.started_at < spawned_at {
        return Err(Failure::runtime(format!(
            "the discovery file of session {id} is stale (pid {}, started at {}; expected pid {pid}, started at or after {spawned_at})",
            discovery.pid, discovery.started_at
        )));
    }
    Ok(discovery)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session in `dir` whose host has the pid `pid`.
    fn session(dir: &Path, id: &str, pid: u32, started_at: u64) -> Discovery {
        Discovery {
            id: id.into(),
            socket: dir.join(format!("{id}.sock")),
            pid,
            started_at,
            protocol: "rehearse/1".into(),
            app: None,
            traces: None,
        }
    }

    /// A pid that existed and is gone: a child already reaped.
    fn dead_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    }

    #[test]
    fn open_accepts_only_its_own_hosts_file_started_at_or_after_the_spawn() {
        let dir = tempfile::tempdir().unwrap();
        let pid = std::process::id();
        let announced = session(dir.path(), "7-1", pid, 1_000);
        announced.publish(dir.path()).unwrap();
        // Started at the spawn's millisecond, or later: this host's.
        assert_eq!(accept_in(dir.path(), "7-1", pid, 1_000).unwrap(), announced);
        assert_eq!(accept_in(dir.path(), "7-1", pid, 999).unwrap(), announced);
        // Written before the spawn: a file left from an earlier host.
        let stale = accept_in(dir.path(), "7-1", pid, 1_001).unwrap_err();
        assert!(
            stale.message.contains("is stale")
                && stale.message.contains("started at 1000")
                && stale.message.contains("at or after 1001"),
            "{}",
            stale.message
        );
        // Another process's file, however recent.
        let other = accept_in(dir.path(), "7-1", pid + 1, 1_000).unwrap_err();
        assert!(other.message.contains(&format!("expected pid {}", pid + 1)), "{}", other.message);
        // No file at all.
        assert!(accept_in(dir.path(), "8-1", pid, 0).is_err());
    }

    #[test]
    fn a_sweep_removes_dead_sessions_files_and_sockets_only() {
        let dir = tempfile::tempdir().unwrap();
        let touch = |name: &str| fs::write(dir.path().join(name), b"").unwrap();
        let live = session(dir.path(), "1-1", std::process::id(), 1);
        live.publish(dir.path()).unwrap();
        touch("1-1.sock");
        let dead = session(dir.path(), "2-2", dead_pid(), 2);
        dead.publish(dir.path()).unwrap(); // also latest.json
        touch("2-2.sock");
        touch("2-2.app.sock");
        // A file naming another socket: only the id's own sockets go.
        let forged = Discovery {
            socket: dir.path().join("keep.sock"),
            ..session(dir.path(), "3-3", dead_pid(), 3)
        };
        fs::write(dir.path().join("3-3.json"), serde_json::to_vec(&forged).unwrap()).unwrap();
        touch("keep.sock");
        touch("notes.json"); // not a discovery file
        sweep(dir.path());
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["1-1.json", "1-1.sock", "keep.sock", "notes.json"]);
    }

    #[test]
    fn files_are_private_and_atomic_and_latest_follows() {
        let dir = tempfile::tempdir().unwrap();
        let one = Discovery {
            id: "a-1".into(),
            socket: dir.path().join("a-1.sock"),
            pid: std::process::id(),
            started_at: 5,
            protocol: "rehearse/1".into(),
            app: None,
            traces: None,
        };
        one.publish(dir.path()).unwrap();
        for name in ["a-1.json", "latest.json"] {
            assert_eq!(fs::metadata(dir.path().join(name)).unwrap().mode() & 0o777, 0o600);
        }
        assert_eq!(read(&dir.path().join("latest.json")).unwrap(), one);
        let two = Discovery { id: "b-2".into(), ..one.clone() };
        two.publish(dir.path()).unwrap();
        one.remove(dir.path());
        assert!(dir.path().join("latest.json").exists(), "latest names another session");
        two.remove(dir.path());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "no temporary file left");
    }
}
