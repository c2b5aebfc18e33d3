//! The wire of rehearse's control plane, `rehearse/1`: versioned wire types of
//! its own (never another crate's public API serialized), frames, limits,
//! request ids and deadlines, capability negotiation and the table of
//! requests in flight. `docs/protocol.md` is the normative description; this
//! crate is its one implementation.
//!
//! ## Where things are
//!
//! | module | what |
//! |---|---|
//! | [`frame`] | frames: [`FrameDecoder`](frame::FrameDecoder), [`encode_frame`](frame::encode_frame), [`Direction`](frame::Direction), the 4-byte header |
//! | [`message`] | [`Request`](message::Request) and [`Reply`](message::Reply), every payload, and the codec (`encode_*`, `decode_*`, `parse_*`) |
//! | [`limits`] | [`Limits`](limits::Limits) and its builder, every `MAX_*` bound |
//! | [`id`] | [`RequestId`](id::RequestId) and [`Deadline`](id::Deadline), the two fields every request carries |
//! | [`negotiation`] | [`Capability`](negotiation::Capability), the [`known`](negotiation::known) ones, `hello` and the capability gate |
//! | [`vocabulary`] | the closed sets: [`Op`](vocabulary::Op), [`SnapshotFormat`](vocabulary::SnapshotFormat), [`ServerRole`](vocabulary::ServerRole) |
//! | [`inflight`] | a server's table of the requests in flight on a connection |
//!
//! Three names stay at the root because every module's users meet them:
//! [`PROTOCOL_VERSION`] (every message carries it), [`WireError`] (what every
//! fallible function here returns) and its [`ErrorCode`] (the closed set a
//! client matches on).
//!
//! - Frames: a 4-byte big-endian length, then UTF-8 JSON. The length is
//!   checked before any byte of the body is taken; a violation poisons the
//!   decoder.
//! - Requests (client → server) are read strictly: an unknown or duplicate
//!   field is `malformed`, another version is `unsupported-version`.
//! - Replies (server → client) are read tolerantly: unknown fields are kept
//!   in each payload's `extra`.
//! - Closed sets ([`vocabulary`], [`ErrorCode`]) are closed both ways.
//!
//! ```
//! use rehearse_protocol::frame::FrameDecoder;
//! use rehearse_protocol::id::{Deadline, RequestId};
//! use rehearse_protocol::limits::Limits;
//! use rehearse_protocol::message::{Request, RequestBody, encode_request, request_from_frame};
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
pub mod frame;
pub mod id;
pub mod inflight;
pub mod limits;
pub mod message;
pub mod negotiation;
mod object;
mod reply;
mod request;
mod strict;
mod tolerant;
mod version;
pub mod vocabulary;

pub use error::{ErrorCode, WireError};
pub use version::PROTOCOL_VERSION;
