//! Serving a rehearse app over its socket: every request of `rehearse/1`
//! against the todo example, through the shared runner.

use crate::support;

use std::os::unix::fs::PermissionsExt;

use rehearse_control::{ClientError, Stopped};
use rehearse_protocol::{
    ErrorCode,
    message::{
        Act, Cancel, Checkpoint, Idle, OkReply, ReplyBody, Request, RequestBody, Resize, Snapshot,
        WaitFor,
    },
    vocabulary::SnapshotFormat,
};
use support::Served;

fn act(script: &str) -> RequestBody {
    RequestBody::Act(Act { script: script.into() })
}

fn snapshot(format: SnapshotFormat) -> RequestBody {
    RequestBody::Snapshot(Snapshot { format })
}

fn refused(result: Result<OkReply, ClientError>) -> rehearse_protocol::message::ErrorReply {
    match result {
        Err(ClientError::Refused(error)) => error,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn act_then_snapshot_shows_what_the_steps_did() {
    let served = Served::todo();
    let mut client = served.client();
    let before = served.ping();
    let OkReply::Act(acted) =
        client.request(act("click:#new-todo; type:Buy milk; key:Enter"), 5_000).unwrap()
    else {
        panic!("act answers act")
    };
    assert_eq!(acted.steps, 3);
    assert_eq!(acted.generation, before + 3, "one generation per step");
    let OkReply::Snapshot(text) = client.request(snapshot(SnapshotFormat::Text), 5_000).unwrap()
    else {
        panic!("snapshot answers snapshot")
    };
    assert_eq!(text.generation, acted.generation);
    assert!(String::from_utf8(text.data.into_vec()).unwrap().contains("Buy milk"));
    let OkReply::Snapshot(markdown) =
        client.request(snapshot(SnapshotFormat::Markdown), 5_000).unwrap()
    else {
        panic!("snapshot answers snapshot")
    };
    assert!(String::from_utf8(markdown.data.into_vec()).unwrap().contains("Buy milk"));
    assert_eq!(served.ping(), acted.generation);
    assert_eq!(served.close(), Stopped::Closed);
}

#[test]
fn a_failed_step_names_its_index_and_keeps_the_earlier_steps() {
    let served = Served::todo();
    let mut client = served.client();
    let before = served.ping();
    let error = refused(client.request(act("click:#new-todo; click:#toggle-7"), 5_000));
    assert_eq!(error.code, ErrorCode::StepFailed);
    assert_eq!(error.step, Some(1));
    assert_eq!(error.generation, Some(before + 1), "step 0 stays done");
    assert!(error.message.contains("#toggle-7"), "{}", error.message);
}

#[test]
fn an_invalid_script_runs_nothing() {
    let served = Served::todo();
    let before = served.ping();
    let error = refused(served.client().request(act("click:#new-todo; clik:#x"), 5_000));
    assert_eq!(error.code, ErrorCode::InvalidScript);
    assert!(error.message.contains("did you mean `click`"), "{}", error.message);
    // An undeclared id is caught by the app's declared ids before anything runs.
    let error = refused(served.client().request(act("click:#new-todo; click:#sav"), 5_000));
    assert_eq!(error.code, ErrorCode::InvalidScript);
    assert_eq!(served.ping(), before);
}

#[test]
fn wait_for_answers_when_the_condition_holds_and_times_out_otherwise() {
    let served = Served::todo();
    let mut client = served.client();
    let wait = |condition: &str, timeout_ms| {
        RequestBody::WaitFor(WaitFor { condition: condition.into(), timeout_ms })
    };
    let OkReply::WaitFor(done) = client.request(wait("exists,#new-todo", 1_000), 2_000).unwrap()
    else {
        panic!("wait-for answers wait-for")
    };
    assert_eq!(done.generation, served.ping());
    let before = served.ping();
    let error = refused(client.request(wait("exists,#toggle-9", 30), 1_000));
    assert_eq!(error.code, ErrorCode::WaitTimeout);
    assert_eq!(served.ping(), before, "a wait changes nothing");
    let error = refused(client.request(wait("exists", 30), 1_000));
    assert_eq!(error.code, ErrorCode::InvalidScript);
}

#[test]
fn a_wait_over_the_socket_fails_with_the_diagnostic_the_same_step_gives_through_act() {
    let served = Served::todo();
    let mut client = served.client();
    let wait =
        RequestBody::WaitFor(WaitFor { condition: "exists,#toggle-9".into(), timeout_ms: 30 });
    let over_wait = refused(client.request(wait, 1_000));
    let over_act = refused(client.request(act("wait-for:exists,#toggle-9,30"), 1_000));
    for error in [&over_wait, &over_act] {
        assert_eq!(error.code, ErrorCode::WaitTimeout, "{}", error.message);
        for part in [
            "waiting for `exists,#toggle-9`",
            "the selector matched nothing",
            "; pending: 0 queued messages",
            "text-box \"What needs doing?\" #new-todo",
        ] {
            assert!(error.message.contains(part), "`{part}` is missing: {}", error.message);
        }
    }
    // Over the socket the wait stays patient (another client may change the
    // app), so it runs to its timeout.
    assert!(over_wait.message.starts_with("timed out after 30 ms"), "{}", over_wait.message);
}

#[test]
fn a_pending_wait_does_not_block_other_requests_and_can_be_cancelled() {
    let served = Served::todo();
    let mut waiter = served.client();
    let id = waiter.next_id();
    let long = Request::new(
        id.clone(),
        rehearse_protocol::id::Deadline::from_millis(60_000).unwrap(),
        RequestBody::WaitFor(WaitFor { condition: "exists,#toggle-1".into(), timeout_ms: 60_000 }),
    );
    waiter.send(&long).unwrap();
    // Another connection adds the todo the wait is waiting for… after a
    // cancel on the waiter's own connection proves cancel reaches it.
    let before = served.ping();
    let ack = waiter.request(RequestBody::Cancel(Cancel { target: id.clone() }), 1_000).unwrap();
    assert!(matches!(ack, OkReply::Cancel(ref ack) if ack.cancelled == id), "{ack:?}");
    let reply = waiter.reply_to(&id).unwrap();
    let ReplyBody::Error(error) = reply.body else { panic!("cancelled") };
    assert_eq!(error.code, ErrorCode::Cancelled);
    assert_eq!(error.generation, Some(before));
    // A wait that holds later: another client acts while it waits.
    let id = waiter.next_id();
    let wait = Request::new(
        id.clone(),
        rehearse_protocol::id::Deadline::from_millis(10_000).unwrap(),
        RequestBody::WaitFor(WaitFor {
            condition: "count=1,@list-item".into(),
            timeout_ms: 10_000,
        }),
    );
    waiter.send(&wait).unwrap();
    served.client().request(act("click:#new-todo; type:Tea; key:Enter"), 5_000).unwrap();
    let reply = waiter.reply_to(&id).unwrap();
    assert!(matches!(reply.body, ReplyBody::Ok(OkReply::WaitFor(_))), "{reply:?}");
}

#[test]
fn idle_resize_and_checkpoint() {
    let served = Served::todo();
    let mut client = served.client();
    let OkReply::Idle(_) =
        client.request(RequestBody::Idle(Idle { quiet_ms: Some(10) }), 2_000).unwrap()
    else {
        panic!("idle answers idle")
    };
    let OkReply::Resize(resized) =
        client.request(RequestBody::Resize(Resize { cols: 100, rows: 30 }), 2_000).unwrap()
    else {
        panic!("resize answers resize")
    };
    assert_eq!((resized.cols, resized.rows), (100, 30));
    let OkReply::Checkpoint(checkpoint) =
        client.request(RequestBody::Checkpoint(Checkpoint { name: "wide".into() }), 5_000).unwrap()
    else {
        panic!("checkpoint answers checkpoint")
    };
    let files: Vec<&str> = checkpoint.artifacts.iter().map(|a| a.file.as_str()).collect();
    assert_eq!(files, ["wide.json", "wide.md", "wide.txt", "wide.cells.json"]);
    let text = String::from_utf8(checkpoint.artifacts[2].data.as_slice().to_vec()).unwrap();
    assert_eq!(text.lines().count(), 30);
    let error =
        refused(client.request(RequestBody::Checkpoint(Checkpoint { name: "../x".into() }), 5_000));
    assert_eq!(error.code, ErrorCode::InvalidScript);
}

#[test]
fn png_and_state_need_their_capabilities() {
    let served = Served::todo();
    let mut client = served.client();
    let error = refused(client.request(snapshot(SnapshotFormat::Png), 5_000));
    assert_eq!(error.code, ErrorCode::UnsupportedCapability);
    let error = refused(client.request(RequestBody::State, 5_000));
    assert_eq!(error.code, ErrorCode::UnsupportedCapability);
    let ack = client.hello(&["snapshot-png", "model-state", "x-future"]).unwrap();
    let granted: Vec<&str> = ack.capabilities.iter().map(|c| c.as_str()).collect();
    assert_eq!(granted, ["snapshot-png", "model-state"]);
    let OkReply::Snapshot(png) = client.request(snapshot(SnapshotFormat::Png), 5_000).unwrap()
    else {
        panic!("a png")
    };
    assert_eq!(&png.data.as_slice()[..4], b"\x89PNG");
}

#[test]
fn state_is_the_apps_model_plane_projection() {
    let served = Served::todo();
    let mut client = served.client();
    client.hello(&["model-state"]).unwrap();
    client
        .request(act("click:#new-todo; type:Buy milk; key:Enter; click:#filter-done"), 5_000)
        .unwrap();
    let OkReply::State(state) = client.request(RequestBody::State, 5_000).unwrap() else {
        panic!("state answers state")
    };
    assert_eq!(state.generation, served.ping());
    assert_eq!(state.state["filter"], "done");
    assert_eq!(state.state["items"][0]["title"], "Buy milk");
    assert_eq!(state.state["items"][0]["done"], false);
    assert_eq!(state.state["visible"], serde_json::json!([]), "the done filter hides it");
    assert_eq!(state.state["remaining"], 1);
}

#[test]
fn an_app_without_a_model_plane_grants_no_state() {
    let served = Served::app_with(
        rehearse_examples::login::LoginApp::default,
        rehearse_protocol::limits::Limits::default(),
    );
    let mut client = served.client();
    let ack = client.hello(&["model-state"]).unwrap();
    assert!(ack.capabilities.is_empty(), "{ack:?}");
    let error = refused(client.request(RequestBody::State, 5_000));
    assert_eq!(error.code, ErrorCode::UnsupportedCapability);
}

#[test]
fn after_close_every_request_is_session_closed_and_the_socket_is_gone() {
    let served = Served::todo();
    let socket = served.socket.clone();
    let mode = std::fs::metadata(&socket).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let mut client = served.client();
    client.request(RequestBody::Close, 5_000).unwrap();
    match client.request(RequestBody::Ping, 1_000) {
        Err(ClientError::Refused(error)) => assert_eq!(error.code, ErrorCode::SessionClosed),
        Err(ClientError::Io { .. }) => {} // the server already stopped
        other => panic!("{other:?}"),
    }
    drop(served);
    assert!(!socket.exists(), "the socket file is removed");
}

#[test]
fn a_canceller_reaches_a_wait_its_client_blocks_on() {
    let served = Served::todo();
    let mut client = served.client();
    let mut canceller = client.canceller().unwrap();
    let id = client.next_id();
    let wait = Request::new(
        id.clone(),
        rehearse_protocol::id::Deadline::from_millis(60_000).unwrap(),
        RequestBody::WaitFor(WaitFor { condition: "exists,#toggle-5".into(), timeout_ms: 60_000 }),
    );
    client.send(&wait).unwrap();
    // The client blocks on the reply on one thread; the cancel goes out on
    // the same connection from another.
    let waiting = std::thread::spawn(move || client.reply_to(&id).unwrap());
    let target = wait.id.clone();
    canceller.cancel(&target).unwrap();
    let ReplyBody::Error(error) = waiting.join().unwrap().body else {
        panic!("the wait is cancelled")
    };
    assert_eq!(error.code, ErrorCode::Cancelled);
}

#[test]
fn a_wait_on_the_cursor_reads_the_apps_frame() {
    let served = Served::todo();
    let mut client = served.client();
    let wait = |condition: &str, timeout_ms| {
        RequestBody::WaitFor(WaitFor { condition: condition.into(), timeout_ms })
    };
    // The focused field placed the cursor inside its border.
    let OkReply::WaitFor(_) = client.request(wait("at=1x1,cursor", 1_000), 2_000).unwrap() else {
        panic!("wait-for answers wait-for")
    };
    client.request(wait("visible,cursor", 1_000), 2_000).unwrap();
    // Nothing pending can move it: the wait fails at once, saying where it is.
    let error = refused(client.request(wait("hidden,cursor", 3_000), 10_000));
    assert_eq!(error.code, ErrorCode::WaitTimeout);
    assert!(error.message.contains("(the cursor was at 1x1, shown)"), "{}", error.message);
}
