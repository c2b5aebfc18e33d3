//! Frames: a 4-byte big-endian length, then that many bytes of UTF-8 JSON.
//! The decoder checks the length before it takes a byte of the body, buffers
//! a partial frame without acting on it, and is poisoned by a violation.

use serde::de::IgnoredAny;

use crate::error::{ErrorCode, WireError};
use crate::limits::Limits;

/// The bytes of a frame's length header.
pub const HEADER_BYTES: usize = 4;

/// Which way frames travel: it decides the limit and the code of a frame over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Client to server: limited by `maxRequestBytes`, over it is `request-too-large`.
    Request,
    /// Server to client: limited by `maxReplyBytes`, over it is `reply-too-large`.
    Reply,
}

impl Direction {
    /// The body limit of this direction under `limits`.
    pub fn limit(self, limits: &Limits) -> u32 {
        match self {
            Direction::Request => limits.max_request_bytes(),
            Direction::Reply => limits.max_reply_bytes(),
        }
    }

    fn too_large(self, declared: u64, limit: u32) -> WireError {
        let (code, name) = match self {
            Direction::Request => (ErrorCode::RequestTooLarge, "maxRequestBytes"),
            Direction::Reply => (ErrorCode::ReplyTooLarge, "maxReplyBytes"),
        };
        WireError::new(
            code,
            format!("a frame of {declared} bytes is over the limit of {limit} bytes ({name})"),
        )
        .with_limit(name)
    }
}

/// One whole frame's body: UTF-8 text that is one JSON value (its shape is
/// checked by the message layer, not here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame(String);

impl Frame {
    /// The JSON text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The JSON text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

/// Checks a whole body: not empty, not over `limit`, UTF-8, one JSON value.
pub(crate) fn check_body(
    body: &[u8],
    direction: Direction,
    limit: u32,
) -> Result<Frame, WireError> {
    if body.is_empty() {
        return Err(WireError::malformed("a frame of 0 bytes carries no message"));
    }
    if body.len() as u64 > u64::from(limit) {
        return Err(direction.too_large(body.len() as u64, limit));
    }
    let text = std::str::from_utf8(body)
        .map_err(|error| WireError::malformed(format!("the frame is not UTF-8: {error}")))?;
    serde_json::from_str::<IgnoredAny>(text).map_err(|error| {
        WireError::malformed(format!("the frame is not one JSON value: {error}"))
    })?;
    Ok(Frame(text.to_owned()))
}

/// `body` framed: its length as 4 big-endian bytes, then the body. Refuses an
/// empty body and one over the `direction`'s limit (so a server answers
/// `reply-too-large` instead of sending it).
pub fn encode_frame(
    body: &[u8],
    direction: Direction,
    limits: &Limits,
) -> Result<Vec<u8>, WireError> {
    let limit = direction.limit(limits);
    if body.is_empty() {
        return Err(WireError::malformed("a frame of 0 bytes carries no message"));
    }
    if body.len() as u64 > u64::from(limit) {
        return Err(direction.too_large(body.len() as u64, limit));
    }
    let mut frame = Vec::with_capacity(HEADER_BYTES + body.len());
    frame.extend_from_slice(&(body.len() as u32).to_be_bytes());
    frame.extend_from_slice(body);
    Ok(frame)
}

#[derive(Debug)]
enum State {
    /// Reading the header: the bytes of it seen so far.
    Header { bytes: [u8; HEADER_BYTES], seen: usize },
    /// Reading a body of `len` bytes, accepted against the limit.
    Body { len: usize, bytes: Vec<u8> },
    /// A violation happened; this is the answer from now on.
    Poisoned(WireError),
}

/// A streaming frame decoder. Feed it bytes split anywhere; it yields whole
/// frames. The declared length is checked against the limit as soon as the 4
/// header bytes are in, before any byte of the body is taken. A violation
/// (over the limit, a zero length, not UTF-8, not JSON) poisons it: that call
/// and every later one return the same error, and it never resynchronises.
#[derive(Debug)]
pub struct FrameDecoder {
    direction: Direction,
    limit: u32,
    state: State,
}

impl FrameDecoder {
    /// A decoder of frames travelling `direction` under `limits`.
    pub fn new(direction: Direction, limits: &Limits) -> FrameDecoder {
        FrameDecoder {
            direction,
            limit: direction.limit(limits),
            state: State::Header { bytes: [0; HEADER_BYTES], seen: 0 },
        }
    }

    /// A decoder of requests (the server's side).
    pub fn requests(limits: &Limits) -> FrameDecoder {
        FrameDecoder::new(Direction::Request, limits)
    }

    /// A decoder of replies (the client's side).
    pub fn replies(limits: &Limits) -> FrameDecoder {
        FrameDecoder::new(Direction::Reply, limits)
    }

    /// The error that poisoned this decoder, if one did.
    pub fn poisoned(&self) -> Option<&WireError> {
        match &self.state {
            State::Poisoned(error) => Some(error),
            _ => None,
        }
    }

    /// Bytes of a partial frame held (header bytes included).
    pub fn pending_bytes(&self) -> usize {
        match &self.state {
            State::Header { seen, .. } => *seen,
            State::Body { bytes, .. } => HEADER_BYTES + bytes.len(),
            State::Poisoned(_) => 0,
        }
    }

