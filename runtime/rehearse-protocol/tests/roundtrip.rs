//! Every message survives the wire: written, framed, decoded, read back equal.

use crate::support;

use rehearse_protocol::{
    frame::FrameDecoder,
    limits::Limits,
    message::{
        Reply, decode_reply, decode_request, encode_reply, encode_request, parse_reply,
        parse_request, reply_from_frame, request_from_frame,
    },
};
use support::{every_reply, every_request};

#[test]
fn every_request_round_trips_through_json() {
    for request in every_request() {
        assert_eq!(parse_request(&request.to_json()).unwrap(), request, "{}", request.to_json());
        assert_eq!(decode_request(request.to_json().as_bytes()).unwrap(), request);
    }
}

#[test]
fn every_request_round_trips_through_frames() {
    let limits = Limits::default();
    let mut stream = Vec::new();
    for request in every_request() {
        stream.extend(encode_request(&request, &limits).unwrap());
    }
    let frames = FrameDecoder::requests(&limits).feed(&stream).unwrap();
    let read: Vec<_> = frames.iter().map(|f| request_from_frame(f).unwrap()).collect();
    assert_eq!(read, every_request());
}

#[test]
fn every_reply_round_trips_through_json_and_frames() {
    let limits = Limits::default();
    let mut stream = Vec::new();
    for reply in every_reply() {
        let json = reply.to_json().unwrap();
        assert_eq!(parse_reply(&json).unwrap(), reply, "{json}");
        let frame = encode_reply(&reply, &limits).unwrap();
        assert_eq!(decode_reply(&frame[4..], &limits).unwrap(), reply);
        stream.extend(frame);
    }
    let frames = FrameDecoder::replies(&limits).feed(&stream).unwrap();
    let read: Vec<Reply> = frames.iter().map(|f| reply_from_frame(f).unwrap()).collect();
    assert_eq!(read, every_reply());
}

#[test]
fn the_catalogue_examples_read_as_documented() {
    let request = parse_request(
        r#"{"v":"rehearse/1","id":"s1","deadlineMs":2000,"type":"snapshot","format":"markdown"}"#,
    )
    .unwrap();
    assert_eq!(request.body.op().as_str(), "snapshot");
    let reply = parse_reply(
        r##"{"v":"rehearse/1","id":"s1","type":"ok","op":"snapshot","generation":12,"format":"markdown","data":"IyB0b2Rv"}"##,
    )
    .unwrap();
    let rehearse_protocol::message::ReplyBody::Ok(rehearse_protocol::message::OkReply::Snapshot(
        snapshot,
    )) = reply.body
    else {
        panic!("a snapshot reply")
    };
    assert_eq!(snapshot.data.as_slice(), b"# todo");
}

#[test]
fn a_reply_over_the_limit_becomes_reply_too_large_for_the_same_request() {
    use rehearse_protocol::{
        ErrorCode,
        message::{Bytes, Extra, OkReply, ReplyBody, SnapshotData, encode_reply_or_error},
        vocabulary::SnapshotFormat,
    };
    let limits = Limits::builder().max_reply_bytes(1024).unwrap().build();
    let big = Reply::ok(
        support::id("s9"),
        OkReply::Snapshot(SnapshotData {
            generation: 3,
            format: SnapshotFormat::Png,
            data: Bytes(vec![7; 2000]),
            extra: Extra::new(),
        }),
    );
    assert_eq!(encode_reply(&big, &limits).unwrap_err().code, ErrorCode::ReplyTooLarge);
    let frame = encode_reply_or_error(&big, &limits).unwrap();
    let reply = decode_reply(&frame[4..], &limits).unwrap();
    assert_eq!(reply.id, Some(support::id("s9")));
    let ReplyBody::Error(error) = reply.body else { panic!("an error reply") };
    assert_eq!(
        (error.code, error.limit.as_deref()),
        (ErrorCode::ReplyTooLarge, Some("maxReplyBytes"))
    );
}

#[test]
fn megabytes_of_artifact_round_trip() {
    use rehearse_protocol::{
        message::{Bytes, Extra, OkReply, SnapshotData},
        vocabulary::SnapshotFormat,
    };
    let data: Vec<u8> =
        (0..4 * 1024 * 1024).map(|i: u32| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    let reply = Reply::ok(
        support::id("big"),
        OkReply::Snapshot(SnapshotData {
            generation: 1,
            format: SnapshotFormat::Png,
            data: Bytes(data),
            extra: Extra::new(),
        }),
    );
    let limits = Limits::default();
    let frame = encode_reply(&reply, &limits).unwrap();
    assert_eq!(decode_reply(&frame[4..], &limits).unwrap(), reply);
}

/// Text written directly (no `extra`) and text built through a JSON value
/// (with `extra`) are the same object as [`Reply::to_value`] and
/// [`Request::to_value`](rehearse_protocol::message::Request::to_value).
#[test]
fn written_text_is_the_value_of_every_message() {
    for request in every_request() {
        let text: serde_json::Value = serde_json::from_str(&request.to_json()).unwrap();
        assert_eq!(text, request.to_value(), "{}", request.to_json());
    }
    for reply in every_reply() {
        let text: serde_json::Value = serde_json::from_str(&reply.to_json().unwrap()).unwrap();
        assert_eq!(text, reply.to_value().unwrap());
    }
    // `extra` naming an envelope field never overwrites it, on either path.
    let mut extra = rehearse_protocol::message::Extra::new();
    extra.insert("v".into(), "rehearse/9".into());
    extra.insert("op".into(), "close".into());
    extra.insert("traceId".into(), "t-1".into());
    let reply = Reply::ok(
        support::id("p"),
        rehearse_protocol::message::OkReply::Ping(rehearse_protocol::message::Generation {
            generation: 1,
            extra,
        }),
    );
    let text = reply.to_json().unwrap();
    let read = parse_reply(&text).unwrap();
    assert_eq!(read, {
        let mut expected = reply.clone();
        if let rehearse_protocol::message::ReplyBody::Ok(
            rehearse_protocol::message::OkReply::Ping(pong),
        ) = &mut expected.body
        {
            pong.extra.remove("v");
            pong.extra.remove("op");
        }
        expected
    });
    assert!(text.contains(r#""v":"rehearse/1""#) && !text.contains("rehearse/9"), "{text}");
}
