//! Every message survives the wire: written, framed, decoded, read back equal.

mod support;

use rehearse_protocol::{
    FrameDecoder, Limits, Reply, decode_reply, decode_request, encode_reply, encode_request,
    parse_reply, parse_request, reply_from_frame, request_from_frame,
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
    let rehearse_protocol::ReplyBody::Ok(rehearse_protocol::OkReply::Snapshot(snapshot)) =
        reply.body
    else {
        panic!("a snapshot reply")
    };
    assert_eq!(snapshot.data.as_slice(), b"# todo");
}