    /// Takes `input` and returns the frames it completed. On a violation the
    /// decoder is poisoned and the error returned; frames completed earlier in
    /// the same call are dropped with it (a read that holds a violation is not
    /// acted on). Once poisoned, every call returns the same error.
    pub fn feed(&mut self, mut input: &[u8]) -> Result<Vec<Frame>, WireError> {
        let mut frames = Vec::new();
        while !input.is_empty() || matches!(self.state, State::Poisoned(_)) {
            match self.step(&mut input) {
                Ok(Some(frame)) => frames.push(frame),
                Ok(None) => {}
                Err(error) => {
                    self.state = State::Poisoned(error.clone());
                    return Err(error);
                }
            }
        }
        Ok(frames)
    }

    /// Advances by as much of `input` as the current state takes.
    fn step(&mut self, input: &mut &[u8]) -> Result<Option<Frame>, WireError> {
        match &mut self.state {
            State::Poisoned(error) => Err(error.clone()),
            State::Header { bytes, seen } => {
                let take = (HEADER_BYTES - *seen).min(input.len());
                bytes[*seen..*seen + take].copy_from_slice(&input[..take]);
                *seen += take;
                *input = &input[take..];
                if *seen < HEADER_BYTES {
                    return Ok(None);
                }
                let declared = u32::from_be_bytes(*bytes);
                if declared == 0 {
                    return Err(WireError::malformed("a frame of 0 bytes carries no message"));
                }
                if declared > self.limit {
                    return Err(self.direction.too_large(u64::from(declared), self.limit));
                }
                self.state = State::Body { len: declared as usize, bytes: Vec::new() };
                Ok(None)
            }
            State::Body { len, bytes } => {
                let take = (*len - bytes.len()).min(input.len());
                bytes.extend_from_slice(&input[..take]);
                *input = &input[take..];
                if bytes.len() < *len {
                    return Ok(None);
                }
                let body = std::mem::take(bytes);
                self.state = State::Header { bytes: [0; HEADER_BYTES], seen: 0 };
                check_body(&body, self.direction, self.limit).map(Some)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(body: &str) -> Vec<u8> {
        encode_frame(body.as_bytes(), Direction::Request, &Limits::default()).unwrap()
    }

    #[test]
    fn a_frame_is_its_big_endian_length_then_its_body() {
        assert_eq!(framed("{}"), [0, 0, 0, 2, b'{', b'}']);
    }

    #[test]
    fn whole_frames_come_out_of_one_feed() {
        let mut bytes = framed("{\"a\":1}");
        bytes.extend(framed("[1,2]"));
        let mut decoder = FrameDecoder::requests(&Limits::default());
        let frames = decoder.feed(&bytes).unwrap();
        assert_eq!(frames.iter().map(Frame::as_str).collect::<Vec<_>>(), ["{\"a\":1}", "[1,2]"]);
        assert_eq!(decoder.pending_bytes(), 0);
    }

    #[test]
    fn a_partial_frame_is_held_not_yielded() {
        let bytes = framed("{\"a\":1}");
        let mut decoder = FrameDecoder::requests(&Limits::default());
        assert!(decoder.feed(&bytes[..bytes.len() - 1]).unwrap().is_empty());
        assert_eq!(decoder.pending_bytes(), bytes.len() - 1);
        assert_eq!(decoder.feed(&bytes[bytes.len() - 1..]).unwrap().len(), 1);
    }

    #[test]
    fn the_length_is_checked_before_the_body_is_taken() {
        let limits = Limits::builder().max_request_bytes(8).unwrap().build();
        let mut decoder = FrameDecoder::requests(&limits);
        let error = decoder.feed(&[0, 0, 0, 9, b'x']).unwrap_err();
        assert_eq!(error.code, ErrorCode::RequestTooLarge);
        assert_eq!(error.limit.as_deref(), Some("maxRequestBytes"));
        assert_eq!(decoder.pending_bytes(), 0, "no body byte was buffered");
    }

    #[test]
    fn replies_over_their_limit_are_reply_too_large() {
        let limits = Limits::builder().max_reply_bytes(4).unwrap().build();
        let error = FrameDecoder::replies(&limits).feed(&[0, 0, 0, 5]).unwrap_err();
        assert_eq!(error.code, ErrorCode::ReplyTooLarge);
        let error = encode_frame(b"12345", Direction::Reply, &limits).unwrap_err();
        assert_eq!(error.code, ErrorCode::ReplyTooLarge);
    }

    #[test]
    fn the_encoder_refuses_an_empty_body() {
        assert_eq!(
            encode_frame(b"", Direction::Request, &Limits::default()).unwrap_err().code,
            ErrorCode::Malformed
        );
    }

    #[test]
    fn frames_before_a_violation_in_the_same_feed_are_dropped() {
        let mut bytes = framed("{}");
        bytes.extend([0, 0, 0, 0]);
        let mut decoder = FrameDecoder::requests(&Limits::default());
        assert_eq!(decoder.feed(&bytes).unwrap_err().code, ErrorCode::Malformed);
        assert!(decoder.poisoned().is_some());
    }
}
