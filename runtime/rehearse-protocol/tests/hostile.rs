//! The hostile corpus at the wire: every case gets its structured error, a
//! frame violation poisons the decoder for good, and nothing panics.

use crate::support;

use rehearse_protocol::{
    ErrorCode, WireError,
    frame::{Direction, Frame, FrameDecoder, encode_frame},
    inflight::InFlight,
    limits::Limits,
    message::{RequestBody, decode_request, encode_request, parse_request},
    negotiation::{Capability, check_granted},
};
use support::{Rng, every_request, id};

fn framed(body: &str) -> Vec<u8> {
    encode_frame(body.as_bytes(), Direction::Request, &Limits::default()).unwrap()
}

fn request(fields: &str) -> String {
    format!(r#"{{"v":"rehearse/1","id":"r1","deadlineMs":1000,{fields}}}"#)
}

fn code_of(text: &str) -> ErrorCode {
    parse_request(text).unwrap_err().code
}

#[test]
fn a_header_claiming_4_gib_is_refused_at_once_with_no_body_awaited() {
    let mut decoder = FrameDecoder::requests(&Limits::default());
    let error = decoder.feed(&[0xFF, 0xFF, 0xFF, 0xFF]).unwrap_err();
    assert_eq!(error.code, ErrorCode::RequestTooLarge);
    assert_eq!(error.limit.as_deref(), Some("maxRequestBytes"));
    assert!(error.message.contains("4294967295"), "{}", error.message);
    assert_eq!(decoder.pending_bytes(), 0, "nothing is held waiting for a body");
    // The body that follows is never taken.
    assert_eq!(decoder.feed(&[b'{'; 1024]).unwrap_err(), error);
}

#[test]
fn one_byte_over_the_limit_is_refused_and_the_limit_itself_accepted() {
    let limits = Limits::default();
    let over = (limits.max_request_bytes() + 1).to_be_bytes();
    assert_eq!(
        FrameDecoder::requests(&limits).feed(&over).unwrap_err().code,
        ErrorCode::RequestTooLarge
    );
    let body = format!("\"{}\"", "x".repeat(limits.max_request_bytes() as usize - 2));
    assert_eq!(FrameDecoder::requests(&limits).feed(&framed(&body)).unwrap().len(), 1);
    assert_eq!(decode_request(&[b' '; 65_537]).unwrap_err().code, ErrorCode::RequestTooLarge);
}

#[test]
fn truncated_frames_stay_pending() {
    let bytes = framed(&request(r#""type":"ping""#));
    for cut in 0..bytes.len() {
        let mut decoder = FrameDecoder::requests(&Limits::default());
        assert_eq!(decoder.feed(&bytes[..cut]).unwrap(), Vec::<Frame>::new(), "cut at {cut}");
        assert_eq!(decoder.pending_bytes(), cut);
        assert!(decoder.poisoned().is_none());
    }
}

#[test]
fn a_zero_length_frame_is_malformed() {
    let error = FrameDecoder::requests(&Limits::default()).feed(&[0, 0, 0, 0]).unwrap_err();
    assert_eq!(error.code, ErrorCode::Malformed);
}

#[test]
fn non_utf8_is_malformed() {
    let mut bytes = vec![0, 0, 0, 4];
    bytes.extend([b'"', 0xFF, 0xFE, b'"']);
    let error = FrameDecoder::requests(&Limits::default()).feed(&bytes).unwrap_err();
    assert_eq!(error.code, ErrorCode::Malformed);
    assert!(error.message.contains("UTF-8"), "{}", error.message);
    assert_eq!(decode_request(&[0xC3, 0x28]).unwrap_err().code, ErrorCode::Malformed);
}

#[test]
fn bad_json_is_malformed() {
    for body in ["{\"v\":", "{} x", "{'v':1}", "nul", "{\"a\":1,}", "\u{FEFF}{}"] {
        let error = FrameDecoder::requests(&Limits::default()).feed(&framed(body)).unwrap_err();
        assert_eq!(error.code, ErrorCode::Malformed, "{body:?}");
        assert_eq!(decode_request(body.as_bytes()).unwrap_err().code, ErrorCode::Malformed);
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    // Balanced, 60,000 bytes: within the limit, far past the JSON depth bound.
    let deep = format!("{}{}", "[".repeat(30_000), "]".repeat(30_000));
    assert_eq!(decode_request(deep.as_bytes()).unwrap_err().code, ErrorCode::Malformed);
    // It is one JSON value, so the frame is whole and valid; the message is not.
    let mut decoder = FrameDecoder::requests(&Limits::default());
    let frames = decoder.feed(&framed(&deep)).unwrap();
    let error = rehearse_protocol::message::request_from_frame(&frames[0]).unwrap_err();
    assert_eq!(error.code, ErrorCode::Malformed);
    let inner = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
    let hello = request(&format!(r#""type":"hello","capabilities":{inner}"#));
    assert_eq!(decode_request(hello.as_bytes()).unwrap_err().code, ErrorCode::Malformed);
}

#[test]
fn json_that_is_not_a_request_object_is_malformed_and_does_not_poison() {
    let mut decoder = FrameDecoder::requests(&Limits::default());
    let frames = decoder.feed(&framed("[1,2,3]")).unwrap();
    assert_eq!(
        rehearse_protocol::message::request_from_frame(&frames[0]).unwrap_err().code,
        ErrorCode::Malformed
    );
    assert!(decoder.poisoned().is_none(), "a message error is answered, the stream goes on");
}

#[test]
fn unknown_and_duplicate_fields_are_malformed_naming_the_field() {
    for (text, field) in [
        (request(r#""type":"ping","extra":1"#), "extra"),
        (request(r#""type":"act","script":"key:a","dryRun":true"#), "dryRun"),
        (request(r#""type":"snapshot","format":"text","scale":2"#), "scale"),
        (request(r#""type":"ping","type":"close""#), "type"),
        (request(r#""type":"pty-stop","force":true"#), "force"),
        (request(r#""type":"pty-start","timeoutMs":10,"cols":80"#), "cols"),
    ] {
        let error = parse_request(&text).unwrap_err();
        assert_eq!(error.code, ErrorCode::Malformed, "{text}");
        assert!(error.message.contains(&format!("`{field}`")), "{}", error.message);
        // A duplicate makes the whole object ambiguous (which `id`?): it is
        // refused before any field is read. Otherwise the id was read first.
        let expected = if field == "type" { None } else { Some(id("r1")) };
        assert_eq!(error.request_id, expected, "{text}");
    }
}

#[test]
fn missing_fields_and_unknown_types_or_values_are_malformed() {
    for text in [
        request(r#""type":"act""#),
        request(r#""type":"teleport""#),
        request(r#""script":"key:a""#),
        request(r#""type":"snapshot","format":"gif""#),
        request(r#""type":"act","script":7"#),
        request(r#""type":"wait-for","condition":"exists,#a","timeoutMs":-5"#),
        request(r#""type":"pty-start","timeoutMs":0"#),
        request(r#""type":"pty-start","timeoutMs":"10""#),
        request(r#""type":"pty-restart""#),
    ] {
        assert_eq!(code_of(&text), ErrorCode::Malformed, "{text}");
    }
}

#[test]
fn an_unknown_version_is_unsupported_version() {
    for v in ["rehearse/2", "rehearse/0", "REHEARSE/1", ""] {
        let text = format!(r#"{{"v":"{v}","id":"r1","deadlineMs":1000,"type":"ping"}}"#);
        let error = parse_request(&text).unwrap_err();
        assert_eq!(error.code, ErrorCode::UnsupportedVersion, "{v}");
        assert!(error.message.contains("rehearse/1"), "{}", error.message);
    }
}

#[test]
fn bad_ids_are_invalid_request_id() {
    let long = "a".repeat(65);
    for id in ["\"\"", &format!("\"{long}\""), "\"a b\"", "\"a;b\"", "\"é\"", "7", "null"] {
        let text = format!(r#"{{"v":"rehearse/1","id":{id},"deadlineMs":1000,"type":"ping"}}"#);
        let error = parse_request(&text).unwrap_err();
        assert_eq!(error.code, ErrorCode::InvalidRequestId, "{id}");
        assert_eq!(error.request_id, None);
    }
    let missing = r#"{"v":"rehearse/1","deadlineMs":1000,"type":"ping"}"#;
    assert_eq!(code_of(missing), ErrorCode::InvalidRequestId);
}

#[test]
fn a_duplicate_id_in_flight_is_duplicate_request_id() {
    let mut in_flight = InFlight::new(&Limits::default());
    in_flight.begin(id("r1"), ()).unwrap();
    let error = in_flight.begin(id("r1"), ()).unwrap_err();
    assert_eq!(error.code, ErrorCode::DuplicateRequestId);
}

#[test]
fn deadlines_0_and_60001_are_invalid_deadline() {
    for deadline in [0, 60_001] {
        let text =
            format!(r#"{{"v":"rehearse/1","id":"d","deadlineMs":{deadline},"type":"ping"}}"#);
        let error = parse_request(&text).unwrap_err();
        assert_eq!(error.code, ErrorCode::InvalidDeadline);
        assert_eq!(error.limit.as_deref(), Some("deadlineMs"));
        assert_eq!(error.request_id, Some(id("d")));
    }
    for deadline in [1, 60_000] {
        let text =
            format!(r#"{{"v":"rehearse/1","id":"d","deadlineMs":{deadline},"type":"ping"}}"#);
        assert!(parse_request(&text).is_ok());
    }
}

#[test]
fn cancelling_an_unknown_id_is_unknown_request() {
    let mut in_flight = InFlight::<()>::new(&Limits::default());
    let cancel = parse_request(&request(r#""type":"cancel","target":"ghost""#)).unwrap();
    let RequestBody::Cancel(cancel) = cancel.body else { panic!("a cancel") };
    assert_eq!(in_flight.cancel(&cancel.target).unwrap_err().code, ErrorCode::UnknownRequest);
}

#[test]
fn an_ungranted_capability_is_unsupported_capability() {
    let png = parse_request(&request(r#""type":"snapshot","format":"png""#)).unwrap();
    assert_eq!(check_granted(&png.body, &[]).unwrap_err().code, ErrorCode::UnsupportedCapability);
    // `pty-stop` and `pty-start` are new request types behind `pty-restart`:
    // without the grant they never reach a session, whatever else was granted.
    let others: Vec<Capability> = ["snapshot-png", "terminal", "model-state"]
        .iter()
        .map(|name| Capability::new(name).unwrap())
        .collect();
    for fields in [r#""type":"pty-stop""#, r#""type":"pty-start","timeoutMs":500"#] {
        let parsed = parse_request(&request(fields)).unwrap();
        let error = check_granted(&parsed.body, &others).unwrap_err();
        assert_eq!(error.code, ErrorCode::UnsupportedCapability, "{fields}");
        assert!(error.message.contains("`pty-restart`"), "{}", error.message);
        let granted = [Capability::new("pty-restart").unwrap()];
        assert!(check_granted(&parsed.body, &granted).is_ok(), "{fields}");
    }
}

#[test]
fn a_pty_start_wait_longer_than_its_deadline_is_invalid_deadline() {
    let text =
        r#"{"v":"rehearse/1","id":"s","deadlineMs":1000,"type":"pty-start","timeoutMs":1001}"#;
    let error = parse_request(text).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidDeadline);
    assert_eq!(error.limit.as_deref(), Some("deadlineMs"));
    assert_eq!(error.request_id, Some(id("s")));
    let fits =
        r#"{"v":"rehearse/1","id":"s","deadlineMs":1000,"type":"pty-start","timeoutMs":1000}"#;
    assert!(parse_request(fits).is_ok());
}

#[test]
fn a_poisoned_decoder_stays_poisoned() {
    let mut decoder = FrameDecoder::requests(&Limits::default());
    let error = decoder.feed(&[0, 0, 0, 0]).unwrap_err();
    let ping = framed(&request(r#""type":"ping""#));
    for _ in 0..3 {
        assert_eq!(decoder.feed(&ping).unwrap_err(), error);
        assert_eq!(decoder.feed(&[]).unwrap_err(), error);
    }
    assert_eq!(decoder.poisoned(), Some(&error));
}

/// Feeds `stream` cut at `cuts` and returns the frames yielded and the error.
fn feed_in_pieces(stream: &[u8], cuts: &[usize]) -> (Vec<Frame>, Option<WireError>) {
    let mut decoder = FrameDecoder::requests(&Limits::default());
    let mut frames = Vec::new();
    let mut start = 0;
    for &end in cuts.iter().chain(std::iter::once(&stream.len())) {
        match decoder.feed(&stream[start..end]) {
            Ok(more) => frames.extend(more),
            Err(error) => return (frames, Some(error)),
        }
        start = end;
    }
    (frames, None)
}

fn valid_stream() -> Vec<u8> {
    let limits = Limits::default();
    every_request().iter().take(6).flat_map(|r| encode_request(r, &limits).unwrap()).collect()
}

#[test]
fn byte_by_byte_feeding_equals_whole_feeding() {
    let stream = valid_stream();
    let (whole, none) = feed_in_pieces(&stream, &[]);
    assert!(none.is_none());
    assert_eq!(whole.len(), 6);
    let every_byte: Vec<usize> = (1..stream.len()).collect();
    assert_eq!(feed_in_pieces(&stream, &every_byte), (whole.clone(), None));
    for cut in 0..=stream.len() {
        assert_eq!(feed_in_pieces(&stream, &[cut]), (whole.clone(), None), "one cut at {cut}");
    }
    let mut rng = Rng::new(0x5EED);
    for _ in 0..500 {
        let mut cuts: Vec<usize> = (0..rng.below(8)).map(|_| rng.below(stream.len() + 1)).collect();
        cuts.sort_unstable();
        assert_eq!(feed_in_pieces(&stream, &cuts), (whole.clone(), None), "cuts {cuts:?}");
    }
}

#[test]
fn any_split_of_a_bad_stream_ends_in_the_same_error_after_a_prefix_of_its_frames() {
    let mut stream = valid_stream();
    stream.extend([0, 0, 0, 3, b'{', 0xFF, b'}']);
    stream.extend(valid_stream());
    let (whole_frames, whole_error) = feed_in_pieces(&stream, &[]);
    let whole_error = whole_error.expect("the violation is found");
    assert!(whole_frames.is_empty(), "a read holding a violation is not acted on");
    let (good, _) = feed_in_pieces(&valid_stream(), &[]);
    for cut in 0..=stream.len() {
        let (frames, error) = feed_in_pieces(&stream, &[cut]);
        assert_eq!(error.as_ref(), Some(&whole_error), "cut at {cut}");
        assert!(good.starts_with(&frames), "cut at {cut}: only frames before the violation");
    }
}

#[test]
fn decode_request_never_panics_on_random_bytes() {
    let mut rng = Rng::new(0xF022);
    for _ in 0..20_000 {
        let len = rng.below(96);
        let bytes = rng.bytes(len);
        if let Ok(request) = decode_request(&bytes) {
            panic!("random bytes made a request: {request:?}");
        }
    }
}

#[test]
fn decode_request_never_panics_on_mutated_requests() {
    let seeds: Vec<Vec<u8>> = every_request().iter().map(|r| r.to_json().into_bytes()).collect();
    let alphabet = b"{}[]\":,0123456789-eE.tfnul \\abvidtypeMs";
    let mut rng = Rng::new(0xBAD_C0DE);
    for _ in 0..20_000 {
        let mut bytes = seeds[rng.below(seeds.len())].clone();
        for _ in 0..=rng.below(4) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(4) {
                0 if at < bytes.len() => bytes[at] = rng.next() as u8,
                1 if at < bytes.len() => bytes[at] = alphabet[rng.below(alphabet.len())],
                2 => bytes.insert(at, alphabet[rng.below(alphabet.len())]),
                _ => bytes.truncate(at),
            }
        }
        // Whatever reads must read again to itself: no request is half-accepted.
        if let Ok(request) = decode_request(&bytes) {
            assert_eq!(decode_request(request.to_json().as_bytes()).unwrap(), request);
        }
    }
}

#[test]
fn the_decoder_never_panics_on_random_streams() {
    let limits = Limits::builder().max_request_bytes(256).unwrap().build();
    let mut rng = Rng::new(42);
    for _ in 0..2_000 {
        let mut decoder = FrameDecoder::requests(&limits);
        for _ in 0..8 {
            let len = rng.below(64);
            let mut chunk = rng.bytes(len);
            if rng.below(3) == 0 && chunk.len() >= 4 {
                chunk[..4].copy_from_slice(&(rng.below(300) as u32).to_be_bytes());
            }
            if let Ok(frames) = decoder.feed(&chunk) {
                for frame in frames {
                    let _ = rehearse_protocol::message::request_from_frame(&frame);
                }
            }
        }
    }
}

#[test]
fn an_over_limit_request_is_refused_by_the_encoder() {
    let limits = Limits::builder().max_request_bytes(64).unwrap().build();
    let act = parse_request(&request(&format!(r#""type":"act","script":"{}""#, "x".repeat(100))))
        .unwrap();
    let error = encode_request(&act, &limits).unwrap_err();
    assert_eq!(error.code, ErrorCode::RequestTooLarge);
    assert_eq!(error.request_id, Some(id("r1")));
}

#[test]
fn a_deeply_nested_reply_is_malformed_not_a_crash() {
    let limits = Limits::default();
    let deep = format!("{}{}", "[".repeat(1 << 20), "]".repeat(1 << 20));
    let error = rehearse_protocol::message::decode_reply(deep.as_bytes(), &limits).unwrap_err();
    assert_eq!(error.code, ErrorCode::Malformed);
    let object = format!(
        r#"{{"v":"rehearse/1","id":"p","type":"ok","op":"ping","generation":1,"x":{deep}}}"#
    );
    let error = rehearse_protocol::message::decode_reply(object.as_bytes(), &limits).unwrap_err();
    assert_eq!(error.code, ErrorCode::Malformed);
}

#[test]
fn a_reply_header_over_the_reply_limit_is_refused_at_once() {
    let mut decoder = FrameDecoder::replies(&Limits::default());
    let error = decoder.feed(&(16 * 1024 * 1024 + 1u32).to_be_bytes()).unwrap_err();
    assert_eq!(error.code, ErrorCode::ReplyTooLarge);
    assert_eq!(decoder.pending_bytes(), 0);
}

#[test]
fn an_error_quoting_a_huge_field_stays_small() {
    let name = "x".repeat(60_000);
    for text in [
        request(&format!(r#""type":"ping","{name}":1"#)),
        request(&format!(r#""type":"{name}""#)),
        format!(r#"{{"v":"{name}","id":"r1","deadlineMs":1000,"type":"ping"}}"#),
    ] {
        let error = decode_request(text.as_bytes()).unwrap_err();
        assert!(
            error.message.len() <= rehearse_protocol::limits::MAX_MESSAGE_BYTES,
            "{}",
            error.code
        );
    }
}
