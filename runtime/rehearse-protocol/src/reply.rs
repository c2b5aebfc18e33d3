//! The replies of `rehearse/1` (server → client) and how they are written.
//! Every payload carries the fields it does not know in `extra`, so a newer
//! server may add optional fields; reading them is `tolerant.rs`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::bytes::Bytes;
use crate::capability::Capability;
use crate::error::{ErrorCode, WireError};
use crate::id::RequestId;
use crate::limits::WireLimits;
use crate::version::PROTOCOL_VERSION;
use crate::vocabulary::{Op, ServerRole, SnapshotFormat};

/// Fields a newer server added, kept as they came.
pub type Extra = Map<String, Value>;

/// One reply: the id of the request it answers and its outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The request's id; `None` only for an error about a request whose id
    /// could not be read.
    pub id: Option<RequestId>,
    /// Success with its payload, or an error.
    pub body: ReplyBody,
}

/// A reply's outcome.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplyBody {
    /// `type: "ok"`, with the payload of its `op`.
    Ok(OkReply),
    /// `type: "error"`.
    Error(ErrorReply),
}

/// The payload of an `ok` reply, one variant per [`Op`].
#[derive(Clone, Debug, PartialEq)]
pub enum OkReply {
    /// Answers `hello`.
    Hello(HelloAck),
    /// Answers `ping`.
    Ping(Generation),
    /// Answers `act`.
    Act(Acted),
    /// Answers `snapshot`.
    Snapshot(SnapshotData),
    /// Answers `wait-for`.
    WaitFor(Waited),
    /// Answers `idle`.
    Idle(Waited),
    /// Answers `state`.
    State(ModelState),
    /// Answers `resize`.
    Resize(Resized),
    /// Answers `checkpoint`.
    Checkpoint(Checkpointed),
    /// Answers `cancel`.
    Cancel(CancelAck),
    /// Answers `close`.
    Close(Generation),
    /// Answers `pty-stop`.
    PtyStop(PtyStopped),
    /// Answers `pty-start`.
    PtyStart(PtyStarted),
}

