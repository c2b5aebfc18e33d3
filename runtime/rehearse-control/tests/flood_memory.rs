//! The hostile corpus's flood: 10,000 pipelined requests on one connection.
//! Alone in its test binary, so the resident memory measured before and
//! after is the server's and this client's, not other tests'.

mod support;

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::time::Duration;

use rehearse_control::Client;
use rehearse_protocol::{
    ErrorCode,
    frame::FrameDecoder,
    limits::Limits,
    message::{OkReply, Reply, ReplyBody, RequestBody, reply_from_frame},
};
use support::Served;

fn frame(body: &[u8]) -> Vec<u8> {
    let mut bytes = (body.len() as u32).to_be_bytes().to_vec();
    bytes.extend_from_slice(body);
    bytes
}

/// Reads whole replies from `stream`.
fn replies(mut stream: UnixStream, count: usize) -> Vec<Reply> {
    let mut decoder = FrameDecoder::replies(&Limits::default());
    let mut read = Vec::with_capacity(count);
    let mut buffer = [0u8; 65536];
    while read.len() < count {
        let n = stream.read(&mut buffer).unwrap();
        assert!(n > 0, "the server closed after {} replies", read.len());
        for frame in decoder.feed(&buffer[..n]).unwrap() {
            read.push(reply_from_frame(&frame).unwrap());
        }
    }
    read
}

fn ping(served: &Served) -> u64 {
    match Client::connect(served.path()).unwrap().request(RequestBody::Ping, 5_000).unwrap() {
        OkReply::Ping(ping) => ping.generation,
        other => panic!("{other:?}"),
    }
}

/// The test process's resident memory, in bytes.
fn resident() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

/// The bound on what the flood may leave behind.
const FLOOD_GROWTH_BOUND: u64 = 32 * 1024 * 1024;

#[test]
fn a_flood_of_ten_thousand_requests() {
    let served = Served::todo();
    let generation = ping(&served);
    let before = resident();
    let mut stream = UnixStream::connect(served.path()).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let reader = stream.try_clone().unwrap();
    let counter = std::thread::spawn(move || {
        let (mut ok, mut refused) = (0, 0);
        for reply in replies(reader, 10_000) {
            match reply.body {
                ReplyBody::Ok(_) => ok += 1,
                ReplyBody::Error(error) => {
                    assert_eq!(error.code, ErrorCode::TooManyRequests);
                    refused += 1;
                }
            }
        }
        (ok, refused)
    });
    for n in 0..10_000 {
        let body = if n % 2 == 0 {
            format!(r#"{{"v":"rehearse/1","id":"p{n}","deadlineMs":60000,"type":"ping"}}"#)
        } else {
            format!(
                r#"{{"v":"rehearse/1","id":"s{n}","deadlineMs":60000,"type":"snapshot","format":"text"}}"#
            )
        };
        stream.write_all(&frame(body.as_bytes())).unwrap();
    }
    let (ok, refused) = counter.join().unwrap();
    assert_eq!(ok + refused, 10_000);
    assert!(ok >= 5_000, "every ping answers ok ({ok} ok, {refused} refused)");
    drop(stream);
    assert_eq!(ping(&served), generation, "the flood changed nothing");
    let after = resident();
    eprintln!(
        "flood: {ok} ok, {refused} too-many-requests; resident memory {before} -> {after} bytes"
    );
    assert!(
        after < before + FLOOD_GROWTH_BOUND,
        "resident memory grew from {before} to {after} bytes, over the bound of {FLOOD_GROWTH_BOUND}"
    );
}
