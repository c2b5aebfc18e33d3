//! A reader that closed its end of the pipe (`rehearse snapshot --format
//! png | head`) ends the verb quietly: no "Broken pipe", exit 0.

use crate::support;

use std::process::{Command, Stdio};

use support::Runtime;

#[test]
fn a_snapshot_into_a_closed_pipe_exits_quietly() {
    let runtime = Runtime::new();
    runtime.ok(&["open", "--exec", "/bin/cat"]);
    for format in ["png", "text"] {
        // The reading end is closed before the verb starts, so its first
        // write meets a closed pipe, every time.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = Command::new(env!("CARGO_BIN_EXE_rehearse"))
            .args(["snapshot", "--format", format])
            .env("XDG_RUNTIME_DIR", runtime.dir.path())
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{format}: {stderr}");
        assert!(stderr.is_empty(), "{format}: {stderr}");
    }
}
