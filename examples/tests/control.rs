//! The todo binary started with the automation variables runs off screen as
//! a control server: driven over its socket, closed over it, and gone.

use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Stdio};

use rehearse::control::Client;
use rehearse::control::protocol::{
    message::{Act, OkReply, RequestBody, Snapshot},
    vocabulary::SnapshotFormat,
};

#[test]
fn the_todo_binary_serves_its_socket_headless() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let socket = dir.path().join("todo.sock");
    let artifacts = dir.path().join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_todo"))
        .env("REHEARSE_AUTOMATION_HEADLESS", "1")
        .env("REHEARSE_CONTROL", &socket)
        .env("REHEARSE_AUTOMATION_VIEWPORT", "120x40")
        .env("REHEARSE_AUTOMATION_ARTIFACTS", &artifacts)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
    assert!(line.starts_with("rehearse: serving"), "{line:?}");
    let mut client = Client::connect(&socket).unwrap();
    let script = "click:#new-todo; type:Buy milk; key:Enter; checkpoint:added";
    let OkReply::Act(acted) =
        client.request(RequestBody::Act(Act { script: script.into() }), 10_000).unwrap()
    else {
        panic!("act answers act")
    };
    assert_eq!(acted.steps, 4);
    let OkReply::Snapshot(text) = client
        .request(RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Text }), 5_000)
        .unwrap()
    else {
        panic!("snapshot answers snapshot")
    };
    let text = String::from_utf8(text.data.into_vec()).unwrap();
    assert_eq!(text.lines().count(), 40, "the asked viewport");
    assert!(text.contains("Buy milk"));
    assert!(artifacts.join("added.md").exists(), "checkpoint: wrote to the artifacts directory");
    client.request(RequestBody::Close, 5_000).unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(!socket.exists(), "the socket is removed on exit");
}

#[test]
fn an_agent_drives_what_a_person_watches() {
    use std::time::Duration;

    use rehearse::control::protocol::message::WaitFor;
    use rehearse::prelude::KeyCode;
    use rehearse_pty::{PtySession, PtySessionOptions, ScreenCondition};

    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let socket = dir.path().join("todo.sock");
    // The todo app in a real terminal (a PTY standing in for the person's),
    // serving its socket at the same time.
    let person = PtySession::spawn(
        PtySessionOptions::new(env!("CARGO_BIN_EXE_todo"))
            .env("REHEARSE_CONTROL", &socket)
            .size(60, 14),
    )
    .unwrap();
    let timeout = Duration::from_secs(10);
    // The socket is bound before the first frame is drawn.
    person.wait_screen(&ScreenCondition::contains("What needs doing?"), timeout).unwrap();
    let mut agent = Client::connect(&socket).unwrap();
    let script = "click:#new-todo; type:Buy milk; key:Enter";
    agent.request(RequestBody::Act(Act { script: script.into() }), 10_000).unwrap();
    // The person sees what the agent did…
    person.wait_screen(&ScreenCondition::contains("[ ] Buy milk"), timeout).unwrap();
    // …and the agent sees what the person types.
    person.type_text("Tea").unwrap();
    person.key(KeyCode::Enter.into()).unwrap();
    let seen = RequestBody::WaitFor(WaitFor {
        condition: "exists,@list-item=Tea".into(),
        timeout_ms: 10_000,
    });
    let OkReply::WaitFor(_) = agent.request(seen, 10_000).unwrap() else {
        panic!("the agent sees Tea")
    };
    agent.request(RequestBody::Close, 5_000).unwrap();
    let exit = person.wait_exit(timeout).unwrap();
    assert!(exit.success(), "{exit}");
    assert!(!socket.exists(), "the socket is removed on exit");
}
