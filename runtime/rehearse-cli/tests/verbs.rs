//! Every verb of the `rehearse` binary, against the todo example (a
//! rehearse app) and against `bash` (any program), each test in its own
//! private runtime directory.

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::process::Command;
use std::time::{Duration, Instant};

use support::{Runtime, example, mode, todo};

#[test]
fn render_prints_the_app_after_its_script() {
    let runtime = Runtime::new();
    let todo = todo().to_str().unwrap();
    let text = runtime.ok(&[
        "render",
        "--exec",
        todo,
        "--size",
        "60x12",
        "--send",
        "click:#new-todo; type:Buy milk; key:Enter",
    ]);
    assert_eq!(text.lines().count(), 12);
    assert!(text.contains("[ ] Buy milk") && text.contains("1 item left"), "{text}");
    let cells = runtime.ok(&["render", "--exec", todo, "--format", "cells"]);
    serde_json::from_str::<serde_json::Value>(&cells).expect("cells are JSON");
    let error = runtime.fails(&["render", "--exec", todo, "--send", "click:#nope"], 4);
    assert!(error.contains("invalid-script"), "{error}");
    let error = runtime.fails(&["render", "--exec", "/bin/echo hello"], 2);
    assert!(error.contains("is not a rehearse app"), "{error}");
    let error = runtime.fails(&["render", "--exec", todo, "--size", "0x3"], 4);
    assert!(error.contains("COLSxROWS"), "{error}");
}

#[test]
fn state_prints_the_model_plane_or_says_it_is_not_available() {
    let runtime = Runtime::new();
    let todo = todo().to_str().unwrap();
    let state =
        runtime.ok(&["state", "--exec", todo, "--send", "click:#new-todo; type:Tea; key:Enter"]);
    let state: serde_json::Value = serde_json::from_str(&state).unwrap();
    assert_eq!(state["items"][0]["title"], "Tea");
    assert_eq!(state["filter"], "all");
    let login = example("login");
    let error = runtime.fails(&["state", "--exec", login.to_str().unwrap()], 2);
    assert!(error.contains("not available"), "{error}");
}

#[test]
fn run_against_the_app_writes_artifacts_and_a_report() {
    let runtime = Runtime::new();
    let out = runtime.dir.path().join("out");
    let script = runtime.dir.path().join("add.rehearse");
    std::fs::write(&script, "click:#new-todo\ntype:Buy milk\nkey:enter\nwait-for:count=1,@list-item,1000\ncheckpoint:added\n").unwrap();
    let (script, out_arg) = (script.to_str().unwrap(), out.to_str().unwrap());
    runtime.ok(&["run", script, "--out", out_arg, "--", todo().to_str().unwrap()]);
    assert!(std::fs::read_to_string(out.join("added.md")).unwrap().contains("Buy milk"));
    // What docs/cli.md promises for an app: the tree as JSON and Markdown,
    // the screen as text and cells, and its PNG.
    assert!(std::fs::read_to_string(out.join("added.json")).unwrap().contains("Buy milk"));
    assert!(std::fs::read_to_string(out.join("added.txt")).unwrap().contains("Buy milk"));
    assert!(out.join("added.cells.json").is_file());
    assert!(std::fs::read(out.join("added.png")).unwrap().starts_with(b"\x89PNG"));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["outcome"], "passed");
    assert_eq!(report["plane"], "app");
    assert_eq!(report["steps"].as_array().unwrap().len(), 5);
    assert!(std::fs::read_to_string(out.join("report.md")).unwrap().contains("**passed**"));
}

#[test]
fn run_exit_codes() {
    let runtime = Runtime::new();
    let todo = todo().to_str().unwrap();
    let write = |name: &str, text: &str| {
        let path = runtime.dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let step = write("step.rehearse", "click:#new-todo\nclick:#toggle-9\n");
    let out = runtime.dir.path().join("step-out");
    runtime.fails(&["run", &step, "--out", out.to_str().unwrap(), "--", todo], 1);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["outcome"], "step-failed");
    assert_eq!(report["steps"][0]["status"], "passed");
    assert_eq!(report["steps"][1]["status"], "failed");
    let wait = write("wait.rehearse", "wait-for:exists,#toggle-9,50\n");
    runtime.fails(&["run", &wait, "--", todo], 3);
    // An invalid script starts nothing: the program does not even exist.
    let invalid = write("invalid.rehearse", "clik:#new-todo\n");
    let error = runtime.fails(&["run", &invalid, "--", "/nonexistent/program"], 4);
    assert!(error.contains("did you mean `click`"), "{error}");
    let fine = write("fine.rehearse", "key:enter\n");
    runtime.fails(&["run", &fine, "--", "/nonexistent/program"], 2);
}

