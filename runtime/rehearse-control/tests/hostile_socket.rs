//! The hostile corpus over a real socket: every case gets its structured
//! error or a closed connection, and after each one a `ping` on a fresh
//! connection answers and the session's generation is unchanged. (The
//! flood, whose memory is measured, has a test binary of its own.)

use crate::support;

use std::io::{Read, Write};
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use rehearse_control::{Client, ClientError};
use rehearse_protocol::{
    ErrorCode,
    frame::FrameDecoder,
    limits::Limits,
    message::{OkReply, Reply, ReplyBody, RequestBody, reply_from_frame},
};
use support::Served;

/// A raw connection that reads whole replies.
struct Raw {
    stream: UnixStream,
    decoder: FrameDecoder,
    read: Vec<Reply>,
}

impl Raw {
    fn open(served: &Served) -> Raw {
        let stream = UnixStream::connect(served.path()).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        Raw { stream, decoder: FrameDecoder::replies(&Limits::default()), read: Vec::new() }
    }

    /// Writes `bytes`; a server that already closed the connection is
    /// seen on the next read.
    fn send(&mut self, bytes: &[u8]) {
        let _ = self.stream.write_all(bytes);
    }

    fn json(&mut self, body: &str) {
        self.send(&frame(body.as_bytes()));
    }

    /// The next reply, or `None` when the server closed the connection.
    fn reply(&mut self) -> Option<Reply> {
        let mut buffer = [0u8; 65536];
        while self.read.is_empty() {
            let n = self.stream.read(&mut buffer).unwrap_or(0);
            if n == 0 {
                return None;
            }
            for frame in self.decoder.feed(&buffer[..n]).unwrap() {
                self.read.push(reply_from_frame(&frame).unwrap());
            }
        }
        Some(self.read.remove(0))
    }

    fn error(&mut self) -> (Option<String>, ErrorCode) {
        let reply = self.reply().expect("a reply before the connection closes");
        match reply.body {
            ReplyBody::Error(error) => (reply.id.map(|id| id.as_str().to_owned()), error.code),
            ReplyBody::Ok(ok) => panic!("expected an error, got {ok:?}"),
        }
    }

    fn closed(&mut self) -> bool {
        self.reply().is_none()
    }
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut bytes = (body.len() as u32).to_be_bytes().to_vec();
    bytes.extend_from_slice(body);
    bytes
}

/// A ping on a fresh connection answers, with the generation `expected`.
/// Connections of an earlier case may still be ending, so a refusal for
/// too many connections is tried again until they have.
fn still_serves(served: &Served, expected: u64) {
    let started = Instant::now();
    loop {
        let mut client = Client::connect(served.path()).unwrap();
        match client.request(RequestBody::Ping, 5_000) {
            Ok(OkReply::Ping(ping)) => return assert_eq!(ping.generation, expected),
            Err(ClientError::Refused(error)) if error.code == ErrorCode::TooManyConnections => {
                assert!(started.elapsed() < Duration::from_secs(30), "connections never ended");
                std::thread::yield_now();
            }
            other => panic!("the fresh ping failed: {other:?}"),
        }
    }
}

#[test]
fn frame_violations_answer_once_and_close() {
    let served = Served::todo();
    let generation = served.ping();
    // A header claiming 4 GiB, sent alone: answered at once, no body awaited.
    let mut raw = Raw::open(&served);
    raw.send(&[0xff, 0xff, 0xff, 0xff]);
    assert_eq!(raw.error(), (None, ErrorCode::RequestTooLarge));
    assert!(raw.closed());
    still_serves(&served, generation);
    // A zero length.
    let mut raw = Raw::open(&served);
    raw.send(&[0, 0, 0, 0]);
    assert_eq!(raw.error(), (None, ErrorCode::Malformed));
    assert!(raw.closed());
    still_serves(&served, generation);
    // Not UTF-8.
    let mut raw = Raw::open(&served);
    raw.send(&frame(&[0x7b, 0xff, 0xfe, 0x7d]));
    assert_eq!(raw.error(), (None, ErrorCode::Malformed));
    assert!(raw.closed());
    still_serves(&served, generation);
    // Not JSON; a valid request in the same write is not acted on.
    let mut raw = Raw::open(&served);
    let mut bytes = frame(b"{\"v\":");
    bytes.extend(frame(
        br#"{"v":"rehearse/1","id":"a","deadlineMs":1000,"type":"act","script":"click:#new-todo"}"#,
    ));
    raw.send(&bytes);
    assert_eq!(raw.error(), (None, ErrorCode::Malformed));
    assert!(raw.closed());
    still_serves(&served, generation);
}

