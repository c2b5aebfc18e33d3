//! A session over a program that never stops writing (a spinner, a clock):
//! input reaches it without waiting for a settle that cannot come, and the
//! session goes on — its host keeps committing the screen as it is between
//! requests.

use crate::support;

use std::process::Command;
use std::time::{Duration, Instant};

use support::Runtime;

/// Prints a new line every 10 ms, forever.
const CLOCK: &str = "sh -c 'while :; do date +%N; sleep 0.01; done'";

#[test]
fn input_reaches_a_program_that_never_settles_and_the_session_goes_on() {
    let runtime = Runtime::new();
    let id = runtime.ok(&["open", "--exec", CLOCK, "--size", "40x6"]).trim().to_owned();
    let file = runtime.sessions().join(format!("{id}.json"));
    // The screen never settles; an input step on a program without an exact
    // signal returns once its bytes are written, so `send` succeeds. It
    // typed a secret, which nothing it prints shows.
    let secret = "hunter2-never-shown";
    let output = Command::new(env!("CARGO_BIN_EXE_rehearse"))
        .args(["send", "--secret-env", "SECRET_FOR_TEST"])
        .env("XDG_RUNTIME_DIR", runtime.dir.path())
        .env("SECRET_FOR_TEST", secret)
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(0), "{said}");
    assert!(!said.contains("hunter2"), "send shows the secret: {said}");
    // The host is still there and still shows the program, moving on.
    assert!(file.exists(), "the session's discovery file is gone");
    let first = runtime.ok(&["snapshot", "--format", "text"]);
    let digits =
        |line: &str| !line.trim().is_empty() && line.trim().bytes().all(|b| b.is_ascii_digit());
    assert!(first.lines().any(digits), "{first}");
    // The host commits what the program writes next: the screen changes
    // (a condition, bounded generously; each look is a real request).
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut later = runtime.ok(&["snapshot", "--format", "text"]);
    while later == first && Instant::now() < deadline {
        later = runtime.ok(&["snapshot", "--format", "text"]);
    }
    assert_ne!(later, first, "the host stopped committing the program's screen");
    runtime.ok(&["close"]);
    assert!(!file.exists());
}
