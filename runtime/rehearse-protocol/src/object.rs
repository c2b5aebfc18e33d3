//! Reading a message's top-level JSON object in one pass: the envelope's
//! fields (`v`, `id`, ...) are read as they are met, without building a JSON
//! value for them, and every other field is kept for the payload's own
//! reading. Strictly (a duplicate key is an error) or tolerantly (the last
//! duplicate wins, as JSON readers commonly do).

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use crate::error::WireError;

/// An envelope field as read: only what the checks need of it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Field {
    /// A string.
    Str(String),
    /// A number, as JSON wrote it.
    Number(Number),
    /// `null`.
    Null,
    /// Anything else, by its kind (`a boolean`, `an array`, `an object`).
    Other(&'static str),
}

impl Field {
    /// The field's kind, for messages.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Field::Str(_) => "a string",
            Field::Number(_) => "a number",
            Field::Null => "null",
            Field::Other(kind) => kind,
        }
    }
}

impl<'de> de::Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Field, D::Error> {
        struct Any;
        impl<'de> Visitor<'de> for Any {
            type Value = Field;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                Ok(Field::Str(v.to_owned()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Field, E> {
                Ok(Field::Str(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Field, E> {
                Ok(Field::Number(v.into()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Field, E> {
                Ok(Field::Number(v.into()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Field, E> {
                // JSON has no NaN nor infinity: a finite float always converts.
                Ok(Number::from_f64(v).map_or(Field::Other("a number"), Field::Number))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Field, E> {
                Ok(Field::Other("a boolean"))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Field, E> {
                Ok(Field::Null)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Field, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Field::Other("an array"))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Field, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Field::Other("an object"))
            }
        }
        deserializer.deserialize_any(Any)
    }
}

/// Whether a duplicate key is refused or the last one wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Duplicates {
    /// A duplicate key is an error.
    Refused,
    /// The last duplicate wins.
    LastWins,
}

/// A top-level object read: the envelope's fields by position in the names
/// asked for, and every other field as it came.
#[derive(Debug)]
pub(crate) struct Object<const N: usize> {
    envelope: [Option<Field>; N],
    /// Every field that is not the envelope's.
    pub(crate) rest: Map<String, Value>,
}

impl<const N: usize> Object<N> {
    /// Takes the envelope field at `index` of the names asked for.
    pub(crate) fn take(&mut self, index: usize) -> Option<Field> {
        self.envelope[index].take()
    }
}

/// A key: one of the envelope's names (by index), or another one.
enum Key {
    Envelope(usize),
    Other(String),
}

struct KeySeed<'n, const N: usize>(&'n [&'static str; N]);

impl<'de, const N: usize> DeserializeSeed<'de> for KeySeed<'_, N> {
    type Value = Key;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Key, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de, const N: usize> Visitor<'de> for KeySeed<'_, N> {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
        Ok(match self.0.iter().position(|name| *name == key) {
            Some(index) => Key::Envelope(index),
            None => Key::Other(key.to_owned()),
        })
    }
}

struct ObjectSeed<const N: usize> {
    names: &'static [&'static str; N],
    duplicates: Duplicates,
}

impl<'de, const N: usize> DeserializeSeed<'de> for ObjectSeed<N> {
    type Value = Object<N>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Object<N>, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de, const N: usize> Visitor<'de> for ObjectSeed<N> {
    type Value = Object<N>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Object<N>, A::Error> {
        let mut object = Object { envelope: [const { None }; N], rest: Map::new() };
        let refuse = self.duplicates == Duplicates::Refused;
        let duplicate = |key: &str| de::Error::custom(format!("duplicate field `{key}`"));
        while let Some(key) = access.next_key_seed(KeySeed(self.names))? {
            match key {
                Key::Envelope(index) => {
                    if refuse && object.envelope[index].is_some() {
                        return Err(duplicate(self.names[index]));
                    }
                    object.envelope[index] = Some(access.next_value::<Field>()?);
                }
                Key::Other(key) => {
                    if refuse && object.rest.contains_key(&key) {
                        return Err(duplicate(&key));
                    }
                    let value = access.next_value::<Value>()?;
                    object.rest.insert(key, value);
                }
            }
        }
        Ok(object)
    }
}

/// The top-level object of `text` with the envelope fields `names`, refusing
/// anything that is not one object and, unless `duplicates` lets the last
/// win, duplicate keys.
pub(crate) fn read_object<const N: usize>(
    text: &str,
    names: &'static [&'static str; N],
    duplicates: Duplicates,
) -> Result<Object<N>, WireError> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    ObjectSeed { names, duplicates }
        .deserialize(&mut deserializer)
        .and_then(|object| deserializer.end().map(|()| object))
        .map_err(|error| WireError::malformed(format!("a message is one JSON object: {error}")))
}

/// The string in `field`: `Ok(None)` when absent, an error naming the field
/// `name` when it is not a string.
pub(crate) fn string(field: Option<Field>, name: &str) -> Result<Option<String>, WireError> {
    match field {
        None => Ok(None),
        Some(Field::Str(text)) => Ok(Some(text)),
        Some(other) => Err(WireError::malformed(format!(
            "field `{name}` must be a string, not {}",
            other.kind()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 2] = ["a", "b"];

    fn strict(text: &str) -> Result<Object<2>, WireError> {
        read_object(text, &NAMES, Duplicates::Refused)
    }

    #[test]
    fn strict_refuses_duplicate_keys_and_non_objects() {
        let mut object = strict(r#"{"a":1,"b":"x","c":[1]}"#).unwrap();
        assert_eq!(object.take(0), Some(Field::Number(1.into())));
        assert_eq!(object.take(1), Some(Field::Str("x".into())));
        assert_eq!(object.rest["c"], serde_json::json!([1]));
        for text in [r#"{"a":1,"a":2}"#, r#"{"c":1,"c":2}"#] {
            let error = strict(text).unwrap_err();
            assert!(error.message.contains("duplicate field"), "{}", error.message);
        }
        for text in ["[]", "1", "\"x\"", "null", "{} {}", "{"] {
            assert!(strict(text).is_err(), "{text}");
        }
    }

    #[test]
    fn tolerant_keeps_the_last_duplicate() {
        let mut object =
            read_object(r#"{"a":1,"a":2,"c":1,"c":3}"#, &NAMES, Duplicates::LastWins).unwrap();
        assert_eq!(object.take(0), Some(Field::Number(2.into())));
        assert_eq!(object.rest["c"], 3);
        assert!(read_object("[]", &NAMES, Duplicates::LastWins).is_err());
    }

    #[test]
    fn every_kind_is_named() {
        let mut object = strict(r#"{"a":[{"x":[1]}],"b":{"y":null}}"#).unwrap();
        assert_eq!(object.take(0).unwrap().kind(), "an array");
        assert_eq!(object.take(1).unwrap().kind(), "an object");
        let mut object = strict(r#"{"a":true,"b":null}"#).unwrap();
        assert_eq!(object.take(0).unwrap().kind(), "a boolean");
        assert_eq!(object.take(1), Some(Field::Null));
        assert_eq!(
            string(Some(Field::Null), "v").unwrap_err().message,
            "field `v` must be a string, not null"
        );
    }
}
