//! Discovery files are read as untrusted input, through the real binary:
//! a forged `latest.json` (or any `*.json` the sweep reads) whose id is
//! `../escape` never has a path built from it, so nothing outside the
//! session directory is removed; a FIFO named `latest.json` (or `x.json`)
//! never hangs a verb or the sweep; a file larger than any discovery file
//! is refused without being read whole.

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use support::Runtime;

/// A pid that existed and is gone: a child already reaped.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

/// A discovery file's JSON naming session `id` with host `pid`.
fn forged(dir: &Path, id: &str, pid: u32) -> String {
    serde_json::json!({
        "id": id,
        "socket": dir.join("nothing.sock"),
        "pid": pid,
        "startedAt": 1,
        "protocol": "rehearse/1",
    })
    .to_string()
}

/// `rehearse ARGS`, which must end by itself: a verb that hangs (on a
/// FIFO, say) is killed after a minute and the test fails. The minute is a
/// guard against a hang, not a measure of speed.
fn finishes(runtime: &Runtime, args: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_rehearse"))
        .args(args)
        .env("XDG_RUNTIME_DIR", runtime.dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (done, output) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    match output.recv_timeout(Duration::from_secs(60)) {
        Ok(output) => output.unwrap(),
        Err(_) => {
            // Only the process this test started, by its id.
            let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
            panic!("rehearse {args:?} hung");
        }
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The session directory, made as `rehearse` makes it (mode 700).
fn sessions(runtime: &Runtime) -> std::path::PathBuf {
    let dir = runtime.sessions();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    dir
}

#[test]
fn a_forged_latest_file_never_removes_a_file_outside_the_session_directory() {
    let runtime = Runtime::new();
    let dir = sessions(&runtime);
    // `../escape.json` from the session directory: a file of the user's.
    let victim = runtime.dir.path().join("escape.json");
    std::fs::write(&victim, "keep me").unwrap();
    std::fs::write(dir.join("latest.json"), forged(&dir, "../escape", dead_pid())).unwrap();
    let output = finishes(&runtime, &["snapshot"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("is not a session id"), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
}

#[test]
fn opens_sweep_never_removes_a_file_outside_the_session_directory() {
    let runtime = Runtime::new();
    let dir = sessions(&runtime);
    let victim = runtime.dir.path().join("escape.json");
    std::fs::write(&victim, "keep me").unwrap();
    std::fs::write(dir.join("forged.json"), forged(&dir, "../escape", dead_pid())).unwrap();
    let output = finishes(&runtime, &["open", "--exec", "/bin/cat"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let closed = finishes(&runtime, &["close"]);
    assert!(closed.status.success(), "{}", stderr(&closed));
}

#[test]
fn a_fifo_named_like_a_discovery_file_never_hangs_a_verb_or_the_sweep() {
    let runtime = Runtime::new();
    let dir = sessions(&runtime);
    for fifo in ["latest.json", "stuck.json"] {
        rustix::fs::mkfifoat(rustix::fs::CWD, dir.join(fifo), rustix::fs::Mode::from(0o600))
            .unwrap();
    }
    let output = finishes(&runtime, &["snapshot"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("it is not a regular file"), "{}", stderr(&output));
    // `open` sweeps every `*.json` first, FIFOs among them.
    let output = finishes(&runtime, &["open", "--exec", "/bin/cat"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let id = String::from_utf8(output.stdout).unwrap().trim().to_owned();
    let closed = finishes(&runtime, &["close", "--session", &id]);
    assert!(closed.status.success(), "{}", stderr(&closed));
    // A link is not followed either: it is no regular file of its own.
    // (`open` replaced the FIFO `latest.json`, and `close` removed it.)
    assert!(!dir.join("latest.json").exists());
    assert!(std::fs::symlink_metadata(dir.join("stuck.json")).is_ok(), "the sweep left it");
    std::os::unix::fs::symlink(dir.join("stuck.json"), dir.join("latest.json")).unwrap();
    let output = finishes(&runtime, &["snapshot"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("is not a discovery file"), "{}", stderr(&output));
}

#[test]
fn a_discovery_file_is_read_with_a_bound() {
    let runtime = Runtime::new();
    let dir = sessions(&runtime);
    // 4 GiB that takes no disk: read whole, it would take 4 GiB of memory.
    let huge = std::fs::File::create(dir.join("latest.json")).unwrap();
    huge.set_len(4 << 30).unwrap();
    let output = finishes(&runtime, &["snapshot"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("more than 65536"), "{}", stderr(&output));
}
