//! Capabilities and their negotiation: the client offers, the server keeps
//! only the ones it knows.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::WireError;
use crate::limits::MAX_CAPABILITY_LEN;

/// A capability name: 1–64 of `[a-z0-9-]`, starting with a letter. The set of
/// names is open (a client may offer one a server has never heard of); the
/// ones `rehearse/1` defines are in [`known`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Capability(String);

impl Capability {
    /// `name` when it is well formed, else `malformed` naming it.
    pub fn new(name: &str) -> Result<Capability, WireError> {
        let well_formed = !name.is_empty()
            && name.len() <= MAX_CAPABILITY_LEN
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if well_formed {
            Ok(Capability(name.to_owned()))
        } else {
            Err(WireError::malformed(format!(
                "capability {name:?} is not 1-64 of [a-z0-9-] starting with a letter"
            )))
        }
    }

    /// The name as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Capability {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Capability {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Capability, D::Error> {
        let name = String::deserialize(deserializer)?;
        Capability::new(&name).map_err(|error| serde::de::Error::custom(error.message))
    }
}

/// The capabilities `rehearse/1` defines. A server knows the subset it can
/// serve; a request that needs one the connection did not negotiate fails with
/// `unsupported-capability`.
pub mod known {
    /// `snapshot` with `format: "png"`: the rendered frame as a PNG.
    pub const SNAPSHOT_PNG: &str = "snapshot-png";
    /// `snapshot` with `format: "terminal"`: the terminal-state golden of a
    /// program run in a PTY.
    pub const TERMINAL: &str = "terminal";
    /// The `state` request: the app's model-plane projection.
    pub const MODEL_STATE: &str = "model-state";
    /// The `pty-stop` and `pty-start` requests: a host stops its program and
    /// starts it again while the session stays (the rebuild loop).
    pub const PTY_RESTART: &str = "pty-restart";

    /// Every capability `rehearse/1` defines.
    pub const ALL: [&str; 4] = [SNAPSHOT_PNG, TERMINAL, MODEL_STATE, PTY_RESTART];
}

/// The negotiation: the capabilities of `offered` that are in `known`, each
/// once, in the order `known` lists them. Unknown offers are dropped, never an
/// error: a client may offer what a newer server would grant.
pub fn negotiate(offered: &[Capability], known: &[Capability]) -> Vec<Capability> {
    known.iter().filter(|k| offered.contains(k)).fold(Vec::new(), |mut kept, k| {
        if !kept.contains(k) {
            kept.push(k.clone());
        }
        kept
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(names: &[&str]) -> Vec<Capability> {
        names.iter().map(|n| Capability::new(n).unwrap()).collect()
    }

    #[test]
    fn the_server_keeps_only_what_it_knows_in_its_own_order() {
        let offered = caps(&["model-state", "telepathy", "snapshot-png", "model-state"]);
        let known = caps(&["snapshot-png", "terminal", "model-state"]);
        assert_eq!(negotiate(&offered, &known), caps(&["snapshot-png", "model-state"]));
    }

    #[test]
    fn nothing_offered_or_nothing_known_negotiates_nothing() {
        assert!(negotiate(&[], &caps(&known::ALL)).is_empty());
        assert!(negotiate(&caps(&known::ALL), &[]).is_empty());
    }

    #[test]
    fn a_duplicate_in_known_is_kept_once() {
        let known = caps(&["terminal", "terminal"]);
        assert_eq!(negotiate(&caps(&["terminal"]), &known), caps(&["terminal"]));
    }

    #[test]
    fn names_are_checked() {
        for name in known::ALL {
            assert!(Capability::new(name).is_ok());
        }
        for name in ["", "PNG", "-x", "1x", "a b", &"a".repeat(65)] {
            assert!(Capability::new(name).is_err(), "{name:?}");
        }
    }
}
