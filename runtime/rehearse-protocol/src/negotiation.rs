//! Capabilities and what a server does with `hello`: the client offers
//! [`Capability`] names, the server keeps only the ones it knows
//! ([`negotiate`], [`answer_hello`]), and every later request passes a gate
//! ([`check_granted`]): one that needs a capability the connection was not
//! granted fails with `unsupported-capability` before it touches the session.

pub use crate::capability::{Capability, known, negotiate};
use crate::error::{ErrorCode, WireError};
use crate::limits::Limits;
use crate::reply::{Extra, HelloAck};
use crate::request::{Hello, RequestBody};
use crate::vocabulary::ServerRole;

/// The server's answer to `hello`: the capabilities offered that it `known`s
/// (see [`negotiate`]), its role and its limits. Pure: the server stores the
/// granted capabilities for the connection.
pub fn answer_hello(
    hello: &Hello,
    known: &[Capability],
    role: ServerRole,
    limits: &Limits,
) -> HelloAck {
    HelloAck {
        capabilities: negotiate(&hello.capabilities, known),
        role,
        limits: limits.to_wire(),
        extra: Extra::new(),
    }
}

/// `Ok` when `body` needs no capability or one in `granted`; else
/// `unsupported-capability` naming it. A connection without `hello` has
/// been granted nothing.
pub fn check_granted(body: &RequestBody, granted: &[Capability]) -> Result<(), WireError> {
    match body.required_capability() {
        Some(needed) if !granted.iter().any(|c| c.as_str() == needed) => Err(WireError::new(
            ErrorCode::UnsupportedCapability,
            format!(
                "`{}` needs the capability `{needed}`, which this connection was not granted",
                body.op()
            ),
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capability::known;
    use crate::request::Snapshot;
    use crate::vocabulary::SnapshotFormat;

    fn caps(names: &[&str]) -> Vec<Capability> {
        names.iter().map(|n| Capability::new(n).unwrap()).collect()
    }

    #[test]
    fn hello_grants_what_the_server_knows() {
        let hello = Hello { capabilities: caps(&["snapshot-png", "terminal", "x-future"]) };
        let ack = answer_hello(
            &hello,
            &caps(&[known::SNAPSHOT_PNG, known::MODEL_STATE]),
            ServerRole::App,
            &Limits::default(),
        );
        assert_eq!(ack.capabilities, caps(&["snapshot-png"]));
        assert_eq!(ack.role, ServerRole::App);
        assert_eq!(ack.limits.max_request_bytes, 65_536);
    }

    #[test]
    fn a_gated_request_needs_its_grant() {
        let png = RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Png });
        let error = check_granted(&png, &[]).unwrap_err();
        assert_eq!(error.code, ErrorCode::UnsupportedCapability);
        assert!(error.message.contains("snapshot-png"), "{}", error.message);
        assert!(check_granted(&png, &caps(&["snapshot-png"])).is_ok());
        assert!(check_granted(&RequestBody::Ping, &[]).is_ok());
        assert!(check_granted(&RequestBody::State, &caps(&["terminal"])).is_err());
    }
}
