//! What the CLI's integration tests share: the examples' binaries, built
//! once by the cargo running the tests, and a private runtime directory
//! per test that closes its sessions when dropped.

#![allow(dead_code)] // each test module uses its own part

pub mod mcp;
pub mod person;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// An example's binary, built by the cargo running the tests.
pub fn example(name: &str) -> PathBuf {
    let output = Command::new(env!("CARGO"))
        .args(["build", "-q", "-p", "rehearse-examples", "--bin", name, "--message-format=json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .find_map(|message| {
            let this = message["target"]["name"] == name;
            message["executable"].as_str().filter(|_| this).map(PathBuf::from)
        })
        .expect("cargo names the executable")
}

/// The todo example's binary, built once.
pub fn todo() -> &'static Path {
    static TODO: OnceLock<PathBuf> = OnceLock::new();
    TODO.get_or_init(|| example("todo"))
}

/// A private runtime directory; closes every session left in it when dropped.
pub struct Runtime {
    pub dir: tempfile::TempDir,
}

impl Runtime {
    pub fn new() -> Runtime {
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        Runtime { dir }
    }

    pub fn sessions(&self) -> PathBuf {
        self.dir.path().join("rehearse")
    }

    pub fn rehearse(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_rehearse"))
            .args(args)
            .env("XDG_RUNTIME_DIR", self.dir.path())
            .env_remove("SECRET_FOR_TEST")
            // Traces as the defaults and the verbs' flags say.
            .env_remove("REHEARSE_TRACE")
            .output()
            .unwrap()
    }

    pub fn ok(&self, args: &[&str]) -> String {
        let output = self.rehearse(args);
        assert!(
            output.status.success(),
            "rehearse {args:?}: {}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    }

    pub fn fails(&self, args: &[&str], code: i32) -> String {
        let output = self.rehearse(args);
        assert_eq!(
            output.status.code(),
            Some(code),
            "rehearse {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stderr).unwrap()
    }
}

impl Drop for Runtime {
    fn drop(&mut self) {
        let Ok(entries) = std::fs::read_dir(self.sessions()) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(id) = name.strip_suffix(".json").filter(|id| *id != "latest") {
                let _ = self.rehearse(&["close", "--session", id]);
            }
        }
    }
}

pub fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// Waits (at most `bound`) until process `pid` — not necessarily a child
/// of this one — has exited, on the kernel's word (a pidfd turns readable
/// when it exits). `true` when it has (or was already gone).
pub fn exited_within(pid: u32, bound: std::time::Duration) -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec};
    let Some(pid) = rustix::process::Pid::from_raw(pid as i32) else { return true };
    let Ok(fd) = rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()) else {
        return true; // no such process
    };
    let timeout = Timespec::try_from(bound).unwrap();
    let mut fds = [PollFd::new(&fd, PollFlags::IN)];
    loop {
        match rustix::event::poll(&mut fds, Some(&timeout)) {
            Ok(ready) => return ready > 0,
            Err(rustix::io::Errno::INTR) => continue,
            Err(error) => panic!("polling the pidfd of {pid:?}: {error}"),
        }
    }
}

/// The children of process `parent` whose command is `comm`.
pub fn children_named(parent: u32, comm: &str) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                return false;
            };
            let Some((head, rest)) = stat.rsplit_once(')') else { return false };
            let name = head.split_once('(').map(|(_, name)| name);
            let ppid = rest.split_whitespace().nth(1).and_then(|ppid| ppid.parse::<u32>().ok());
            name == Some(comm) && ppid == Some(parent)
        })
        .collect()
}

/// The pid of the host of the most recent session.
pub fn host_pid(runtime: &Runtime) -> u32 {
    let latest = std::fs::read_to_string(runtime.sessions().join("latest.json")).unwrap();
    let found: serde_json::Value = serde_json::from_str(&latest).unwrap();
    found["pid"].as_u64().unwrap() as u32
}
