//! The bounds of the wire: frame sizes, requests in flight and connections
//! (each a ceiling that configuration may lower and never raise), and the
//! fixed bounds of ids, deadlines, capabilities, resizes and error messages.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The largest request frame body: 64 KiB.
pub const MAX_REQUEST_BYTES: u32 = 64 * 1024;
/// The largest reply frame body: 16 MiB.
pub const MAX_REPLY_BYTES: u32 = 16 * 1024 * 1024;
/// The most requests one connection may have in flight at once.
pub const MAX_IN_FLIGHT: u32 = 32;
/// The most connections one server serves at once.
pub const MAX_CONNECTIONS: u32 = 16;
/// The longest request id, in bytes.
pub const MAX_REQUEST_ID_LEN: usize = 64;
/// The longest deadline a request may carry, in milliseconds.
pub const MAX_DEADLINE_MS: u64 = 60_000;
/// The longest capability name, in bytes.
pub const MAX_CAPABILITY_LEN: usize = 64;
/// The most capabilities a `hello` may offer.
pub const MAX_CAPABILITIES: usize = 64;
/// The most cells a `resize` may ask for (the same bound as rehearse's
/// screens: 1,048,576 cells).
pub const MAX_RESIZE_CELLS: u32 = 1 << 20;
/// The longest message a [`WireError`](crate::WireError) keeps, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 1024;

/// The limits a connection runs under. [`Limits::default`] is the ceiling of
/// each; [`Limits::builder`] lowers them and refuses to raise them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    max_request_bytes: u32,
    max_reply_bytes: u32,
    max_in_flight: u32,
    max_connections: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_request_bytes: MAX_REQUEST_BYTES,
            max_reply_bytes: MAX_REPLY_BYTES,
            max_in_flight: MAX_IN_FLIGHT,
            max_connections: MAX_CONNECTIONS,
        }
    }
}

impl Limits {
    /// A builder starting from the ceilings.
    pub fn builder() -> LimitsBuilder {
        LimitsBuilder { limits: Limits::default() }
    }

    /// The largest request frame body, in bytes.
    pub fn max_request_bytes(&self) -> u32 {
        self.max_request_bytes
    }

    /// The largest reply frame body, in bytes.
    pub fn max_reply_bytes(&self) -> u32 {
        self.max_reply_bytes
    }

    /// The most requests in flight on one connection.
    pub fn max_in_flight(&self) -> u32 {
        self.max_in_flight
    }

    /// The most connections a server serves at once.
    pub fn max_connections(&self) -> u32 {
        self.max_connections
    }

    /// These limits as the `hello` reply announces them.
    pub fn to_wire(&self) -> WireLimits {
        WireLimits {
            max_request_bytes: self.max_request_bytes,
            max_reply_bytes: self.max_reply_bytes,
            max_in_flight: self.max_in_flight,
            extra: serde_json::Map::new(),
        }
    }
}

/// A limit a [`LimitsBuilder`] refused: raised above its ceiling, or zero.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{name} = {requested} is refused: it must be between 1 and its ceiling {ceiling}")]
pub struct LimitError {
    /// The limit, spelled as on the wire (`maxRequestBytes`, …).
    pub name: &'static str,
    /// The value asked for.
    pub requested: u32,
    /// The ceiling it may not exceed.
    pub ceiling: u32,
}

/// Lowers limits from their ceilings; every setter refuses a raise (and zero).
#[derive(Clone, Copy, Debug)]
pub struct LimitsBuilder {
    limits: Limits,
}

fn lowered(name: &'static str, requested: u32, ceiling: u32) -> Result<u32, LimitError> {
    if requested == 0 || requested > ceiling {
        Err(LimitError { name, requested, ceiling })
    } else {
        Ok(requested)
    }
}

impl LimitsBuilder {
    /// Lowers the request frame limit (ceiling [`MAX_REQUEST_BYTES`]).
    pub fn max_request_bytes(mut self, bytes: u32) -> Result<LimitsBuilder, LimitError> {
        self.limits.max_request_bytes = lowered("maxRequestBytes", bytes, MAX_REQUEST_BYTES)?;
        Ok(self)
    }

    /// Lowers the reply frame limit (ceiling [`MAX_REPLY_BYTES`]).
    pub fn max_reply_bytes(mut self, bytes: u32) -> Result<LimitsBuilder, LimitError> {
        self.limits.max_reply_bytes = lowered("maxReplyBytes", bytes, MAX_REPLY_BYTES)?;
        Ok(self)
    }

    /// Lowers the requests in flight per connection (ceiling [`MAX_IN_FLIGHT`]).
    pub fn max_in_flight(mut self, requests: u32) -> Result<LimitsBuilder, LimitError> {
        self.limits.max_in_flight = lowered("maxInFlight", requests, MAX_IN_FLIGHT)?;
        Ok(self)
    }

    /// Lowers the connections per server (ceiling [`MAX_CONNECTIONS`]).
    pub fn max_connections(mut self, connections: u32) -> Result<LimitsBuilder, LimitError> {
        self.limits.max_connections = lowered("maxConnections", connections, MAX_CONNECTIONS)?;
        Ok(self)
    }

    /// The limits built.
    pub fn build(self) -> Limits {
        self.limits
    }
}

/// The limits a server announces in its `hello` reply. Read tolerantly: a
/// newer server may announce more (carried in `extra`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireLimits {
    /// The largest request frame body the server reads.
    pub max_request_bytes: u32,
    /// The largest reply frame body the server writes.
    pub max_reply_bytes: u32,
    /// The most requests the connection may have in flight.
    pub max_in_flight: u32,
    /// Fields a newer server added, kept as they came.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_ceilings() {
        let limits = Limits::default();
        assert_eq!(limits.max_request_bytes(), 65_536);
        assert_eq!(limits.max_reply_bytes(), 16_777_216);
        assert_eq!(limits.max_in_flight(), MAX_IN_FLIGHT);
        assert_eq!(limits.max_connections(), MAX_CONNECTIONS);
    }

    #[test]
    fn the_builder_lowers() {
        let limits = Limits::builder()
            .max_request_bytes(1024)
            .and_then(|b| b.max_reply_bytes(4096))
            .and_then(|b| b.max_in_flight(2))
            .and_then(|b| b.max_connections(1))
            .unwrap()
            .build();
        assert_eq!(
            (limits.max_request_bytes(), limits.max_reply_bytes(), limits.max_in_flight()),
            (1024, 4096, 2)
        );
        assert_eq!(limits.max_connections(), 1);
    }

    #[test]
    fn the_builder_refuses_a_raise_or_zero() {
        let error = Limits::builder().max_request_bytes(MAX_REQUEST_BYTES + 1).unwrap_err();
        assert_eq!(error.name, "maxRequestBytes");
        assert!(error.to_string().contains("ceiling 65536"), "{error}");
        assert!(Limits::builder().max_reply_bytes(MAX_REPLY_BYTES + 1).is_err());
        assert!(Limits::builder().max_in_flight(MAX_IN_FLIGHT + 1).is_err());
        assert!(Limits::builder().max_connections(MAX_CONNECTIONS + 1).is_err());
        assert!(Limits::builder().max_request_bytes(0).is_err());
        assert!(Limits::builder().max_reply_bytes(MAX_REPLY_BYTES).is_ok());
    }
}
