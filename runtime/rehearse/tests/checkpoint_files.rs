//! Checkpoint files and their directory (issue 16, defect 9): temporary
//! files of writers killed mid-write are cleaned when a sink opens the
//! directory; names Windows reserves, or that collide ignoring case, are
//! refused; a directory that cannot be created is named; a writer killed
//! with SIGKILL mid-checkpoint, 200 times, never leaves a torn file.
//!
//! A binary of its own, not a module of `tests/main.rs`: its writer is this
//! binary run again, and a kill lands mid-write often enough only when no
//! other test shares the process.

use std::path::{Path, PathBuf};

use rehearse::artifacts::{Artifacts, Format};
use rehearse::prelude::*;

#[path = "support/plain.rs"]
mod plain;
use plain::Plain;

fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("rehearse-housekeeping-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn session_writing_to(dir: &Path) -> Session<Plain> {
    let mut session = Session::new(Plain, SessionOptions::default().viewport(10, 2));
    session.add_checkpoint_sink(Artifacts::new(dir).formats([Format::Text]));
    session
}

#[test]
fn a_sink_opening_a_directory_removes_temporary_files_of_dead_writers() {
    let dir = scratch("stale");
    std::fs::create_dir_all(&dir).unwrap();
    // What `kill -9` mid-write leaves: a process id no process has (Linux
    // ids stop at 2^22), and one of a live process (this one) that stays.
    let dead = dir.join(".start.txt.4194999.0.tmp");
    let live = dir.join(format!(".other.txt.{}.99.tmp", std::process::id()));
    std::fs::write(&dead, b"half a fi").unwrap();
    std::fs::write(&live, b"in flight").unwrap();
    let mut session = session_writing_to(&dir);
    session.step(AutomationStep::checkpoint("start")).unwrap();
    let live_name = live.file_name().unwrap().to_string_lossy().into_owned();
    assert_eq!(entries(&dir), [live_name, "start.txt".to_owned()]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn names_windows_reserves_are_refused_by_the_grammar_and_the_sink() {
    let dir = scratch("reserved");
    let mut session = session_writing_to(&dir);
    for name in ["CON", "nul", "com1", "LPT1", "Aux.final"] {
        let error = session.step(AutomationStep::checkpoint(name)).unwrap_err();
        assert!(
            matches!(&error.error, AutomationError::InvalidCheckpointName { name: n, .. } if n == name),
            "{error}"
        );
        assert!(error.to_string().contains("a device name Windows reserves"), "{error}");
        let parsed = session.run_script(&format!("checkpoint:{name}")).unwrap_err();
        assert!(parsed.to_string().contains("Windows reserves"), "{parsed}");
    }
    assert!(!dir.exists(), "nothing was written");
    session.step(AutomationStep::checkpoint("console")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn names_that_differ_only_in_case_are_refused_within_a_run() {
    let dir = scratch("case");
    let mut session = session_writing_to(&dir);
    session.step(AutomationStep::checkpoint("Home")).unwrap();
    let error = session.step(AutomationStep::checkpoint("home")).unwrap_err();
    let message = error.to_string();
    assert!(matches!(error.error, AutomationError::InvalidCheckpointName { .. }), "{message}");
    assert!(
        message.contains("`home.txt` differs from `Home.txt` of checkpoint `Home` only in case"),
        "{message}"
    );
    assert_eq!(entries(&dir), ["Home.txt"]);
    let script = session.run_script("checkpoint:Away; checkpoint:AWAY").unwrap_err();
    assert!(script.to_string().contains("only in case"), "{script}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_that_cannot_be_created_is_named() {
    let base = scratch("uncreatable");
    std::fs::create_dir_all(&base).unwrap();
    let file = base.join("a-file");
    std::fs::write(&file, b"not a directory").unwrap();
    let dir = file.join("artifacts");
    let mut session = session_writing_to(&dir);
    let error = session.step(AutomationStep::checkpoint("start")).unwrap_err();
    let message = error.to_string();
    assert!(matches!(error.error, AutomationError::Io(_)), "{message}");
    assert!(
        message.contains(&format!("creating the artifact directory {}", dir.display())),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&base);
}

/// What the kill-9 child writes as checkpoint `n`: an 8-byte header with
/// `n`, then 8 MiB of `n`'s low byte, so a torn file shows.
fn kill9_payload(n: u64) -> Vec<u8> {
    let mut bytes = n.to_le_bytes().to_vec();
    bytes.resize(8 + (8 << 20), n as u8);
    bytes
}

/// Run by `kill_9_mid_checkpoint_leaves_no_torn_file` in a child process:
/// writes checkpoints through the artifact writer forever, saying `w` on
/// its own line just before each one; a no-op otherwise.
#[test]
fn kill9_child() {
    let Some(dir) = std::env::var_os("REHEARSE_KILL9_CHILD") else { return };
    let path = Path::new(&dir).join("checkpoint.txt");
    let mut out = std::io::stdout();
    for n in 0.. {
        use std::io::Write as _;
        let payload = kill9_payload(n);
        writeln!(out, "w").unwrap();
        out.flush().unwrap();
        rehearse::artifacts::write_atomic(&path, &payload).unwrap();
    }
}

#[test]
fn kill_9_mid_checkpoint_leaves_no_torn_file() {
    use std::io::{BufRead as _, BufReader};
    use std::process::{Command, Stdio};

    const TRIALS: usize = 200;
    let scratch = tempfile::Builder::new().prefix("rehearse-kill9-").tempdir().unwrap();
    let dir = scratch.path();
    // A fixed seed: the same kill points every run.
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut mid_write = 0;
    for trial in 0..TRIALS {
        // Each child starts its checkpoints from 0 in a directory holding no
        // finished checkpoint (earlier children's temporary files stay).
        let _ = std::fs::remove_file(dir.join("checkpoint.txt"));
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "kill9_child", "--nocapture", "--test-threads=1"])
            .env("REHEARSE_KILL9_CHILD", dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Kill right after the child says it starts its k-th checkpoint:
        // the signal, not a timer, decides when.
        let k = 1 + seed % 3;
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut seen = 0;
        while seen < k {
            match lines.next() {
                Some(Ok(line)) if line == "w" => seen += 1,
                Some(Ok(_)) => {}
                other => panic!("trial {trial}: the child stopped early: {other:?}"),
            }
        }
        let pid = child.id();
        // Then wait (without sleeping) until that checkpoint's temporary
        // file exists or the checkpoint is already done, so the kill lands
        // somewhere inside the write rather than before it starts.
        let own = format!(".{pid}.");
        let target = k - 1;
        loop {
            let started =
                entries(dir).iter().any(|name| name.ends_with(".tmp") && name.contains(&own));
            let done = std::fs::read(dir.join("checkpoint.txt"))
                .ok()
                .and_then(|bytes| {
                    bytes.get(..8).map(|head| u64::from_le_bytes(head.try_into().unwrap()))
                })
                .is_some_and(|n| n >= target);
            if started || done {
                break;
            }
            std::thread::yield_now();
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        // This child's temporary file is there: the kill landed mid-write.
        if entries(dir).iter().any(|name| name.ends_with(".tmp") && name.contains(&own)) {
            mid_write += 1;
        }
        // The checkpoint is absent or whole, never torn.
        if let Ok(bytes) = std::fs::read(dir.join("checkpoint.txt")) {
            let n = u64::from_le_bytes(bytes[..8].try_into().unwrap());
            assert_eq!(bytes, kill9_payload(n), "trial {trial}: a torn checkpoint");
        }
    }
    eprintln!("{mid_write} of {TRIALS} kills landed mid-write");
    assert!(
        mid_write >= TRIALS / 4,
        "only {mid_write} of {TRIALS} kills landed mid-write: the test is not probing what it should"
    );
    // The next sink to open the directory removes every dead writer's
    // temporary file.
    let mut session = session_writing_to(dir);
    session.step(AutomationStep::checkpoint("after")).unwrap();
    let left: Vec<String> =
        entries(dir).into_iter().filter(|name| name.ends_with(".tmp")).collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}
