//! Every kind of wait that times out exits 3 (`docs/cli.md`), and its
//! report says `wait-timeout`: a wait on the tree, and on a program's
//! screen, scrollback or process in the terminal plane.

use crate::support;

use support::Runtime;

/// Runs `steps` against `cat` in a PTY and returns the report.
fn timed_out(runtime: &Runtime, name: &str, steps: &str) -> serde_json::Value {
    let script = runtime.dir.path().join(format!("{name}.rehearse"));
    std::fs::write(&script, steps).unwrap();
    let out = runtime.dir.path().join(name);
    let args =
        ["run", script.to_str().unwrap(), "--plane", "terminal", "--out", out.to_str().unwrap()];
    let error = runtime.fails(&[&args[..], &["--", "/bin/cat"]].concat(), 3);
    assert!(error.contains("timed out after 200 ms"), "{error}");
    serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap()
}

#[test]
fn a_screen_wait_that_times_out_exits_3() {
    let runtime = Runtime::new();
    let report =
        timed_out(&runtime, "screen", "type:\"hello\"\nwait-for:contains=NEVER,screen,200\n");
    assert_eq!(report["outcome"], "wait-timeout");
    assert_eq!(report["exitCode"], 3);
    assert_eq!(report["steps"][1]["status"], "failed");
}

#[test]
fn a_process_and_a_scrollback_wait_that_time_out_exit_3() {
    let runtime = Runtime::new();
    let report = timed_out(&runtime, "process", "wait-for:exited,process,200\n");
    assert_eq!(report["outcome"], "wait-timeout");
    let report = timed_out(&runtime, "scrollback", "wait-for:contains=NEVER,scrollback,200\n");
    assert_eq!(report["outcome"], "wait-timeout");
}
