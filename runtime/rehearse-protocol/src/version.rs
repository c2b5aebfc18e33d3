//! The protocol version.

/// The protocol version every message carries in its `v` field.
pub const PROTOCOL_VERSION: &str = "rehearse/1";
