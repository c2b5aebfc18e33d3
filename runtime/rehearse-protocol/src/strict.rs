//! The strict reading of requests (client → server). Checks run in a fixed
//! order so each failure has the one code the catalogue gives it: the object,
//! the version, the id, the deadline, the type, then the type's own fields.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::{ErrorCode, WireError};
use crate::id::{Deadline, RequestId};
use crate::limits::{MAX_CAPABILITIES, MAX_RESIZE_CELLS};
use crate::object::{Duplicates, Field, Object, read_object, string};
use crate::request::{NoFields, Request, RequestBody};
use crate::version::PROTOCOL_VERSION;
use crate::vocabulary::Op;

/// The envelope of a request, in the order of [`read_object`]'s fields.
const ENVELOPE: [&str; 4] = ["v", "id", "deadlineMs", "type"];
const V: usize = 0;
const ID: usize = 1;
const DEADLINE: usize = 2;
const TYPE: usize = 3;

/// Reads one request from its JSON `text`, strictly. A failure carries the
/// request's id when the id was read before it.
pub fn parse_request(text: &str) -> Result<Request, WireError> {
    let mut object = read_object(text, &ENVELOPE, Duplicates::Refused)?;
    check_version(object.take(V))?;
    let id = read_id(object.take(ID))?;
    read_rest(object, &id).map_err(|error| error.for_request(id))
}

fn check_version(field: Option<Field>) -> Result<(), WireError> {
    match string(field, "v")? {
        None => Err(WireError::malformed("missing field `v` (the protocol version)")),
        Some(v) if v == PROTOCOL_VERSION => Ok(()),
        Some(v) => Err(WireError::new(
            ErrorCode::UnsupportedVersion,
            format!("version {v:?} is not supported; this server speaks {PROTOCOL_VERSION}"),
        )),
    }
}

fn read_id(field: Option<Field>) -> Result<RequestId, WireError> {
    let invalid = |message: String| WireError::new(ErrorCode::InvalidRequestId, message);
    match field {
        None => Err(invalid("missing field `id`".into())),
        Some(Field::Str(id)) => Ok(RequestId::new(&id)?),
        Some(other) => Err(invalid(format!("field `id` must be a string, not {}", other.kind()))),
    }
}

fn read_rest(mut object: Object<4>, id: &RequestId) -> Result<Request, WireError> {
    let deadline = read_deadline(object.take(DEADLINE))?;
    let op = match string(object.take(TYPE), "type")? {
        None => return Err(WireError::malformed("missing field `type`")),
        Some(name) => Op::from_name(&name).ok_or_else(|| {
            let known: Vec<&str> = Op::ALL.iter().map(|op| op.as_str()).collect();
            WireError::malformed(format!(
                "unknown type `{name}`, expected one of {}",
                known.join(", ")
            ))
        })?,
    };
    let body = read_body(op, object.rest)?;
    check_body(&body, deadline)?;
    Ok(Request { id: id.clone(), deadline, body })
}

fn read_deadline(field: Option<Field>) -> Result<Deadline, WireError> {
    let invalid = |message: String| {
        WireError::new(ErrorCode::InvalidDeadline, message).with_limit("deadlineMs")
    };
    match field {
        None => Err(invalid("missing field `deadlineMs`".into())),
        Some(Field::Number(n)) => match n.as_u64() {
            Some(ms) => Ok(Deadline::from_millis(ms)?),
            None => Err(invalid(format!("deadlineMs {n} is not a whole number of 1-60000"))),
        },
        Some(other) => {
            Err(invalid(format!("field `deadlineMs` must be a number, not {}", other.kind())))
        }
    }
}

fn fields<T: DeserializeOwned>(op: Op, object: Map<String, Value>) -> Result<T, WireError> {
    serde_json::from_value(Value::Object(object))
        .map_err(|error| WireError::malformed(format!("`{op}`: {error}")))
}

