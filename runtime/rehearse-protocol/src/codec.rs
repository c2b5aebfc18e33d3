//! Bytes to messages and back: the entry points a server and a client use.

use crate::error::WireError;
use crate::frame::{Direction, Frame, check_body, encode_frame};
use crate::limits::Limits;
use crate::reply::Reply;
use crate::request::Request;
use crate::strict::parse_request;
use crate::tolerant::parse_reply;

/// Reads one request from a frame's body under the default limits. Total:
/// any bytes give a request or a structured error, never a panic (the entry
/// point for fuzzing).
pub fn decode_request(bytes: &[u8]) -> Result<Request, WireError> {
    decode_request_with(bytes, &Limits::default())
}

/// Reads one request from a frame's body under `limits`.
pub fn decode_request_with(bytes: &[u8], limits: &Limits) -> Result<Request, WireError> {
    let frame = check_body(bytes, Direction::Request, limits.max_request_bytes())?;
    parse_request(frame.as_str())
}

/// Reads one reply from a frame's body under `limits`.
pub fn decode_reply(bytes: &[u8], limits: &Limits) -> Result<Reply, WireError> {
    let frame = check_body(bytes, Direction::Reply, limits.max_reply_bytes())?;
    parse_reply(frame.as_str())
}

/// Reads the request a [`Frame`] from a [`FrameDecoder`](crate::frame::FrameDecoder) holds.
pub fn request_from_frame(frame: &Frame) -> Result<Request, WireError> {
    parse_request(frame.as_str())
}

/// Reads the reply a [`Frame`] from a [`FrameDecoder`](crate::frame::FrameDecoder) holds.
pub fn reply_from_frame(frame: &Frame) -> Result<Reply, WireError> {
    parse_reply(frame.as_str())
}

/// `request` framed for the wire; `request-too-large` over the limit.
pub fn encode_request(request: &Request, limits: &Limits) -> Result<Vec<u8>, WireError> {
    encode_frame(request.to_json().as_bytes(), Direction::Request, limits)
        .map_err(|error| error.for_request(request.id.clone()))
}

/// `reply` framed for the wire. A reply over the limit is not sent: the
/// error is `reply-too-large`, and [`encode_reply_or_error`] sends that instead.
pub fn encode_reply(reply: &Reply, limits: &Limits) -> Result<Vec<u8>, WireError> {
    encode_frame(reply.to_json()?.as_bytes(), Direction::Reply, limits)
}

/// `reply` framed, or, when it cannot be (over the limit), the framed error
/// reply for the same request that says why. Fails only when even that error
/// reply is over the limit; the server then ends the connection.
pub fn encode_reply_or_error(reply: &Reply, limits: &Limits) -> Result<Vec<u8>, WireError> {
    encode_reply(reply, limits).or_else(|mut error| {
        error.request_id = reply.id.clone();
        encode_reply(&Reply::from_error(&error), limits)
    })
}
