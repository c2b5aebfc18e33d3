//! Messages: the requests a client sends, the replies a server sends, their
//! payloads, and the functions between them and a frame's body.
//!
//! Requests are read strictly ([`parse_request`], [`decode_request`]): an
//! unknown or duplicate field is `malformed`, another version is
//! `unsupported-version`. Replies are read tolerantly ([`parse_reply`],
//! [`decode_reply`]): unknown fields are kept in each payload's `extra`.

pub use crate::bytes::Bytes;
pub use crate::codec::{
    decode_reply, decode_request, decode_request_with, encode_reply, encode_reply_or_error,
    encode_request, reply_from_frame, request_from_frame,
};
pub use crate::reply::{
    Acted, Artifact, CancelAck, Checkpointed, ErrorReply, Extra, Generation, HelloAck, ModelState,
    OkReply, PtyStarted, PtyStopped, Reply, ReplyBody, Resized, SnapshotData, TraceFiles, Waited,
};
pub use crate::request::{
    Act, Cancel, Checkpoint, Hello, Idle, PtyStart, Request, RequestBody, Resize, Snapshot, WaitFor,
};
pub use crate::strict::parse_request;
pub use crate::tolerant::parse_reply;
