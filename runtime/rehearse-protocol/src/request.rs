//! The requests of `rehearse/1` (client → server) and how they are written.
//! Reading them, strictly, is `strict.rs`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::capability::{Capability, known};
use crate::id::{Deadline, RequestId};
use crate::version::PROTOCOL_VERSION;
use crate::vocabulary::{Op, SnapshotFormat};

/// One request: its id, its deadline and what it asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The id its reply (and a `cancel`) refers to.
    pub id: RequestId,
    /// How long it may take.
    pub deadline: Deadline,
    /// What it asks.
    pub body: RequestBody,
}

/// What a request asks; one variant per [`Op`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestBody {
    /// `hello`: offer capabilities.
    Hello(Hello),
    /// `ping`.
    Ping,
    /// `act`: run a script.
    Act(Act),
    /// `snapshot`: take a snapshot.
    Snapshot(Snapshot),
    /// `wait-for`: wait until a condition holds.
    WaitFor(WaitFor),
    /// `idle`: wait until the session is idle.
    Idle(Idle),
    /// `state`: read the model-plane projection.
    State,
    /// `resize`: change the viewport.
    Resize(Resize),
    /// `checkpoint`: commit a checkpoint.
    Checkpoint(Checkpoint),
    /// `cancel`: cancel a request in flight.
    Cancel(Cancel),
    /// `close`: close the session.
    Close,
    /// `pty-stop`: stop a host's program, keep the session.
    PtyStop,
    /// `pty-start`: start a host's stopped program again.
    PtyStart(PtyStart),
}

/// The fields of `hello`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Hello {
    /// The capabilities the client would use (at most 64; unknown ones are
    /// dropped by the server, not refused).
    #[serde(default)]
    pub capabilities: Vec<Capability>,
}

/// The fields of `act`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Act {
    /// Steps in the one script grammar (`;` or newline between steps).
    pub script: String,
}

/// The fields of `snapshot`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Snapshot {
    /// The format asked for.
    pub format: SnapshotFormat,
}

/// The fields of `wait-for`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct WaitFor {
    /// The condition in the script grammar: `PREDICATE,SELECTOR`, as in
    /// `wait-for:PREDICATE,SELECTOR,MILLISECONDS` without the verb and the time.
    pub condition: String,
    /// How long to wait, 1 ms up to the request's deadline.
    pub timeout_ms: u64,
}

/// The fields of `idle`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Idle {
    /// The quiet window that counts as idle, 1 ms up to the request's deadline;
    /// absent means the server's default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quiet_ms: Option<u64>,
}

/// The fields of `resize`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Resize {
    /// Columns, at least 1.
    pub cols: u16,
    /// Rows, at least 1.
    pub rows: u16,
}

/// The fields of `checkpoint`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Checkpoint {
    /// The checkpoint's name, spelled as after `checkpoint:` in a script.
    pub name: String,
}

/// The fields of `cancel`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Cancel {
    /// The id of the request to cancel.
    pub target: RequestId,
}

/// The fields of `pty-start`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PtyStart {
    /// How long the host waits for the program's first screen to settle
    /// (and a rehearse app's socket to answer), 1 ms up to the request's
    /// deadline; absent means 5,000 ms, or the deadline when that is shorter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
}

/// The fields of a request that has none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NoFields {}

impl RequestBody {
    /// The request's type.
    pub fn op(&self) -> Op {
        match self {
            RequestBody::Hello(_) => Op::Hello,
            RequestBody::Ping => Op::Ping,
            RequestBody::Act(_) => Op::Act,
            RequestBody::Snapshot(_) => Op::Snapshot,
            RequestBody::WaitFor(_) => Op::WaitFor,
            RequestBody::Idle(_) => Op::Idle,
            RequestBody::State => Op::State,
            RequestBody::Resize(_) => Op::Resize,
            RequestBody::Checkpoint(_) => Op::Checkpoint,
            RequestBody::Cancel(_) => Op::Cancel,
            RequestBody::Close => Op::Close,
            RequestBody::PtyStop => Op::PtyStop,
            RequestBody::PtyStart(_) => Op::PtyStart,
        }
    }

    /// The capability a connection must have negotiated to make this request.
    pub fn required_capability(&self) -> Option<&'static str> {
        match self {
            RequestBody::Snapshot(snapshot) => snapshot.format.capability(),
            RequestBody::State => Some(known::MODEL_STATE),
            RequestBody::PtyStop | RequestBody::PtyStart(_) => Some(known::PTY_RESTART),
            _ => None,
        }
    }

    /// The body's own fields as a JSON object.
    fn fields(&self) -> Value {
        let value = match self {
            RequestBody::Hello(hello) => serde_json::to_value(hello),
            RequestBody::Act(act) => serde_json::to_value(act),
            RequestBody::Snapshot(snapshot) => serde_json::to_value(snapshot),
            RequestBody::WaitFor(wait) => serde_json::to_value(wait),
            RequestBody::Idle(idle) => serde_json::to_value(idle),
            RequestBody::Resize(resize) => serde_json::to_value(resize),
            RequestBody::Checkpoint(checkpoint) => serde_json::to_value(checkpoint),
            RequestBody::Cancel(cancel) => serde_json::to_value(cancel),
            RequestBody::PtyStart(start) => serde_json::to_value(start),
            RequestBody::Ping | RequestBody::State | RequestBody::Close | RequestBody::PtyStop => {
                serde_json::to_value(NoFields {})
            }
        };
        // Plain structs of strings and integers always serialize.
        value.unwrap_or_else(|_| Value::Object(Map::new()))
    }
}

impl Request {
    /// A request with `id`, `deadline` and `body`.
    pub fn new(id: RequestId, deadline: Deadline, body: RequestBody) -> Request {
        Request { id, deadline, body }
    }