#[test]
fn a_truncated_frame_is_never_acted_on() {
    let served = Served::todo();
    let generation = served.ping();
    let mut raw = Raw::open(&served);
    let whole = frame(
        br#"{"v":"rehearse/1","id":"t","deadlineMs":1000,"type":"act","script":"click:#new-todo"}"#,
    );
    raw.send(&whole[..whole.len() - 3]);
    raw.stream.shutdown(Shutdown::Write).unwrap();
    assert!(raw.closed(), "no reply to a partial frame");
    still_serves(&served, generation);
}

#[test]
fn message_errors_are_answered_and_the_connection_goes_on() {
    let served = Served::todo();
    let generation = served.ping();
    let mut raw = Raw::open(&served);
    let long_id = "a".repeat(65);
    let cases: Vec<(String, Option<&str>, ErrorCode)> = vec![
        (r#"{"v":"rehearse/1","id":"u1","deadlineMs":1000,"type":"ping","verbose":true}"#.into(), Some("u1"), ErrorCode::Malformed),
        (r#"{"v":"rehearse/1","id":"u2","deadlineMs":1000,"type":"act","script":"click:#new-todo","dryRun":true}"#.into(), Some("u2"), ErrorCode::Malformed),
        (r#"{"v":"rehearse/2","id":"v1","deadlineMs":1000,"type":"ping"}"#.into(), None, ErrorCode::UnsupportedVersion),
        (r#"{"v":"rehearse/1","id":"no spaces","deadlineMs":1000,"type":"ping"}"#.into(), None, ErrorCode::InvalidRequestId),
        (r#"{"v":"rehearse/1","id":"","deadlineMs":1000,"type":"ping"}"#.into(), None, ErrorCode::InvalidRequestId),
        (format!(r#"{{"v":"rehearse/1","id":"{long_id}","deadlineMs":1000,"type":"ping"}}"#), None, ErrorCode::InvalidRequestId),
        (r#"{"v":"rehearse/1","id":"d0","deadlineMs":0,"type":"ping"}"#.into(), Some("d0"), ErrorCode::InvalidDeadline),
        (r#"{"v":"rehearse/1","id":"d1","deadlineMs":60001,"type":"act","script":"click:#new-todo"}"#.into(), Some("d1"), ErrorCode::InvalidDeadline),
        (r#"{"v":"rehearse/1","id":"d2","deadlineMs":100,"type":"wait-for","condition":"exists,#status","timeoutMs":5000}"#.into(), Some("d2"), ErrorCode::InvalidDeadline),
        (r#"{"v":"rehearse/1","id":"d3","deadlineMs":100,"type":"act","script":"wait-for:exists,#status,5000"}"#.into(), Some("d3"), ErrorCode::InvalidDeadline),
        (r#"{"v":"rehearse/1","id":"x1","deadlineMs":1000,"type":"cancel","target":"nothing"}"#.into(), Some("x1"), ErrorCode::UnknownRequest),
        (r#"{"v":"rehearse/1","id":"s1","deadlineMs":1000,"type":"snapshot","format":"gif"}"#.into(), Some("s1"), ErrorCode::Malformed),
        (r#"{"v":"rehearse/1","id":"s2","deadlineMs":1000,"type":"snapshot","format":"png"}"#.into(), Some("s2"), ErrorCode::UnsupportedCapability),
        (r#"{"v":"rehearse/1","id":"t1","deadlineMs":1000,"type":"teleport"}"#.into(), Some("t1"), ErrorCode::Malformed),
        (r#"[1,2,3]"#.into(), None, ErrorCode::Malformed),
        (r#"{"v":"rehearse/1","id":"k1","id":"k2","deadlineMs":1000,"type":"ping"}"#.into(), None, ErrorCode::Malformed),
    ];
    for (body, id, code) in cases {
        raw.json(&body);
        assert_eq!(raw.error(), (id.map(str::to_owned), code), "{body}");
        still_serves(&served, generation);
    }
    // The same connection still answers.
    raw.json(r#"{"v":"rehearse/1","id":"ok","deadlineMs":1000,"type":"ping"}"#);
    assert!(matches!(raw.reply().unwrap().body, ReplyBody::Ok(OkReply::Ping(_))));
}

#[test]
fn duplicate_ids_in_flight_and_the_in_flight_bound() {
    let served = Served::todo();
    let generation = served.ping();
    let mut raw = Raw::open(&served);
    let wait = |id: &str| {
        format!(
            r#"{{"v":"rehearse/1","id":"{id}","deadlineMs":60000,"type":"wait-for","condition":"exists,#toggle-9","timeoutMs":60000}}"#
        )
    };
    raw.json(&wait("w"));
    raw.json(&wait("w"));
    assert_eq!(raw.error(), (Some("w".into()), ErrorCode::DuplicateRequestId));
    raw.json(r#"{"v":"rehearse/1","id":"w","deadlineMs":1000,"type":"ping"}"#);
    assert_eq!(raw.error(), (Some("w".into()), ErrorCode::DuplicateRequestId));
    for n in 1..=32 {
        raw.json(&wait(&format!("f{n}")));
    }
    // `w` and f1..f31 fill the 32 places; f32 is one too many.
    assert_eq!(raw.error(), (Some("f32".into()), ErrorCode::TooManyRequests));
    for id in std::iter::once("w".to_owned()).chain((1..=31).map(|n| format!("f{n}"))) {
        raw.json(&format!(r#"{{"v":"rehearse/1","id":"x-{id}","deadlineMs":1000,"type":"cancel","target":"{id}"}}"#));
    }
    let mut cancelled = 0;
    let mut acks = 0;
    while cancelled + acks < 64 {
        match raw.reply().unwrap().body {
            ReplyBody::Ok(OkReply::Cancel(_)) => acks += 1,
            ReplyBody::Error(error) => {
                assert_eq!(error.code, ErrorCode::Cancelled);
                assert_eq!(error.generation, Some(generation));
                cancelled += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    still_serves(&served, generation);
}

#[test]
fn an_expired_deadline_fails_without_touching_the_session() {
    let served = Served::todo();
    let mut raw = Raw::open(&served);
    // The session is busy for 300 ms; a request queued behind it with a
    // 1 ms deadline has run out by the time its turn comes.
    raw.json(
        r#"{"v":"rehearse/1","id":"busy","deadlineMs":5000,"type":"act","script":"sleep:300"}"#,
    );
    raw.json(r#"{"v":"rehearse/1","id":"late","deadlineMs":1,"type":"act","script":"click:#new-todo; type:never"}"#);
    let ReplyBody::Ok(OkReply::Act(busy)) = raw.reply().unwrap().body else {
        panic!("the sleep ran")
    };
    let reply = raw.reply().unwrap();
    let ReplyBody::Error(late) = reply.body else { panic!("the late request failed") };
    assert_eq!(late.code, ErrorCode::DeadlineExceeded);
    assert_eq!(late.generation, Some(busy.generation));
    still_serves(&served, busy.generation);
}

#[test]
fn a_hundred_concurrent_connections() {
    // No connection before these (one still ending would hold a place).
    let served = Served::todo();
    let generation = 1;
    let mut connections: Vec<Raw> = (0..100).map(|_| Raw::open(&served)).collect();
    let (mut answered, mut refused) = (0, 0);
    for (n, raw) in connections.iter_mut().enumerate() {
        raw.json(&format!(r#"{{"v":"rehearse/1","id":"p{n}","deadlineMs":5000,"type":"ping"}}"#));
        match raw.reply() {
            Some(Reply { body: ReplyBody::Ok(OkReply::Ping(ping)), .. }) => {
                assert_eq!(ping.generation, generation);
                answered += 1;
            }
            Some(Reply { body: ReplyBody::Error(error), .. }) => {
                assert_eq!(error.code, ErrorCode::TooManyConnections);
                assert_eq!(error.limit.as_deref(), Some("maxConnections"));
                assert!(raw.closed());
                refused += 1;
            }
            None => panic!("connection {n} closed without a word"),
            Some(other) => panic!("{other:?}"),
        }
    }
    assert_eq!((answered, refused), (16, 84));
    drop(connections);
    still_serves(&served, generation);
}

#[test]
fn limits_lowered_by_the_server_are_announced_and_enforced() {
    let limits = Limits::builder()
        .max_request_bytes(512)
        .and_then(|builder| builder.max_in_flight(2))
        .and_then(|builder| builder.max_connections(2))
        .expect("lowering is allowed")
        .build();
    let served = Served::todo_with(limits);
    let generation = served.ping();
    // The hello reply announces the lowered limits.
    let mut raw = Raw::open(&served);
    raw.json(r#"{"v":"rehearse/1","id":"h","deadlineMs":1000,"type":"hello","capabilities":[]}"#);
    let Some(Reply { body: ReplyBody::Ok(OkReply::Hello(hello)), .. }) = raw.reply() else {
        panic!("hello answered")
    };
    assert_eq!((hello.limits.max_request_bytes, hello.limits.max_in_flight), (512, 2), "{hello:?}");
    // Two requests in flight, the third refused naming the limit.
    for id in ["a", "b", "c"] {
        raw.json(&format!(
            r#"{{"v":"rehearse/1","id":"{id}","deadlineMs":60000,"type":"wait-for","condition":"exists,#toggle-9","timeoutMs":60000}}"#
        ));
    }
    let (id, code) = raw.error();
    assert_eq!((id.as_deref(), code), (Some("c"), ErrorCode::TooManyRequests));
    // A second connection is served, a third refused.
    let mut second = Raw::open(&served);
    second.json(r#"{"v":"rehearse/1","id":"p","deadlineMs":1000,"type":"ping"}"#);
    assert!(matches!(
        second.reply().map(|reply| reply.body),
        Some(ReplyBody::Ok(OkReply::Ping(_)))
    ));
    let mut third = Raw::open(&served);
    third.json(r#"{"v":"rehearse/1","id":"p","deadlineMs":1000,"type":"ping"}"#);
    let Some(Reply { body: ReplyBody::Error(error), .. }) = third.reply() else {
        panic!("the third connection is refused")
    };
    assert_eq!(error.code, ErrorCode::TooManyConnections);
    assert!(third.closed());
    drop(third);
    drop(second);
    // A request over 512 bytes poisons its connection, naming the limit.
    let long = format!(
        r#"{{"v":"rehearse/1","id":"big","deadlineMs":1000,"type":"act","script":"type:{}"}}"#,
        "x".repeat(600)
    );
    raw.json(&long);
    let Some(Reply { body: ReplyBody::Error(error), .. }) = raw.reply() else {
        panic!("the long request is refused")
    };
    assert_eq!(error.limit.as_deref(), Some("maxRequestBytes"), "{error:?}");
    assert!(raw.closed());
    drop(raw);
    still_serves(&served, generation);
}