#[test]
fn run_reports_the_monitors_series() {
    let runtime = Runtime::new();
    let out = runtime.dir.path().join("out");
    let script = runtime.dir.path().join("monitor.rehearse");
    std::fs::write(
        &script,
        "monitor:10\ntype:hello\nkey:enter\nwait-for:contains=hello,screen,5000\n",
    )
    .unwrap();
    let (script, out_arg) = (script.to_str().unwrap(), out.to_str().unwrap());
    runtime.ok(&["run", script, "--out", out_arg, "--", "/bin/cat"]);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["monitor"]["interval_ms"], 10, "{report}");
    // The series was stopped with the run, so it says why it ended.
    assert!(report["monitor"]["ended"].is_string(), "{report}");
    assert!(report["monitor"]["samples"].is_array(), "{report}");
    let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        markdown.contains("### Process monitor") && markdown.contains("every 10 ms"),
        "{markdown}"
    );
    // Without a `monitor:` step there is no series.
    let quiet = runtime.dir.path().join("quiet.rehearse");
    std::fs::write(&quiet, "key:enter\n").unwrap();
    runtime.ok(&["run", quiet.to_str().unwrap(), "--out", out_arg, "--", "/bin/cat"]);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert!(report["monitor"].is_null(), "{report}");
}

#[test]
fn run_against_bash_uses_the_terminal_plane() {
    let runtime = Runtime::new();
    let script = runtime.dir.path().join("bash.rehearse");
    std::fs::write(
        &script,
        "type:echo $((6*7))\nkey:enter\nwait-for:exists,text~\"42\",5000\ncheckpoint:answer\n",
    )
    .unwrap();
    let out = runtime.dir.path().join("out");
    runtime.ok(&[
        "run",
        script.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--",
        "bash",
        "--norc",
        "--noprofile",
    ]);
    assert!(std::fs::read_to_string(out.join("answer.txt")).unwrap().contains("42"));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["plane"], "terminal");
}

#[test]
fn a_session_of_bash_open_send_wait_snapshot_close() {
    let runtime = Runtime::new();
    let id = runtime
        .ok(&["open", "--exec", "bash --norc --noprofile", "--size", "60x10"])
        .trim()
        .to_owned();
    let sessions = runtime.sessions();
    assert_eq!(mode(&sessions), 0o700);
    for file in [format!("{id}.json"), "latest.json".into(), format!("{id}.sock")] {
        assert_eq!(mode(&sessions.join(&file)), 0o600, "{file}");
    }
    runtime.ok(&["send", "--text", "echo hello-$((6*7))", "Enter"]);
    runtime.ok(&["wait", "--idle-ms", "100", "--timeout-ms", "10000"]);
    assert_eq!(settled_by(&runtime), "quiet-window", "bash sends no marker");
    let screen = runtime.ok(&["snapshot", "--session", &id]);
    assert!(screen.contains("hello-42"), "{screen}");
    let golden = runtime.ok(&["snapshot", "--format", "terminal"]);
    assert!(golden.contains("hello-42"), "{golden}");
    let png = runtime.rehearse(&["snapshot", "--format", "png"]);
    assert!(png.status.success() && png.stdout.starts_with(b"\x89PNG"));
    let error = runtime.fails(&["snapshot", "--format", "json"], 2);
    assert!(error.contains("semantic tree"), "{error}");
    let error = runtime.fails(&["send", "Enterr"], 4);
    assert!(error.contains("unknown key `Enterr`"), "{error}");
    runtime.ok(&["close"]);
    assert!(
        !sessions.join(format!("{id}.json")).exists() && !sessions.join("latest.json").exists()
    );
    let error = runtime.fails(&["snapshot"], 2);
    assert!(error.contains("no session"), "{error}");
}

