//! Request ids and deadlines: the two fields every request carries.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::limits::{MAX_DEADLINE_MS, MAX_REQUEST_ID_LEN};

/// Why a request id is refused; on the wire it is `invalid-request-id`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IdError {
    /// The id is empty.
    #[error("request id is empty; an id is 1-64 of [A-Za-z0-9_-]")]
    Empty,
    /// The id is longer than 64 bytes.
    #[error("request id is {0} bytes, more than 64")]
    TooLong(usize),
    /// The id holds a character outside `[A-Za-z0-9_-]`.
    #[error("request id {id:?} contains {bad:?}; an id is 1-64 of [A-Za-z0-9_-]")]
    InvalidCharacter {
        /// The id.
        id: String,
        /// The first character refused.
        bad: char,
    },
}

/// A deadline outside 1–60,000 ms; on the wire it is `invalid-deadline`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("deadlineMs {0} is outside 1-60000")]
pub struct DeadlineError(pub u64);

/// A request id: 1–64 of `[A-Za-z0-9_-]`, chosen by the client, unique among
/// the requests it has in flight on one connection.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RequestId(String);

impl RequestId {
    /// `id` when it is 1–64 of `[A-Za-z0-9_-]`.
    pub fn new(id: &str) -> Result<RequestId, IdError> {
        if id.is_empty() {
            return Err(IdError::Empty);
        }
        if id.len() > MAX_REQUEST_ID_LEN {
            return Err(IdError::TooLong(id.len()));
        }
        if let Some(bad) =
            id.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
        {
            return Err(IdError::InvalidCharacter { id: id.to_owned(), bad });
        }
        Ok(RequestId(id.to_owned()))
    }

    /// The id as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for RequestId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for RequestId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RequestId, D::Error> {
        let id = String::deserialize(deserializer)?;
        RequestId::new(&id).map_err(serde::de::Error::custom)
    }
}

/// How long a request may take, 1–60,000 ms, counted from when the server has
/// read its whole frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Deadline(u64);

impl Deadline {
    /// `ms` when it is 1–60,000.
    pub fn from_millis(ms: u64) -> Result<Deadline, DeadlineError> {
        if ms == 0 || ms > MAX_DEADLINE_MS { Err(DeadlineError(ms)) } else { Ok(Deadline(ms)) }
    }

    /// The deadline in milliseconds.
    pub fn as_millis(self) -> u64 {
        self.0
    }

    /// The deadline as a [`Duration`].
    pub fn as_duration(self) -> Duration {
        Duration::from_millis(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_of_the_alphabet_and_length_are_accepted() {
        for id in ["a", "R-1", "x_y-Z09", &"a".repeat(64)] {
            assert_eq!(RequestId::new(id).unwrap().as_str(), id);
        }
    }

    #[test]
    fn bad_ids_are_invalid_request_id() {
        assert_eq!(RequestId::new(""), Err(IdError::Empty));
        assert_eq!(RequestId::new(&"a".repeat(65)), Err(IdError::TooLong(65)));
        for id in ["a b", "é", "a/b", "a.b"] {
            assert!(matches!(RequestId::new(id), Err(IdError::InvalidCharacter { .. })), "{id:?}");
        }
    }

    #[test]
    fn deadlines_are_one_to_sixty_thousand_ms() {
        assert_eq!(Deadline::from_millis(1).unwrap().as_millis(), 1);
        assert_eq!(Deadline::from_millis(60_000).unwrap().as_duration(), Duration::from_secs(60));
        for ms in [0, 60_001, u64::MAX] {
            assert_eq!(Deadline::from_millis(ms), Err(DeadlineError(ms)));
        }
    }
}