/// The `hello` reply: what was negotiated.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HelloAck {
    /// The capabilities granted: those offered that the server knows.
    pub capabilities: Vec<Capability>,
    /// What kind of server answers.
    pub role: ServerRole,
    /// The limits the connection runs under.
    pub limits: WireLimits,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// A reply whose payload is the session's generation (`ping`, `close`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Generation {
    /// The generation committed when the reply was made.
    pub generation: u64,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The `act` reply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Acted {
    /// The generation after the last step.
    pub generation: u64,
    /// How many steps ran.
    pub steps: u32,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The `snapshot` reply: the artifact's bytes, never a path.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotData {
    /// The generation the snapshot shows.
    pub generation: u64,
    /// The format of `data`.
    pub format: SnapshotFormat,
    /// The artifact, base64 on the wire.
    pub data: Bytes,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The `wait-for` and `idle` replies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Waited {
    /// The generation at which the wait was satisfied.
    pub generation: u64,
    /// Wall-clock milliseconds the wait took.
    pub elapsed_ms: u64,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The `state` reply: the app's model-plane projection, as the app defines it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelState {
    /// The generation the state belongs to.
    pub generation: u64,
    /// The projection (any JSON the app chose, sensitive values redacted).
    pub state: Value,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The `resize` reply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resized {
    /// The generation committed at the new size.
    pub generation: u64,
    /// Columns now.
    pub cols: u16,
    /// Rows now.
    pub rows: u16,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The `checkpoint` reply: its artifacts' bytes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Checkpointed {
    /// The generation the checkpoint committed evidence for.
    pub generation: u64,
    /// The checkpoint's name.
    pub name: String,
    /// The artifacts it made.
    pub artifacts: Vec<Artifact>,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// One artifact of a checkpoint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Artifact {
    /// A plain file name (no directory), such as `editor.md`; a reader refuses
    /// anything with a path separator or that is `.` or `..`.
    pub file: String,
    /// The artifact's format.
    pub format: SnapshotFormat,
    /// Its bytes, base64 on the wire.
    pub data: Bytes,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The `cancel` reply: the target was in flight and is being cancelled (it
/// answers `cancelled` itself).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CancelAck {
    /// The id of the request cancelled.
    pub cancelled: RequestId,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The `pty-stop` reply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PtyStopped {
    /// The generation committed when the program was stopped.
    pub generation: u64,
    /// Whether a program was running (`false`: it was stopped already, and
    /// nothing changed).
    pub was_running: bool,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The `pty-start` reply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PtyStarted {
    /// The generation of the fresh program's first screen, past every
    /// generation before the stop.
    pub generation: u64,
    /// Columns the program started at (the session's current size).
    pub cols: u16,
    /// Rows the program started at.
    pub rows: u16,
    /// The process id of the program started.
    pub pid: u32,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// An `error` reply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorReply {
    /// The stable code.
    pub code: ErrorCode,
    /// What went wrong.
    pub message: String,
    /// The limit it ran into, when it ran into one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<String>,
    /// The zero-based index of the step that failed (`step-failed`,
    /// `wait-timeout` inside an `act`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<u32>,
    /// The session's generation after the failure, when there is a session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<u64>,
    /// Where the trace of the failed request was written, relative to the
    /// directory the server was given for traces (`rehearse open --trace
    /// DIR`); absent when it was given none, or nothing was written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<Box<TraceFiles>>,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The files of a failed request's trace, as paths relative to the
/// server's trace directory (a client that did not choose that directory
/// learns nothing of the server's file system).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TraceFiles {
    /// The trace's own directory.
    pub dir: String,
    /// `trace.html`, the viewer.
    pub html: String,
    /// `trace.md`, for agents.
    pub markdown: String,
    /// `trace.json`, the document.
    pub json: String,
    /// Fields a newer server added.
    #[serde(flatten)]
    pub extra: Extra,
}

impl OkReply {
    /// The type of request this payload answers.
    pub fn op(&self) -> Op {
        match self {
            OkReply::Hello(_) => Op::Hello,
            OkReply::Ping(_) => Op::Ping,
            OkReply::Act(_) => Op::Act,
            OkReply::Snapshot(_) => Op::Snapshot,
            OkReply::WaitFor(_) => Op::WaitFor,
            OkReply::Idle(_) => Op::Idle,
            OkReply::State(_) => Op::State,
            OkReply::Resize(_) => Op::Resize,
            OkReply::Checkpoint(_) => Op::Checkpoint,
            OkReply::Cancel(_) => Op::Cancel,
            OkReply::Close(_) => Op::Close,
            OkReply::PtyStop(_) => Op::PtyStop,
            OkReply::PtyStart(_) => Op::PtyStart,
        }
    }

    fn fields(&self) -> Result<Value, serde_json::Error> {
        match self {
            OkReply::Hello(p) => serde_json::to_value(p),
            OkReply::Ping(p) | OkReply::Close(p) => serde_json::to_value(p),
            OkReply::Act(p) => serde_json::to_value(p),
            OkReply::Snapshot(p) => serde_json::to_value(p),
            OkReply::WaitFor(p) | OkReply::Idle(p) => serde_json::to_value(p),
            OkReply::State(p) => serde_json::to_value(p),
            OkReply::Resize(p) => serde_json::to_value(p),
            OkReply::Checkpoint(p) => serde_json::to_value(p),
            OkReply::Cancel(p) => serde_json::to_value(p),
            OkReply::PtyStop(p) => serde_json::to_value(p),
            OkReply::PtyStart(p) => serde_json::to_value(p),
        }
    }
}

impl From<&WireError> for ErrorReply {
    fn from(error: &WireError) -> ErrorReply {
        ErrorReply {
            code: error.code,
            message: error.message.clone(),
            limit: error.limit.clone(),
            step: None,
            generation: None,
            trace: None,
            extra: Extra::new(),
        }
    }
}

impl ErrorReply {
    /// This error as a [`WireError`] about the request `id` (the client's
    /// side: a reply's error becomes a value to return with `?`).
    pub fn to_wire_error(&self, id: Option<RequestId>) -> WireError {
        WireError {
            code: self.code,
            message: self.message.clone(),
            limit: self.limit.clone(),
            request_id: id,
        }
    }
}

impl Reply {
    /// The `ok` reply to the request `id`.
    pub fn ok(id: RequestId, payload: OkReply) -> Reply {
        Reply { id: Some(id), body: ReplyBody::Ok(payload) }
    }

    /// The error reply for `error`, answering its request id when it has one.
    pub fn from_error(error: &WireError) -> Reply {
        Reply { id: error.request_id.clone(), body: ReplyBody::Error(error.into()) }
    }

    /// The reply as a JSON object: the envelope (`v`, `id`, `type`, and `op`
    /// for `ok`) and the payload's fields beside it. Fields in `extra` are
    /// written back, but never over an envelope field.
    pub fn to_value(&self) -> Result<Value, WireError> {
        let (kind, op, fields) = match &self.body {
            ReplyBody::Ok(ok) => ("ok", Some(ok.op()), ok.fields()),
            ReplyBody::Error(error) => ("error", None, serde_json::to_value(error)),
        };
        let fields = fields.map_err(|error| {
            WireError::new(ErrorCode::Internal, format!("a reply did not serialize: {error}"))
        })?;
        let mut object = Map::new();
        if let Value::Object(fields) = fields {
            object.extend(fields);
        }
        object.insert("v".into(), PROTOCOL_VERSION.into());
        object.insert("id".into(), self.id.as_ref().map_or(Value::Null, |id| id.as_str().into()));
        object.insert("type".into(), kind.into());
        match op {
            Some(op) => object.insert("op".into(), op.as_str().into()),
            None => object.remove("op"),
        };
        Ok(Value::Object(object))
    }

    /// The reply as JSON text: the same object as [`Reply::to_value`]. A
    /// payload without `extra` fields is written directly, without building
    /// the object (`extra` may name a field twice, so it takes the long way).
    pub fn to_json(&self) -> Result<String, WireError> {
        let direct = match &self.body {
            ReplyBody::Ok(ok) => ok.written(self.id.as_ref()),
            ReplyBody::Error(error) if error.extra.is_empty() => {
                Some(serde_json::to_string(&Envelope {
                    v: PROTOCOL_VERSION,
                    id: self.id.as_ref(),
                    kind: "error",
                    op: None,
                    payload: error,
                }))
            }
            ReplyBody::Error(_) => None,
        };
        match direct {
            Some(text) => text.map_err(|error| {
                WireError::new(ErrorCode::Internal, format!("a reply did not serialize: {error}"))
            }),
            None => self.to_value().map(|value| value.to_string()),
        }
    }
}

/// A reply as it is written: the envelope, and the payload's fields beside it.
#[derive(Serialize)]
struct Envelope<'a, P: Serialize> {
    v: &'static str,
    id: Option<&'a RequestId>,
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    op: Option<Op>,
    #[serde(flatten)]
    payload: &'a P,
}

impl OkReply {
    /// The reply with this payload written directly, when neither it nor
    /// anything in it has `extra` fields.
    fn written(&self, id: Option<&RequestId>) -> Option<Result<String, serde_json::Error>> {
        fn write<P: Serialize>(
            id: Option<&RequestId>,
            op: Op,
            payload: &P,
            plain: bool,
        ) -> Option<Result<String, serde_json::Error>> {
            plain.then(|| {
                serde_json::to_string(&Envelope {
                    v: PROTOCOL_VERSION,
                    id,
                    kind: "ok",
                    op: Some(op),
                    payload,
                })
            })
        }
        let op = self.op();
        match self {
            OkReply::Hello(p) => write(id, op, p, p.extra.is_empty() && p.limits.extra.is_empty()),
            OkReply::Ping(p) | OkReply::Close(p) => write(id, op, p, p.extra.is_empty()),
            OkReply::Act(p) => write(id, op, p, p.extra.is_empty()),
            OkReply::Snapshot(p) => write(id, op, p, p.extra.is_empty()),
            OkReply::WaitFor(p) | OkReply::Idle(p) => write(id, op, p, p.extra.is_empty()),
            OkReply::State(p) => write(id, op, p, p.extra.is_empty()),
            OkReply::Resize(p) => write(id, op, p, p.extra.is_empty()),
            OkReply::Checkpoint(p) => {
                let plain = p.artifacts.iter().all(|artifact| artifact.extra.is_empty());
                write(id, op, p, p.extra.is_empty() && plain)
            }
            OkReply::Cancel(p) => write(id, op, p, p.extra.is_empty()),
            OkReply::PtyStop(p) => write(id, op, p, p.extra.is_empty()),
            OkReply::PtyStart(p) => write(id, op, p, p.extra.is_empty()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_travels_both_ways() {
        let id = RequestId::new("r").unwrap();
        let error = WireError::new(ErrorCode::InvalidDeadline, "too long")
            .with_limit("deadlineMs")
            .for_request(id.clone());
        let reply = Reply::from_error(&error);
        assert_eq!(reply.id, Some(id.clone()));
        let ReplyBody::Error(body) = &reply.body else { panic!("an error reply") };
        assert_eq!(body.to_wire_error(reply.id.clone()), error);
    }

    #[test]
    fn extra_never_overwrites_the_envelope() {
        let mut extra = Extra::new();
        extra.insert("v".into(), "rehearse/9".into());
        extra.insert("op".into(), "close".into());
        let reply = Reply::ok(
            RequestId::new("p").unwrap(),
            OkReply::Ping(Generation { generation: 1, extra }),
        );
        let value = reply.to_value().unwrap();
        assert_eq!((value["v"].as_str(), value["op"].as_str()), (Some("rehearse/1"), Some("ping")));
    }

    #[test]
    fn a_failed_requests_trace_is_named_relative_and_only_when_written() {
        let files = TraceFiles {
            dir: "1-a1".into(),
            html: "1-a1/trace.html".into(),
            markdown: "1-a1/trace.md".into(),
            json: "1-a1/trace.json".into(),
            extra: Extra::new(),
        };
        let error = WireError::new(ErrorCode::WaitTimeout, "timed out");
        let mut body = ErrorReply::from(&error);
        let id = RequestId::new("a1").unwrap();
        let plain = Reply { id: Some(id.clone()), body: ReplyBody::Error(body.clone()) };
        assert!(plain.to_value().unwrap().get("trace").is_none(), "absent unless written");
        body.trace = Some(Box::new(files.clone()));
        let reply = Reply { id: Some(id), body: ReplyBody::Error(body) };
        let value = reply.to_value().unwrap();
        assert_eq!(value["trace"]["html"], "1-a1/trace.html");
        let read = crate::tolerant::parse_reply(&value.to_string()).unwrap();
        let ReplyBody::Error(read) = read.body else { panic!("an error reply") };
        assert_eq!(read.trace, Some(Box::new(files)));
        assert!(read.extra.is_empty(), "a known field, not an extra one");
    }
}
