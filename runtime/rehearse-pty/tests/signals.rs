//! A program starts with the default disposition of every signal and none
//! blocked, whatever its starter ignores: started from a process that
//! ignores SIGINT, SIGQUIT and SIGHUP (a test runner launched in the
//! background), the terminal plane's program still stops a foreground job
//! on Ctrl+C.

use std::process::Command;

#[test]
fn ctrl_c_stops_a_foreground_job_although_the_starter_ignores_sigint() {
    // `trap ''` makes the shell ignore them; `exec` keeps them ignored in
    // the fixture, which then starts bash in a PTY (see the fixture).
    let output = Command::new("/bin/sh")
        .args([
            "-c",
            "trap '' INT QUIT HUP; exec \"$0\"",
            env!("CARGO_BIN_EXE_rehearse-fixture-ctrl-c-job"),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.trim() == "ok",
        "{}: {stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}
