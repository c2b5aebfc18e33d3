//! While the session's thread is busy with a request (here a script that
//! sleeps 300 ms), the sockets are still read: `ping` answers and `cancel`
//! reaches the running script; between queued requests, too. (The
//! session's thread reads the sockets itself only between requests.)

use crate::support;

use rehearse_control::Client;
use rehearse_protocol::{
    ErrorCode,
    id::{Deadline, RequestId},
    message::{Act, Cancel, OkReply, Reply, ReplyBody, Request, RequestBody, Snapshot},
    vocabulary::SnapshotFormat,
};
use support::Served;

fn send(client: &mut Client, body: RequestBody) -> RequestId {
    let id = client.next_id();
    client.send(&Request::new(id.clone(), Deadline::from_millis(10_000).unwrap(), body)).unwrap();
    id
}

fn act(script: &str) -> RequestBody {
    RequestBody::Act(Act { script: script.into() })
}

fn answers(reply: &Reply, id: &RequestId) -> bool {
    reply.id.as_ref() == Some(id)
}

#[test]
fn a_ping_answers_while_a_script_runs() {
    let served = Served::todo();
    let generation = served.ping();
    let mut client = served.client();
    let script = send(&mut client, act("sleep:300; click:#new-todo"));
    let first = send(&mut client, RequestBody::Ping);
    let reply = client.read_reply().unwrap();
    assert!(answers(&reply, &first), "the ping answers before the script ends: {reply:?}");
    // The script was read before that ping, so it is running (or about to,
    // with nothing left to read first): this ping is read by another thread.
    let second = send(&mut client, RequestBody::Ping);
    let reply = client.read_reply().unwrap();
    assert!(answers(&reply, &second), "the ping answers while the script runs: {reply:?}");
    let ReplyBody::Ok(OkReply::Ping(ping)) = reply.body else { panic!("{reply:?}") };
    assert_eq!(ping.generation, generation, "the script has not committed yet");
    let reply = client.read_reply().unwrap();
    assert!(answers(&reply, &script), "{reply:?}");
    let ReplyBody::Ok(OkReply::Act(acted)) = reply.body else { panic!("{reply:?}") };
    assert!(acted.generation > generation);
}

#[test]
fn a_cancel_stops_a_running_script_at_its_next_step() {
    let served = Served::todo();
    let generation = served.ping();
    let mut client = served.client();
    let script = send(&mut client, act("sleep:300; click:#new-todo; type:Tea; key:Enter"));
    // A ping first: once it is answered the script is read and running.
    let ping = send(&mut client, RequestBody::Ping);
    assert!(answers(&client.read_reply().unwrap(), &ping));
    let cancel = send(&mut client, RequestBody::Cancel(Cancel { target: script.clone() }));
    let reply = client.read_reply().unwrap();
    assert!(answers(&reply, &cancel), "the cancel answers at once: {reply:?}");
    assert!(matches!(reply.body, ReplyBody::Ok(OkReply::Cancel(_))), "{reply:?}");
    let reply = client.read_reply().unwrap();
    assert!(answers(&reply, &script), "{reply:?}");
    let ReplyBody::Error(error) = reply.body else { panic!("the script was cancelled") };
    assert_eq!(error.code, ErrorCode::Cancelled);
    // The sleep committed; nothing after it ran.
    assert_eq!(error.generation, Some(served.ping()));
    let text = served.client().request(snapshot(), 5_000).unwrap();
    let OkReply::Snapshot(text) = text else { panic!("{text:?}") };
    let text = String::from_utf8(text.data.into_vec()).unwrap();
    assert!(!text.contains("Tea"), "the typing never ran:\n{text}");
    assert!(error.generation.unwrap() <= generation + 1, "only the sleep committed");
}

fn snapshot() -> RequestBody {
    RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Text })
}

#[test]
fn a_ping_answers_between_queued_requests() {
    let served = Served::todo();
    let mut client = served.client();
    // Thirty short scripts queued at once: each is too short for the
    // takeover, so the ping is answered by the session's thread between them.
    let scripts: Vec<RequestId> = (0..30).map(|_| send(&mut client, act("sleep:1"))).collect();
    let reply = client.read_reply().unwrap();
    assert!(answers(&reply, &scripts[0]), "{reply:?}");
    let ping = send(&mut client, RequestBody::Ping);
    let mut before = 0;
    loop {
        let reply = client.read_reply().unwrap();
        if answers(&reply, &ping) {
            break;
        }
        assert!(matches!(reply.body, ReplyBody::Ok(OkReply::Act(_))), "{reply:?}");
        before += 1;
    }
    assert!(before < 29, "the ping waited for the whole queue");
    for _ in before..29 {
        let reply = client.read_reply().unwrap();
        assert!(matches!(reply.body, ReplyBody::Ok(OkReply::Act(_))), "{reply:?}");
    }
}
