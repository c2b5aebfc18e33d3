//! The tolerant reading of replies (server → client): fields it does not know
//! are kept in each payload's `extra`, so a newer server may add optional
//! fields. Tolerant is not lax: known fields keep their types, the version
//! must be `rehearse/1`, and closed sets (reply types, ops, error codes,
//! roles, formats) stay closed.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::{ErrorCode, WireError};
use crate::id::RequestId;
use crate::object::{Duplicates, Field, read_object, string};
use crate::reply::{Checkpointed, OkReply, Reply, ReplyBody};
use crate::version::PROTOCOL_VERSION;
use crate::vocabulary::Op;

/// The envelope of a reply, in the order of [`read_object`]'s fields.
const ENVELOPE: [&str; 4] = ["v", "id", "type", "op"];
const V: usize = 0;
const ID: usize = 1;
const TYPE: usize = 2;
const OP: usize = 3;

/// Reads one reply from its JSON `text`, tolerantly.
pub fn parse_reply(text: &str) -> Result<Reply, WireError> {
    let mut object = read_object(text, &ENVELOPE, Duplicates::LastWins)?;
    match string(object.take(V), "v")? {
        None => return Err(WireError::malformed("missing field `v` (the protocol version)")),
        Some(v) if v == PROTOCOL_VERSION => {}
        Some(v) => {
            return Err(WireError::new(
                ErrorCode::UnsupportedVersion,
                format!("the server speaks {v:?}; this client speaks {PROTOCOL_VERSION}"),
            ));
        }
    }
    let id = match object.take(ID) {
        None | Some(Field::Null) => None,
        Some(Field::Str(id)) => Some(RequestId::new(&id).map_err(WireError::from)?),
        Some(other) => {
            return Err(WireError::malformed(format!(
                "field `id` must be a string or null, not {}",
                other.kind()
            )));
        }
    };
    let body = match string(object.take(TYPE), "type")?.as_deref() {
        Some("ok") => ReplyBody::Ok(read_ok(object.take(OP), object.rest)?),
        // An error reply has no `op`: one that came is dropped, not kept in `extra`.
        Some("error") => ReplyBody::Error(payload("error", object.rest)?),
        Some(other) => {
            return Err(WireError::malformed(format!(
                "unknown reply type `{other}`, expected ok or error"
            )));
        }
        None => return Err(WireError::malformed("missing field `type`")),
    };
    Ok(Reply { id, body })
}

fn payload<T: DeserializeOwned>(what: &str, object: Map<String, Value>) -> Result<T, WireError> {
    serde_json::from_value(Value::Object(object))
        .map_err(|error| WireError::malformed(format!("`{what}` reply: {error}")))
}

fn read_ok(op: Option<Field>, object: Map<String, Value>) -> Result<OkReply, WireError> {
    let op = match string(op, "op")? {
        None => return Err(WireError::malformed("missing field `op` on an ok reply")),
        Some(name) => Op::from_name(&name)
            .ok_or_else(|| WireError::malformed(format!("unknown op `{name}` on an ok reply")))?,
    };
    let what = op.as_str();
    Ok(match op {
        Op::Hello => OkReply::Hello(payload(what, object)?),
        Op::Ping => OkReply::Ping(payload(what, object)?),
        Op::Act => OkReply::Act(payload(what, object)?),
        Op::Snapshot => OkReply::Snapshot(payload(what, object)?),
        Op::WaitFor => OkReply::WaitFor(payload(what, object)?),
        Op::Idle => OkReply::Idle(payload(what, object)?),
        Op::State => OkReply::State(payload(what, object)?),
        Op::Resize => OkReply::Resize(payload(what, object)?),
        Op::Checkpoint => OkReply::Checkpoint(checked_files(payload(what, object)?)?),
        Op::Cancel => OkReply::Cancel(payload(what, object)?),
        Op::Close => OkReply::Close(payload(what, object)?),
        Op::PtyStop => OkReply::PtyStop(payload(what, object)?),
        Op::PtyStart => OkReply::PtyStart(payload(what, object)?),
    })
}

/// An artifact's `file` is a plain name: a client may write it into its own
/// output directory, so nothing in it may lead elsewhere.
fn checked_files(checkpoint: Checkpointed) -> Result<Checkpointed, WireError> {
    for artifact in &checkpoint.artifacts {
        let file = artifact.file.as_str();
        let plain = !file.is_empty()
            && file.len() <= 255
            && file != "."
            && file != ".."
            && !file.contains(['/', '\\', '\0'])
            && !file.chars().any(char::is_control);
        if !plain {
            return Err(WireError::malformed(format!(
                "artifact file {file:?} is not a plain file name"
            )));
        }
    }
    Ok(checkpoint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_fields_are_carried_in_extra() {
        let reply = parse_reply(
            r#"{"v":"rehearse/1","id":"p","type":"ok","op":"ping","generation":4,"traceId":"t-1"}"#,
        )
        .unwrap();
        let ReplyBody::Ok(OkReply::Ping(pong)) = &reply.body else { panic!("{reply:?}") };
        assert_eq!(pong.generation, 4);
        assert_eq!(pong.extra["traceId"], "t-1");
        assert_eq!(reply.to_value().unwrap()["traceId"], "t-1", "written back as it came");
    }

    #[test]
    fn closed_sets_stay_closed() {
        for text in [
            r#"{"v":"rehearse/1","id":"p","type":"maybe"}"#,
            r#"{"v":"rehearse/1","id":"p","type":"ok","op":"teleport"}"#,
            r#"{"v":"rehearse/1","id":"p","type":"error","code":"teapot","message":""}"#,
            r#"{"v":"rehearse/1","id":"p","type":"ok","op":"snapshot","generation":1,"format":"gif","data":""}"#,
        ] {
            assert_eq!(parse_reply(text).unwrap_err().code, ErrorCode::Malformed, "{text}");
        }
    }

    #[test]
    fn known_fields_keep_their_types() {
        let text = r#"{"v":"rehearse/1","id":"p","type":"ok","op":"ping","generation":"4"}"#;
        assert_eq!(parse_reply(text).unwrap_err().code, ErrorCode::Malformed);
        let text = r#"{"v":"rehearse/2","id":"p","type":"ok","op":"ping","generation":4}"#;
        assert_eq!(parse_reply(text).unwrap_err().code, ErrorCode::UnsupportedVersion);
    }

    #[test]
    fn an_artifact_file_is_a_plain_name() {
        for file in ["../x", "a/b", "", "..", "a\\b"] {
            let text = format!(
                r#"{{"v":"rehearse/1","id":"c","type":"ok","op":"checkpoint","generation":1,"name":"n","artifacts":[{{"file":{file:?},"format":"text","data":""}}]}}"#
            );
            assert_eq!(parse_reply(&text).unwrap_err().code, ErrorCode::Malformed, "{file}");
        }
    }

    #[test]
    fn an_error_about_an_unread_id_has_none() {
        let reply = parse_reply(
            r#"{"v":"rehearse/1","id":null,"type":"error","code":"invalid-request-id","message":"m"}"#,
        )
        .unwrap();
        assert_eq!(reply.id, None);
    }
}
