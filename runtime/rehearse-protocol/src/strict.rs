//! The strict reading of requests (client → server). Checks run in a fixed
//! order so each failure has the one code the catalogue gives it: the object,
//! the version, the id, the deadline, the type, then the type's own fields.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::capability::MAX_CAPABILITIES;
use crate::error::{ErrorCode, WireError};
use crate::id::{Deadline, RequestId};
use crate::object::{kind, strict, take_str};
use crate::request::{NoFields, Request, RequestBody};
use crate::vocabulary::{Op, PROTOCOL_VERSION};

/// The most cells a `resize` may ask for (the same bound as rehearse's
/// screens: 1,048,576 cells).
pub const MAX_RESIZE_CELLS: u32 = 1 << 20;

/// Reads one request from its JSON `text`, strictly. A failure carries the
/// request's id when the id was read before it.
pub fn parse_request(text: &str) -> Result<Request, WireError> {
    let mut object = strict(text)?;
    check_version(&mut object)?;
    let id = read_id(&mut object)?;
    read_rest(object, &id).map_err(|error| error.for_request(id))
}

fn check_version(object: &mut Map<String, Value>) -> Result<(), WireError> {
    match take_str(object, "v")? {
        None => Err(WireError::malformed("missing field `v` (the protocol version)")),
        Some(v) if v == PROTOCOL_VERSION => Ok(()),
        Some(v) => Err(WireError::new(
            ErrorCode::UnsupportedVersion,
            format!("version {v:?} is not supported; this server speaks {PROTOCOL_VERSION}"),
        )),
    }
}

fn read_id(object: &mut Map<String, Value>) -> Result<RequestId, WireError> {
    let invalid = |message: String| WireError::new(ErrorCode::InvalidRequestId, message);
    match object.remove("id") {
        None => Err(invalid("missing field `id`".into())),
        Some(Value::String(id)) => RequestId::new(&id),
        Some(other) => Err(invalid(format!("field `id` must be a string, not {}", kind(&other)))),
    }
}

fn read_rest(mut object: Map<String, Value>, id: &RequestId) -> Result<Request, WireError> {
    let deadline = read_deadline(&mut object)?;
    let op = match take_str(&mut object, "type")? {
        None => return Err(WireError::malformed("missing field `type`")),
        Some(name) => Op::from_name(&name).ok_or_else(|| {
            let known: Vec<&str> = Op::ALL.iter().map(|op| op.as_str()).collect();
            WireError::malformed(format!(
                "unknown type `{name}`, expected one of {}",
                known.join(", ")
            ))
        })?,
    };
    let body = read_body(op, object)?;
    check_body(&body, deadline)?;
    Ok(Request { id: id.clone(), deadline, body })
}

fn read_deadline(object: &mut Map<String, Value>) -> Result<Deadline, WireError> {
    let invalid = |message: String| {
        WireError::new(ErrorCode::InvalidDeadline, message).with_limit("deadlineMs")
    };
    match object.remove("deadlineMs") {
        None => Err(invalid("missing field `deadlineMs`".into())),
        Some(Value::Number(n)) => match n.as_u64() {
            Some(ms) => Deadline::from_millis(ms),
            None => Err(invalid(format!("deadlineMs {n} is not a whole number of 1-60000"))),
        },
        Some(other) => Err(invalid(format!("field `deadlineMs` must be a number, not {}", kind(&other)))),
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
    })
}

/// `cancel`'s target is an id: a bad one is `invalid-request-id`, not `malformed`.
fn cancel_fields(object: Map<String, Value>) -> Result<crate::request::Cancel, WireError> {
    if let Some(Value::String(target)) = object.get("target") {
        RequestId::new(target).map_err(|error| WireError {
            message: format!("`cancel` target: {}", error.message),
            ..error
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
        RequestBody::Hello(hello) if hello.capabilities.len() > MAX_CAPABILITIES => Err(
            WireError::malformed(format!(
                "`hello` offers {} capabilities, more than {MAX_CAPABILITIES}",
                hello.capabilities.len()
            ))
            .with_limit("maxCapabilities"),
        ),
        RequestBody::WaitFor(wait) => wait_within("timeoutMs", wait.timeout_ms, deadline),
        RequestBody::Idle(idle) => match idle.quiet_ms {
            Some(ms) => wait_within("quietMs", ms, deadline),
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