/// How the session's screen settles, as its host's `idle` reply says.
fn settled_by(runtime: &Runtime) -> String {
    let latest = std::fs::read_to_string(runtime.sessions().join("latest.json")).unwrap();
    let socket: serde_json::Value = serde_json::from_str(&latest).unwrap();
    let mut client = rehearse_control::Client::connect(socket["socket"].as_str().unwrap()).unwrap();
    let idle = rehearse_protocol::message::RequestBody::Idle(rehearse_protocol::message::Idle {
        quiet_ms: Some(50),
    });
    match client.request(idle, 10_000).unwrap() {
        rehearse_protocol::message::OkReply::Idle(waited) => {
            waited.extra["settledBy"].as_str().unwrap().to_owned()
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_session_of_the_todo_app_in_a_pty() {
    let runtime = Runtime::new();
    runtime.ok(&["open", "--exec", todo().to_str().unwrap(), "--size", "60x12"]);
    runtime.ok(&["wait"]);
    assert_eq!(settled_by(&runtime), "marker", "the app announces its commits to the host");
    // The app serves the socket its host offered it: its tree is reachable.
    let tree = runtime.ok(&["snapshot", "--format", "json"]);
    assert!(tree.contains("\"new-todo\""), "{tree}");
    runtime.ok(&["send", "--text", "Buy milk", "Enter"]);
    runtime.ok(&["wait"]);
    let screen = runtime.ok(&["snapshot"]);
    assert!(screen.contains("[ ] Buy milk") && screen.contains("1 item left"), "{screen}");
    // A key the app refuses is refused by name (the whole script is checked
    // before anything runs).
    let error = runtime.fails(&["send", "--text", "x", "F6"], 4);
    assert!(error.contains("the app refuses `f6`"), "{error}");
    // What the person would see in the PTY shows it too.
    let golden = runtime.ok(&["snapshot", "--format", "terminal"]);
    assert!(golden.contains("Buy milk"), "{golden}");
    runtime.ok(&["close"]);
}

#[test]
fn a_secret_is_typed_but_never_echoed() {
    let runtime = Runtime::new();
    runtime.ok(&["open", "--exec", "bash --norc --noprofile", "--size", "60x10"]);
    let mut command = Command::new(env!("CARGO_BIN_EXE_rehearse"));
    let output = command
        .args(["send", "--secret-env", "SECRET_FOR_TEST", "Bogus"])
        .env("XDG_RUNTIME_DIR", runtime.dir.path())
        .env("SECRET_FOR_TEST", "hunter2-secret")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!said.contains("hunter2"), "{said}");
    let error = runtime.fails(&["send", "--secret-env", "SECRET_FOR_TEST"], 4);
    assert!(error.contains("SECRET_FOR_TEST: the variable is not set"), "{error}");
    runtime.ok(&["close"]);
}

#[test]
fn a_secret_reaches_the_program_and_no_output_of_rehearse_holds_it() {
    let runtime = Runtime::new();
    let received = runtime.dir.path().join("received");
    // A password prompt: echo off, the line read is written to a file (the
    // program's effect), its length shown, then it waits for the next line.
    let program = format!(
        "sh -c 'stty -echo; printf \"password: \"; read -r line; printf %s \"$line\" > {}; echo; echo \"received ${{#line}} characters\"; read -r rest'",
        received.display()
    );
    runtime.ok(&["open", "--exec", &program, "--size", "60x10"]);
    runtime.ok(&["wait"]);
    // Quotes, `${`, `$` and spaces: nothing of it is read as script syntax.
    let secret = "hunter2 \"quoted\" ${secret.x} $HOME 'q'";
    let output = Command::new(env!("CARGO_BIN_EXE_rehearse"))
        .args(["send", "--secret-env", "SECRET_FOR_TEST", "Enter"])
        .env("XDG_RUNTIME_DIR", runtime.dir.path())
        .env("SECRET_FOR_TEST", secret)
        .output()
        .unwrap();
    let mut said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{said}");
    runtime.ok(&["wait"]);
    let screen = runtime.ok(&["snapshot"]);
    let count = secret.chars().count();
    assert!(screen.contains(&format!("received {count} characters")), "{screen}");
    for format in ["text", "cells", "terminal"] {
        said.push_str(&runtime.ok(&["snapshot", "--format", format]));
    }
    // The program got every character of it.
    assert_eq!(std::fs::read_to_string(&received).unwrap(), secret);
    for part in ["hunter2", "quoted", "secret.x"] {
        assert!(!said.contains(part), "`{part}` was echoed: {said}");
    }
    runtime.ok(&["close"]);
}

#[test]
fn a_wait_on_a_program_that_never_goes_quiet_exits_3_and_the_session_survives() {
    let runtime = Runtime::new();
    runtime.ok(&["open", "--exec", "sh -c 'while :; do date +%N; sleep 0.01; done'"]);
    let error = runtime.fails(&["wait", "--idle-ms", "200", "--timeout-ms", "1000"], 3);
    assert!(error.contains("wait-timeout"), "{error}");
    // The host still serves: the screen shows the program's latest lines.
    let screen = runtime.ok(&["snapshot"]);
    assert!(screen.lines().any(|line| line.trim().len() >= 9), "{screen}");
    runtime.ok(&["close"]);
}

#[test]
fn open_sweeps_the_files_of_sessions_whose_hosts_are_gone() {
    let runtime = Runtime::new();
    let sessions = runtime.sessions();
    let live = runtime.ok(&["open", "--exec", "bash --norc --noprofile"]).trim().to_owned();
    // A host killed outright leaves its discovery files and sockets.
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = serde_json::json!({"id": "1-1", "socket": sessions.join("1-1.sock"), "pid": dead, "startedAt": 1, "protocol": "rehearse/1"});
    std::fs::write(sessions.join("1-1.json"), stale.to_string()).unwrap();
    for socket in ["1-1.sock", "1-1.app.sock"] {
        std::fs::write(sessions.join(socket), "").unwrap();
    }
    let newer = runtime.ok(&["open", "--exec", "bash --norc --noprofile"]).trim().to_owned();
    for gone in ["1-1.json", "1-1.sock", "1-1.app.sock"] {
        assert!(!sessions.join(gone).exists(), "{gone} was left");
    }
    // Live sessions keep theirs.
    for id in [&live, &newer] {
        for file in [format!("{id}.json"), format!("{id}.sock")] {
            assert!(sessions.join(&file).exists(), "{file} was removed");
        }
    }
    runtime.ok(&["close", "--session", &live]);
    runtime.ok(&["close", "--session", &newer]);
}

#[test]
fn a_stale_discovery_file_is_removed_not_trusted() {
    let runtime = Runtime::new();
    let sessions = runtime.sessions();
    std::fs::create_dir_all(&sessions).unwrap();
    std::fs::set_permissions(&sessions, std::fs::Permissions::from_mode(0o700)).unwrap();
    // A pid that existed and is gone: a child already reaped.
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = serde_json::json!({"id": "1-1", "socket": sessions.join("1-1.sock"), "pid": dead, "startedAt": 1, "protocol": "rehearse/1"});
    for name in ["1-1.json", "latest.json"] {
        std::fs::write(sessions.join(name), stale.to_string()).unwrap();
    }
    let error = runtime.fails(&["snapshot"], 2);
    assert!(error.contains("session 1-1 is gone"), "{error}");
    assert!(!sessions.join("1-1.json").exists() && !sessions.join("latest.json").exists());
}

#[test]
fn the_host_stops_after_its_idle_timeout() {
    let runtime = Runtime::new();
    let id = runtime
        .ok(&["open", "--exec", "bash --norc --noprofile", "--idle-timeout-ms", "200"])
        .trim()
        .to_owned();
    let file = runtime.sessions().join(format!("{id}.json"));
    let started = Instant::now();
    while file.exists() {
        assert!(started.elapsed() < Duration::from_secs(30), "the idle host never stopped");
        std::thread::yield_now();
    }
    assert!(!runtime.sessions().join(format!("{id}.sock")).exists());
}

#[test]
fn the_host_ends_with_its_program() {
    let runtime = Runtime::new();
    let id = runtime.ok(&["open", "--exec", "bash --norc --noprofile"]).trim().to_owned();
    runtime.ok(&["send", "--text", "exit 0", "Enter"]);
    let file = runtime.sessions().join(format!("{id}.json"));
    let started = Instant::now();
    while file.exists() {
        assert!(started.elapsed() < Duration::from_secs(30), "the host outlived its program");
        std::thread::yield_now();
    }
}
