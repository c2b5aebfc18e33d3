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

fn file(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.json"))
}

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
    /// Writes `<id>.json` and `latest.json`.
    pub fn publish(&self, dir: &Path) -> Result<(), Failure> {
        let json = serde_json::to_vec_pretty(self).expect("a discovery serializes");
        write_private(&file(dir, &self.id), &json)?;
        write_private(&dir.join("latest.json"), &json)
    }

    /// Rewrites `<id>.json`, and `latest.json` when it still names this
    /// session (a newer session keeps its place).
    pub fn republish(&self, dir: &Path) -> Result<(), Failure> {
        let json = serde_json::to_vec_pretty(self).expect("a discovery serializes");
        write_private(&file(dir, &self.id), &json)?;
        if read(&dir.join("latest.json")).is_ok_and(|latest| latest.id == self.id) {
            write_private(&dir.join("latest.json"), &json)?;
        }
        Ok(())
    }

    /// Removes `<id>.json`, and `latest.json` when it names this session.
    pub fn remove(&self, dir: &Path) {
        let _ = fs::remove_file(file(dir, &self.id));
        if read(&dir.join("latest.json")).is_ok_and(|latest| latest.id == self.id) {
            let _ = fs::remove_file(dir.join("latest.json"));
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

fn read(path: &Path) -> Result<Discovery, String> {
    let text = fs::read_to_string(path).map_err(|error| error.to_string())?;
    serde_json::from_str(&text)
        .map_err(|error| format!("{} is not a discovery file: {error}", path.display()))
}

/// The session `id` names, or the most recent one. A session whose host is
/// gone has its files removed and is reported as gone.
pub fn find(id: Option<&str>) -> Result<Discovery, Failure> {
    let dir = dir()?;
    let path = match id {
        Some(id) => {
            if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') || id.is_empty() {
                return Err(Failure::script(format!(
                    "--session {id:?} is not a session id (letters, digits and -)"
                )));
            }
            file(&dir, id)
        }
        None => dir.join("latest.json"),
    };
    let discovery = read(&path).map_err(|_| match id {
        Some(id) => Failure::runtime(format!(
            "no session {id} in {}; start one with `rehearse open`",
            dir.display()
        )),
        None => Failure::runtime(format!(
            "no session in {}; start one with `rehearse open`",
            dir.display()
        )),
    })?;
    if !discovery.alive() {
        discovery.remove(&dir);
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
    if let Ok(found) = read(&file(&dir, id)) {
        found.remove(&dir);
    }
}

/// The session the host just started announced, accepted only when it is
/// that host's (same pid) and started at or after the spawn.
pub fn accept(id: &str, pid: u32, spawned_at: u64) -> Result<Discovery, Failure> {
    let dir = dir()?;
    let discovery = read(&file(&dir, id)).map_err(Failure::runtime)?;
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
