//! Reading a message's top-level JSON object: strictly (a duplicate key is an
//! error) or tolerantly (the last duplicate wins, as JSON readers commonly do).

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::{Map, Value};

use crate::error::WireError;

/// A top-level JSON object whose keys are unique.
struct UniqueKeys(Map<String, Value>);

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<UniqueKeys, D::Error> {
        struct Keys;
        impl<'de> Visitor<'de> for Keys {
            type Value = UniqueKeys;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<UniqueKeys, A::Error> {
                let mut map = Map::new();
                while let Some(key) = access.next_key::<String>()? {
                    if map.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!("duplicate field `{key}`")));
                    }
                    let value = access.next_value::<Value>()?;
                    map.insert(key, value);
                }
                Ok(UniqueKeys(map))
            }
        }
        deserializer.deserialize_map(Keys)
    }
}

/// The top-level object of `text`, refusing anything else and duplicate keys.
pub(crate) fn strict(text: &str) -> Result<Map<String, Value>, WireError> {
    serde_json::from_str::<UniqueKeys>(text)
        .map(|keys| keys.0)
        .map_err(|error| WireError::malformed(format!("a message is one JSON object: {error}")))
}

/// The top-level object of `text`, refusing anything else.
pub(crate) fn tolerant(text: &str) -> Result<Map<String, Value>, WireError> {
    serde_json::from_str::<Map<String, Value>>(text)
        .map_err(|error| WireError::malformed(format!("a message is one JSON object: {error}")))
}

/// Removes `name` from `object` and returns it as a string: `Ok(None)` when
/// absent, an error naming the field when it is not a string.
pub(crate) fn take_str(
    object: &mut Map<String, Value>,
    name: &str,
) -> Result<Option<String>, WireError> {
    match object.remove(name) {
        None => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(other) => Err(WireError::malformed(format!(
            "field `{name}` must be a string, not {}",
            kind(&other)
        ))),
    }
}

/// A JSON value's kind, for messages.
pub(crate) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_refuses_duplicate_keys_and_non_objects() {
        assert!(strict(r#"{"a":1,"b":2}"#).is_ok());
        let error = strict(r#"{"a":1,"a":2}"#).unwrap_err();
        assert!(error.message.contains("duplicate field `a`"), "{}", error.message);
        for text in ["[]", "1", "\"x\"", "null"] {
            assert!(strict(text).is_err(), "{text}");
        }
    }

    #[test]
    fn tolerant_keeps_the_last_duplicate() {
        assert_eq!(tolerant(r#"{"a":1,"a":2}"#).unwrap()["a"], 2);
        assert!(tolerant("[]").is_err());
    }
}