fn read_body(op: Op, object: Map<String, Value>) -> Result<RequestBody, WireError> {
    Ok(match op {
        Op::Hello => RequestBody::Hello(fields(op, object)?),
        Op::Ping => fields::<NoFields>(op, object).map(|_| RequestBody::Ping)?,
        Op::Act => RequestBody::Act(fields(op, object)?),
        Op::Snapshot => RequestBody::Snapshot(fields(op, object)?),
        Op::WaitFor => RequestBody::WaitFor(fields(op, object)?),
        Op::Idle => RequestBody::Idle(fields(op, object)?),
        Op::State => fields::<NoFields>(op, object).map(|_| RequestBody::State)?,
        Op::Resize => RequestBody::Resize(fields(op, object)?),
        Op::Checkpoint => RequestBody::Checkpoint(fields(op, object)?),
        Op::Cancel => RequestBody::Cancel(cancel_fields(object)?),
        Op::Close => fields::<NoFields>(op, object).map(|_| RequestBody::Close)?,
        Op::PtyStop => fields::<NoFields>(op, object).map(|_| RequestBody::PtyStop)?,
        Op::PtyStart => RequestBody::PtyStart(fields(op, object)?),
    })
}

/// `cancel`'s target is an id: a bad one is `invalid-request-id`, not `malformed`.
fn cancel_fields(object: Map<String, Value>) -> Result<crate::request::Cancel, WireError> {
    if let Some(Value::String(target)) = object.get("target") {
        RequestId::new(target).map_err(|error| {
            let error = WireError::from(error);
            WireError { message: format!("`cancel` target: {}", error.message), ..error }
        })?;
    }
    fields(Op::Cancel, object)
}

/// A wait longer than the deadline could never finish in time: it fails now.
fn wait_within(name: &str, ms: u64, deadline: Deadline) -> Result<(), WireError> {
    if ms == 0 {
        return Err(WireError::malformed(format!("{name} must be at least 1")));
    }
    if ms > deadline.as_millis() {
        return Err(WireError::new(
            ErrorCode::InvalidDeadline,
            format!(
                "{name} {ms} is longer than the request's deadlineMs {}: the wait could never finish in time",
                deadline.as_millis()
            ),
        )
        .with_limit("deadlineMs"));
    }
    Ok(())
}

