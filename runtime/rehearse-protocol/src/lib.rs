//! The wire of rehearse's control plane, `rehearse/1`: versioned wire types of
//! its own (never another crate's public API serialized), frames, limits,
//! request ids and deadlines, capability negotiation and the table of
//! requests in flight. `docs/protocol.md` is the normative description; this
//! crate is its one implementation.
//!
//! - Frames ([`FrameDecoder`], [`encode_frame`]): a 4-byte big-endian length,
//!   then UTF-8 JSON. The length is checked before any byte of the body is
//!   taken; a violation poisons the decoder.
//! - Requests (client → server) are read strictly ([`decode_request`]): an
//!   unknown or duplicate field is `malformed`, another version is
//!   `unsupported-version`.
//! - Replies (server → client) are read tolerantly ([`decode_reply`]): unknown
//!   fields are kept in each payload's `extra`.
//! - Closed sets ([`Op`], [`ErrorCode`], [`SnapshotFormat`], [`ServerRole`])
//!   are closed both ways.
//!
//! ```
//! use rehearse_protocol::{
//!     Deadline, FrameDecoder, Limits, Request, RequestBody, RequestId, encode_request,
//!     request_from_frame,
//! };
//!
//! let limits = Limits::default();
//! let ping = Request::new(
//!     RequestId::new("p1").unwrap(),
//!     Deadline::from_millis(1000).unwrap(),
//!     RequestBody::Ping,
//! );
//! let bytes = encode_request(&ping, &limits).unwrap();
//! let mut decoder = FrameDecoder::requests(&limits);
//! let frames = decoder.feed(&bytes).unwrap();
//! assert_eq!(request_from_frame(&frames[0]).unwrap(), ping);
//! ```

mod bytes;
mod capability;
mod codec;
mod error;
mod frame;
mod id;
mod inflight;
mod limits;
mod negotiation;
mod object;
mod reply;
mod request;
mod strict;
mod tolerant;
mod vocabulary;

pub use bytes::Bytes;
pub use capability::{Capability, MAX_CAPABILITIES, MAX_CAPABILITY_LEN, known, negotiate};
pub use codec::{
    decode_reply, decode_request, decode_request_with, encode_reply, encode_reply_or_error,
    encode_request, reply_from_frame, request_from_frame,
};
pub use error::{ErrorCode, MAX_MESSAGE_BYTES, WireError};
pub use frame::{Direction, Frame, FrameDecoder, HEADER_BYTES, encode_frame};
pub use id::{Deadline, DeadlineError, IdError, MAX_DEADLINE_MS, MAX_REQUEST_ID_LEN, RequestId};
pub use inflight::InFlight;
pub use limits::{
    LimitError, Limits, LimitsBuilder, MAX_CONNECTIONS, MAX_IN_FLIGHT, MAX_REPLY_BYTES,
    MAX_REQUEST_BYTES, WireLimits,
};
pub use negotiation::{answer_hello, check_granted};
pub use reply::{
    Acted, Artifact, CancelAck, Checkpointed, ErrorReply, Extra, Generation, HelloAck, ModelState,
    OkReply, PtyStarted, PtyStopped, Reply, ReplyBody, Resized, SnapshotData, TraceFiles, Waited,
};
pub use request::{
    Act, Cancel, Checkpoint, Hello, Idle, PtyStart, Request, RequestBody, Resize, Snapshot, WaitFor,
};
pub use strict::{MAX_RESIZE_CELLS, parse_request};
pub use tolerant::parse_reply;
pub use vocabulary::{Op, PROTOCOL_VERSION, ServerRole, SnapshotFormat};
