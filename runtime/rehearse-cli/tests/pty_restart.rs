//! The rebuild loop: `rehearse pty-stop` stops a session's program while
//! the session, its socket and its discovery file stay; `rehearse
//! pty-start` starts the same command line again at the session's current
//! size. Against `bash` (any program) and the todo example (a rehearse app
//! whose tree is reached through the socket its host offers it).

use crate::support;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use rehearse_control::Client;
use rehearse_protocol::message::{OkReply, RequestBody, Resize};
use support::{Runtime, todo};

const BASH: &str = "bash --norc --noprofile";

/// Waits (at most 30 s) until `probe` returns something.
fn until<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let started = Instant::now();
    loop {
        if let Some(found) = probe() {
            return found;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "never: {what}");
        std::thread::yield_now();
    }
}

/// The session's discovery file.
fn discovery(runtime: &Runtime) -> serde_json::Value {
    let text = std::fs::read_to_string(runtime.sessions().join("latest.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A connection to the session's host.
fn host(runtime: &Runtime) -> Client {
    let socket = PathBuf::from(discovery(runtime)["socket"].as_str().unwrap());
    let client = Client::connect(socket).unwrap();
    client.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    client
}

/// The host's generation, as `ping` says.
fn generation(runtime: &Runtime) -> u64 {
    match host(runtime).request(RequestBody::Ping, 5_000).unwrap() {
        OkReply::Ping(generation) => generation.generation,
        other => panic!("ping answered {other:?}"),
    }
}

/// The screen, once it contains `text`.
fn screen_with(runtime: &Runtime, text: &str) -> String {
    until(&format!("the screen shows {text:?}"), || {
        let output = runtime.rehearse(&["snapshot"]);
        let screen = String::from_utf8(output.stdout).unwrap();
        (output.status.success() && screen.contains(text)).then_some(screen)
    })
}

/// The number after `prefix` on `screen` (the digits `echo prefix$$` printed).
fn number_after(screen: &str, prefix: &str) -> Option<u32> {
    screen.match_indices(prefix).find_map(|(at, _)| {
        let digits: String =
            screen[at + prefix.len()..].chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    })
}

/// The number bash printed after `prefix` (the typed `prefix$$` is not one).
fn number_on_screen(runtime: &Runtime, prefix: &str) -> u32 {
    until(&format!("the screen shows {prefix} and a number"), || {
        let output = runtime.rehearse(&["snapshot"]);
        number_after(&String::from_utf8(output.stdout).unwrap(), prefix)
    })
}

/// Whether a process `pid` exists (a zombie counts: it was not reaped).
fn exists(pid: u32) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
}

/// The host's children: the program it holds.
fn children(host: u32) -> Vec<u32> {
    let tasks = std::fs::read_dir(format!("/proc/{host}/task")).unwrap();
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| {
            list.split_whitespace().map(|pid| pid.parse().unwrap()).collect::<Vec<_>>()
        })
        // The host's watchdog is not its program.
        .filter(|pid| {
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            !cmdline.split(|byte| *byte == 0).any(|arg| arg == b"__watchdog")
        })
        .collect()
}

#[test]
fn bash_stops_and_starts_again_in_the_same_session_at_its_current_size() {
    let runtime = Runtime::new();
    let id = runtime.ok(&["open", "--exec", BASH, "--size", "60x10"]).trim().to_owned();
    let files = ["latest.json".to_owned(), format!("{id}.json"), format!("{id}.sock")];
    runtime.ok(&["send", "--text", "echo pid-$$", "Enter"]);
    let first = number_on_screen(&runtime, "pid-");
    assert!(exists(first));
    // The size the program starts at again is the session's current one.
    let resized = host(&runtime).request(RequestBody::Resize(Resize { cols: 72, rows: 12 }), 5_000);
    assert!(matches!(resized, Ok(OkReply::Resize(_))), "{resized:?}");
    let before = generation(&runtime);
    let found = discovery(&runtime);
    // Without `pty-restart` negotiated, the host refuses at the gate.
    match host(&runtime).request(RequestBody::PtyStop, 5_000) {
        Err(rehearse_control::ClientError::Refused(error)) => {
            assert_eq!(error.code, rehearse_protocol::ErrorCode::UnsupportedCapability);
            assert!(error.message.contains("`pty-restart`"), "{}", error.message);
        }
        other => panic!("pty-stop without hello: {other:?}"),
    }
    assert!(exists(first), "nothing was stopped");
    assert_eq!(generation(&runtime), before);

    runtime.ok(&["pty-stop", "--session", &id]);
    assert_eq!(discovery(&runtime), found, "the same session, socket and host");
    assert!(!exists(first), "the stopped program {first} is killed and reaped");
    for file in &files {
        assert!(
            runtime.sessions().join(file).exists(),
            "{file} stays while the program is stopped"
        );
    }
    let stopped = generation(&runtime);
    assert!(stopped > before, "the stop commits a generation: {before} -> {stopped}");
    // What needs the program says it is stopped and how to start it.
    for verb in [&["send", "--text", "x", "Enter"][..], &["snapshot"], &["wait"]] {
        let error = runtime.fails(verb, 2);
        assert!(error.contains("program-stopped") && error.contains("pty-start"), "{error}");
    }
    // Stopping again changes nothing.
    runtime.ok(&["pty-stop"]);
    assert_eq!(generation(&runtime), stopped);

    let error = runtime.fails(&["pty-start", "--timeout-ms", "0"], 4);
    assert!(error.contains("--timeout-ms 0"), "{error}");
    runtime.ok(&["pty-start", "--session", &id, "--timeout-ms", "5000"]);
    assert_eq!(discovery(&runtime), found, "still the same session");
    let started = generation(&runtime);
    assert!(started > stopped, "generations keep rising across a restart: {stopped} -> {started}");
    let error = runtime.fails(&["pty-start"], 2);
    assert!(error.contains("program-running") && error.contains("pty-stop"), "{error}");
    runtime.ok(&["send", "--text", "echo again-$$; stty size", "Enter"]);
    let screen = screen_with(&runtime, "12 72");
    let second = number_after(&screen, "again-").expect("the fresh bash printed its pid");
    assert_ne!(second, first, "a fresh program");
    assert!(!screen.contains(&format!("pid-{first}")), "a fresh screen: {screen}");
    assert!(generation(&runtime) > started);
    runtime.ok(&["close"]);
    until("the restarted program is gone after close", || (!exists(second)).then_some(()));
}

#[test]
fn the_todo_app_is_reachable_again_after_pty_start() {
    let runtime = Runtime::new();
    let host_pid = {
        runtime.ok(&["open", "--exec", todo().to_str().unwrap(), "--size", "60x12"]);
        discovery(&runtime)["pid"].as_u64().unwrap() as u32
    };
    until("the app serves its socket", || discovery(&runtime).get("app").cloned());
    let app_socket = PathBuf::from(discovery(&runtime)["app"].as_str().unwrap());
    let first = until("the host holds the app", || children(host_pid).first().copied());
    runtime.ok(&["send", "--text", "Buy milk", "Enter"]);
    screen_with(&runtime, "[ ] Buy milk");

    runtime.ok(&["pty-stop"]);
    assert!(!exists(first), "the stopped app {first} is killed and reaped");
    assert!(children(host_pid).is_empty(), "nothing of the program is left");
    assert!(discovery(&runtime).get("app").is_none(), "the gone app leaves the discovery file");
    assert!(!app_socket.exists(), "and its socket with it");
    let error = runtime.fails(&["snapshot", "--format", "json"], 2);
    assert!(error.contains("program-stopped"), "{error}");

    runtime.ok(&["pty-start"]);
    assert_eq!(
        discovery(&runtime)["app"].as_str(),
        app_socket.to_str(),
        "the fresh app serves the offered socket, found before pty-start answered"
    );
    let tree = runtime.ok(&["snapshot", "--format", "json"]);
    assert!(tree.contains("\"new-todo\""), "{tree}");
    assert!(!tree.contains("Buy milk"), "a fresh app: {tree}");
    let second = until("the host holds the fresh app", || children(host_pid).first().copied());
    assert_ne!(second, first);
    runtime.ok(&["send", "--text", "Tea", "Enter"]);
    screen_with(&runtime, "[ ] Tea");
    runtime.ok(&["close"]);
    until("the app is gone after close", || (!exists(second)).then_some(()));
    until("the host is gone after close", || (!exists(host_pid)).then_some(()));
}

#[test]
fn a_program_that_ends_as_it_starts_leaves_the_session_stopped() {
    let runtime = Runtime::new();
    // The rebuild loop with a build that broke: the same command line runs
    // whatever the script is when it starts.
    let program = runtime.dir.path().join("program.sh");
    std::fs::write(&program, format!("exec {BASH}\n")).unwrap();
    let exec = format!("sh {}", program.display());
    runtime.ok(&["open", "--exec", &exec]);
    runtime.ok(&["pty-stop"]);
    std::fs::write(&program, "echo the build broke; exit 3\n").unwrap();
    let error = runtime.fails(&["pty-start"], 2);
    assert!(error.contains("program-stopped") && error.contains("ended as it started"), "{error}");
    assert!(error.contains("exit") && error.contains("the build broke"), "{error}");
    // The session stays, stopped: the loop goes round again.
    let stopped = generation(&runtime);
    std::fs::write(&program, format!("exec {BASH}\n")).unwrap();
    runtime.ok(&["pty-start"]);
    assert!(generation(&runtime) > stopped);
    runtime.ok(&["send", "--text", "echo fixed-$((6*7))", "Enter"]);
    screen_with(&runtime, "fixed-42");
    runtime.ok(&["close"]);
}

#[test]
fn a_stopped_session_still_closes_and_still_times_out() {
    let runtime = Runtime::new();
    let id = runtime.ok(&["open", "--exec", BASH]).trim().to_owned();
    runtime.ok(&["pty-stop"]);
    runtime.ok(&["close", "--session", &id]);
    assert!(!runtime.sessions().join(format!("{id}.json")).exists());
    assert!(!runtime.sessions().join(format!("{id}.sock")).exists());

    let id = runtime.ok(&["open", "--exec", BASH, "--idle-timeout-ms", "3000"]).trim().to_owned();
    runtime.ok(&["pty-stop"]);
    let file = runtime.sessions().join(format!("{id}.json"));
    until("the idle host stops while its program is stopped", || (!file.exists()).then_some(()));
    assert!(!runtime.sessions().join(format!("{id}.sock")).exists());
}

#[test]
fn a_wait_pending_when_the_program_stops_answers_program_stopped() {
    use rehearse_protocol::{
        ErrorCode,
        id::Deadline,
        message::{ReplyBody, Request, Snapshot, WaitFor},
        vocabulary::SnapshotFormat,
    };
    let runtime = Runtime::new();
    runtime.ok(&["open", "--exec", BASH]);
    let mut waiter = host(&runtime);
    let id = waiter.next_id();
    let condition = "exists,text~\"never-shown\"".to_owned();
    let wait = RequestBody::WaitFor(WaitFor { condition, timeout_ms: 30_000 });
    waiter.send(&Request::new(id.clone(), Deadline::from_millis(30_000).unwrap(), wait)).unwrap();
    // Requests run in order: once the snapshot behind it answered, the
    // wait is pending in the session.
    let snapshot = RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Text });
    assert!(matches!(waiter.request(snapshot, 5_000), Ok(OkReply::Snapshot(_))));
    runtime.ok(&["pty-stop"]);
    let ReplyBody::Error(error) = waiter.reply_to(&id).unwrap().body else {
        panic!("the wait cannot hold any more")
    };
    assert_eq!(error.code, ErrorCode::ProgramStopped, "{}", error.message);
    assert!(error.message.contains("pty-start"), "{}", error.message);
}