    /// The request as a JSON object: the envelope (`v`, `id`, `deadlineMs`,
    /// `type`) and the body's fields beside it.
    pub fn to_value(&self) -> Value {
        let mut object = Map::new();
        object.insert("v".into(), PROTOCOL_VERSION.into());
        object.insert("id".into(), self.id.as_str().into());
        object.insert("deadlineMs".into(), self.deadline.as_millis().into());
        object.insert("type".into(), self.body.op().as_str().into());
        if let Value::Object(fields) = self.body.fields() {
            object.extend(fields);
        }
        Value::Object(object)
    }

    /// The request as JSON text: the same object as [`Request::to_value`],
    /// written directly without building it.
    pub fn to_json(&self) -> String {
        let envelope = |fields| Envelope {
            v: PROTOCOL_VERSION,
            id: &self.id,
            deadline_ms: self.deadline.as_millis(),
            op: self.body.op(),
            fields,
        };
        let text = match &self.body {
            RequestBody::Hello(hello) => serde_json::to_string(&envelope(Fields::Hello(hello))),
            RequestBody::Act(act) => serde_json::to_string(&envelope(Fields::Act(act))),
            RequestBody::Snapshot(snapshot) => {
                serde_json::to_string(&envelope(Fields::Snapshot(snapshot)))
            }
            RequestBody::WaitFor(wait) => serde_json::to_string(&envelope(Fields::WaitFor(wait))),
            RequestBody::Idle(idle) => serde_json::to_string(&envelope(Fields::Idle(idle))),
            RequestBody::Resize(resize) => serde_json::to_string(&envelope(Fields::Resize(resize))),
            RequestBody::Checkpoint(checkpoint) => {
                serde_json::to_string(&envelope(Fields::Checkpoint(checkpoint)))
            }
            RequestBody::Cancel(cancel) => serde_json::to_string(&envelope(Fields::Cancel(cancel))),
            RequestBody::PtyStart(start) => {
                serde_json::to_string(&envelope(Fields::PtyStart(start)))
            }
            RequestBody::Ping | RequestBody::State | RequestBody::Close | RequestBody::PtyStop => {
                serde_json::to_string(&envelope(Fields::None(NoFields {})))
            }
        };
        // Plain structs of strings and integers always serialize.
        text.unwrap_or_else(|_| self.to_value().to_string())
    }
}

/// A request as it is written: the envelope, and the body's fields beside it.
#[derive(Serialize)]
struct Envelope<'a> {
    v: &'static str,
    id: &'a RequestId,
    #[serde(rename = "deadlineMs")]
    deadline_ms: u64,
    #[serde(rename = "type")]
    op: Op,
    #[serde(flatten)]
    fields: Fields<'a>,
}

/// A body's own fields, written beside the envelope.
#[derive(Serialize)]
#[serde(untagged)]
enum Fields<'a> {
    Hello(&'a Hello),
    Act(&'a Act),
    Snapshot(&'a Snapshot),
    WaitFor(&'a WaitFor),
    Idle(&'a Idle),
    Resize(&'a Resize),
    Checkpoint(&'a Checkpoint),
    Cancel(&'a Cancel),
    PtyStart(&'a PtyStart),
    None(NoFields),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_its_envelope_and_its_fields_side_by_side() {
        let request = Request::new(
            RequestId::new("w1").unwrap(),
            Deadline::from_millis(5000).unwrap(),
            RequestBody::WaitFor(WaitFor { condition: "exists,#save".into(), timeout_ms: 2000 }),
        );
        assert_eq!(
            request.to_value(),
            serde_json::json!({"v": "rehearse/1", "id": "w1", "deadlineMs": 5000,
                "type": "wait-for", "condition": "exists,#save", "timeoutMs": 2000})
        );
    }

    #[test]
    fn the_written_text_is_the_object_of_every_body() {
        let bodies = [
            RequestBody::Hello(Hello { capabilities: vec![Capability::new("terminal").unwrap()] }),
            RequestBody::Ping,
            RequestBody::Act(Act { script: "click:#a\n\"x\"".into() }),
            RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Png }),
            RequestBody::WaitFor(WaitFor { condition: "exists,#a".into(), timeout_ms: 9 }),
            RequestBody::Idle(Idle { quiet_ms: None }),
            RequestBody::Idle(Idle { quiet_ms: Some(4) }),
            RequestBody::State,
            RequestBody::Resize(Resize { cols: 80, rows: 24 }),
            RequestBody::Checkpoint(Checkpoint { name: "c".into() }),
            RequestBody::Cancel(Cancel { target: RequestId::new("t").unwrap() }),
            RequestBody::Close,
            RequestBody::PtyStop,
            RequestBody::PtyStart(PtyStart { timeout_ms: Some(7) }),
        ];
        for body in bodies {
            let request = Request::new(
                RequestId::new("r").unwrap(),
                Deadline::from_millis(10).unwrap(),
                body,
            );
            let text = request.to_json();
            let read: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(read, request.to_value(), "{text}");
        }
    }

    #[test]
    fn capability_gates() {
        let png = RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Png });
        assert_eq!(png.required_capability(), Some("snapshot-png"));
        let text = RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Text });
        assert_eq!(text.required_capability(), None);
        assert_eq!(RequestBody::State.required_capability(), Some("model-state"));
        assert_eq!(RequestBody::Ping.required_capability(), None);
        assert_eq!(RequestBody::PtyStop.required_capability(), Some("pty-restart"));
        let start = RequestBody::PtyStart(PtyStart::default());
        assert_eq!(start.required_capability(), Some("pty-restart"));
    }
}
