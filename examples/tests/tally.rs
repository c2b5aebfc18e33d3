//! The tally — a plain ratatui app whose loop lives right in `main`
//! between `rehearse::adopt::init` and `restore`, the mouse turned on
//! through its terminal — driven through the harness, as the real binary in
//! a PTY (clicks reach it: it asked for the mouse), and served off screen,
//! where closing the session ends the process and removes its socket.

use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Stdio};

use rehearse::adopt::{Harness, HarnessOptions};
use rehearse::control::protocol::message::{Act, OkReply, RequestBody};
use rehearse::control::{Client, spawn_app_in_pty};
use rehearse::prelude::*;
use rehearse::pty::PtySessionOptions;
use rehearse_examples::tally::{self, ids};

fn harness() -> Harness {
    let options = HarnessOptions::default().viewport(30, 8).declared(ids::DECLARED);
    Harness::start_main(options, tally::main).expect("the tally's main starts")
}

#[test]
fn keys_and_clicks_count_through_the_harness() {
    let mut harness = harness();
    harness
        .run(scenario! { ids = tally::ids;
            wait-for:count=4,@list-item,0;
            key:"+";
            key:"+";
            wait-for:text="2 counted",#total,0;
            click:text~"Clouds";
            key:"+";
            wait-for:text="3 counted",#total,0;
            wait-for:selected,text~"Clouds",0;
            key:"-";
            key:"-";
            wait-for:text="2 counted",#total,0;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", harness.tree().to_markdown()));
    let rows: Vec<String> = harness
        .tree()
        .nodes()
        .filter(|node| node.role == SemanticRole::ListItem)
        .map(|node| node.name.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(rows, ["Birds 2", "Cars 0", "Clouds 0", "Dogs 0"]);
    harness.run(scenario! { key:q; }).expect("q quits");
    assert_eq!(harness.ended().as_deref(), Some("the app's loop returned"));
}

#[test]
fn the_real_binary_in_a_pty_takes_clicks_because_it_asked_for_the_mouse() {
    let options =
        PtySessionOptions::new(env!("CARGO_BIN_EXE_tally")).size(40, 10).quiet_window(None);
    let mut tally = spawn_app_in_pty(options).expect("the binary starts in a PTY");
    tally
        .run(scenario! { ids = tally::ids;
            wait-for:exists,#counts,5000;
            click:text~"Dogs";
            key:"+";
            wait-for:text="1 counted",#total,5000;
            wait-for:selected,text~"Dogs",5000;
            key:q;
            wait-for:exit-code=0,process,5000;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", tally.pty().screen_text()));
}

#[test]
fn served_off_screen_a_closed_session_ends_the_process_and_its_socket() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let socket = dir.path().join("tally.sock");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tally"))
        .env("REHEARSE_AUTOMATION_HEADLESS", "1")
        .env("REHEARSE_CONTROL", &socket)
        .env("REHEARSE_AUTOMATION_VIEWPORT", "40x10")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
    assert!(line.starts_with("rehearse: serving"), "{line:?}");
    let mut client = Client::connect(&socket).unwrap();
    let script = "key:+; key:+; wait-for:text=\"2 counted\",#total,5000";
    let OkReply::Act(acted) =
        client.request(RequestBody::Act(Act { script: script.into() }), 10_000).unwrap()
    else {
        panic!("act answers act")
    };
    assert_eq!(acted.steps, 3);
    // An id the tally does not declare is refused before anything runs.
    let refused = client.request(RequestBody::Act(Act { script: "click:#nope".into() }), 5_000);
    assert!(refused.is_err(), "{refused:?}");
    client.request(RequestBody::Close, 5_000).unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
    assert!(!socket.exists(), "the socket is removed on exit");
}