fn check_body(body: &RequestBody, deadline: Deadline) -> Result<(), WireError> {
    match body {
        RequestBody::Hello(hello) if hello.capabilities.len() > MAX_CAPABILITIES => {
            Err(WireError::malformed(format!(
                "`hello` offers {} capabilities, more than {MAX_CAPABILITIES}",
                hello.capabilities.len()
            ))
            .with_limit("maxCapabilities"))
        }
        RequestBody::WaitFor(wait) => wait_within("timeoutMs", wait.timeout_ms, deadline),
        RequestBody::Idle(idle) => match idle.quiet_ms {
            Some(ms) => wait_within("quietMs", ms, deadline),
            None => Ok(()),
        },
        RequestBody::PtyStart(start) => match start.timeout_ms {
            Some(ms) => wait_within("timeoutMs", ms, deadline),
            None => Ok(()),
        },
        RequestBody::Resize(resize) => {
            let cells = u32::from(resize.cols) * u32::from(resize.rows);
            if cells == 0 {
                Err(WireError::malformed(format!(
                    "`resize` to {}x{}: columns and rows are at least 1",
                    resize.cols, resize.rows
                )))
            } else if cells > MAX_RESIZE_CELLS {
                Err(WireError::malformed(format!(
                    "`resize` to {}x{} is {cells} cells, more than {MAX_RESIZE_CELLS}",
                    resize.cols, resize.rows
                ))
                .with_limit("maxScreenCells"))
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> ErrorCode {
        parse_request(text).unwrap_err().code
    }

    #[test]
    fn a_well_formed_request_is_read() {
        let request = parse_request(
            r#"{"v":"rehearse/1","id":"a1","deadlineMs":100,"type":"act","script":"key:Enter"}"#,
        )
        .unwrap();
        assert_eq!(request.id.as_str(), "a1");
        assert_eq!(
            request.body,
            RequestBody::Act(crate::request::Act { script: "key:Enter".into() })
        );
    }

    #[test]
    fn the_version_is_checked_before_anything_else() {
        assert_eq!(
            code(r#"{"v":"rehearse/2","id":"","deadlineMs":0,"type":"x"}"#),
            ErrorCode::UnsupportedVersion
        );
        assert_eq!(code(r#"{"id":"a","deadlineMs":1,"type":"ping"}"#), ErrorCode::Malformed);
        assert_eq!(code(r#"{"v":1,"id":"a","deadlineMs":1,"type":"ping"}"#), ErrorCode::Malformed);
    }

    #[test]
    fn failures_after_the_id_carry_it() {
        let error =
            parse_request(r#"{"v":"rehearse/1","id":"r7","deadlineMs":1,"type":"ping","x":1}"#)
                .unwrap_err();
        assert_eq!(error.code, ErrorCode::Malformed);
        assert_eq!(error.request_id.unwrap().as_str(), "r7");
        assert!(error.message.contains("unknown field `x`"), "{}", error.message);
    }

    #[test]
    fn deadlines_must_be_whole_numbers_in_range() {
        for deadline in ["0", "60001", "1.5", "-1", "\"100\"", "null", "1e3"] {
            let text =
                format!(r#"{{"v":"rehearse/1","id":"a","deadlineMs":{deadline},"type":"ping"}}"#);
            assert_eq!(code(&text), ErrorCode::InvalidDeadline, "{deadline}");
        }
    }

    #[test]
    fn a_wait_longer_than_the_deadline_fails_naming_the_limit() {
        let error = parse_request(
            r#"{"v":"rehearse/1","id":"w","deadlineMs":1000,"type":"wait-for","condition":"exists,#a","timeoutMs":1001}"#,
        )
        .unwrap_err();
        assert_eq!(error.code, ErrorCode::InvalidDeadline);
        assert_eq!(error.limit.as_deref(), Some("deadlineMs"));
        assert!(error.message.contains("timeoutMs 1001"), "{}", error.message);
        let idle = r#"{"v":"rehearse/1","id":"i","deadlineMs":10,"type":"idle","quietMs":11}"#;
        assert_eq!(code(idle), ErrorCode::InvalidDeadline);
        let zero = r#"{"v":"rehearse/1","id":"i","deadlineMs":10,"type":"idle","quietMs":0}"#;
        assert_eq!(code(zero), ErrorCode::Malformed);
    }

    #[test]
    fn resize_is_bounded() {
        let resize = |cols: u32, rows: u32| {
            format!(
                r#"{{"v":"rehearse/1","id":"r","deadlineMs":10,"type":"resize","cols":{cols},"rows":{rows}}}"#
            )
        };
        assert!(parse_request(&resize(120, 40)).is_ok());
        assert_eq!(code(&resize(0, 40)), ErrorCode::Malformed);
        assert_eq!(code(&resize(65_535, 65_535)), ErrorCode::Malformed);
        assert_eq!(code(&resize(70_000, 1)), ErrorCode::Malformed);
    }

    #[test]
    fn a_cancel_target_is_an_id() {
        let cancel =
            r#"{"v":"rehearse/1","id":"c","deadlineMs":10,"type":"cancel","target":"a b"}"#;
        assert_eq!(code(cancel), ErrorCode::InvalidRequestId);
        let cancel = r#"{"v":"rehearse/1","id":"c","deadlineMs":10,"type":"cancel","target":7}"#;
        assert_eq!(code(cancel), ErrorCode::Malformed);
    }

    #[test]
    fn hello_offers_at_most_sixty_four_capabilities() {
        let offers: Vec<String> = (0..65).map(|i| format!("\"c{i}\"")).collect();
        let text = format!(
            r#"{{"v":"rehearse/1","id":"h","deadlineMs":10,"type":"hello","capabilities":[{}]}}"#,
            offers.join(",")
        );
        let error = parse_request(&text).unwrap_err();
        assert_eq!(error.limit.as_deref(), Some("maxCapabilities"));
    }
}
