//! `AutomationId`: the author-chosen, refactor-stable identity of a node.

use std::borrow::{Borrow, Cow};
use std::fmt;

/// The longest automation id, in bytes.
pub const MAX_AUTOMATION_ID_BYTES: usize = 128;

/// An automation id: 1 to 128 bytes of `[A-Za-z0-9-_./:]`.
///
/// Optional on every node, chosen by the app author (never random), unique
/// across the whole realized tree including overlays, and stable across runs.
/// The script spelling `#save` refers to `AutomationId("save")`. It is not a
/// reconciliation key.
///
/// ```
/// use rehearse_lang::{AutomationId, AutomationIdError};
///
/// const SAVE: AutomationId = AutomationId::from_static("save");
/// assert_eq!(SAVE.as_str(), "save");
/// assert_eq!(AutomationId::new("item-3").unwrap().as_str(), "item-3");
/// assert_eq!(
///     AutomationId::new("new todo"),
///     Err(AutomationIdError::InvalidCharacter { position: 3, character: ' ' })
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AutomationId(Cow<'static, str>);

/// Why a string is not a valid [`AutomationId`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutomationIdError {
    /// The id is empty.
    Empty,
    /// The id is longer than [`MAX_AUTOMATION_ID_BYTES`].
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The id holds a character outside `[A-Za-z0-9-_./:]`.
    InvalidCharacter {
        /// Byte offset of the character.
        position: usize,
        /// The character.
        character: char,
    },
}

impl fmt::Display for AutomationIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => {
                f.write_str("automation id is empty; write at least one of [A-Za-z0-9-_./:]")
            }
            Self::TooLong { len } => write!(
                f,
                "automation id is {len} bytes long; the limit is {MAX_AUTOMATION_ID_BYTES}"
            ),
            Self::InvalidCharacter { position, character } => write!(
                f,
                "automation id has {character:?} at byte {position}; only letters, digits and `-_./:` are allowed"
            ),
        }
    }
}

impl std::error::Error for AutomationIdError {}

/// Whether `byte` may appear in an automation id: `[A-Za-z0-9-_./:]`. The one
/// statement of the rule; declared ids and their families use it too.
pub(crate) const fn is_id_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'/' | b':')
}

/// Checks `id` against the automation id rules without allocating.
pub const fn validate_automation_id(id: &str) -> Result<(), AutomationIdError> {
    let bytes = id.as_bytes();
    if bytes.is_empty() {
        return Err(AutomationIdError::Empty);
    }
    // Characters are checked first so a long id with a bad character points
    // at the character, which is the more useful fix.
    let mut index = 0;
    while index < bytes.len() {
        if !is_id_byte(bytes[index]) {
            return Err(AutomationIdError::InvalidCharacter {
                position: index,
                character: decode_char_at(bytes, index),
            });
        }
        index += 1;
    }
    if bytes.len() > MAX_AUTOMATION_ID_BYTES {
        return Err(AutomationIdError::TooLong { len: bytes.len() });
    }
    Ok(())
}

/// Decodes the UTF-8 character starting at `index` (a `const` stand-in for
/// `str::chars`, which is not usable in const functions).
const fn decode_char_at(bytes: &[u8], index: usize) -> char {
    let first = bytes[index] as u32;
    let (len, initial) = if first < 0x80 {
        (1, first)
    } else if first >> 5 == 0b110 {
        (2, first & 0x1f)
    } else if first >> 4 == 0b1110 {
        (3, first & 0x0f)
    } else {
        (4, first & 0x07)
    };
    let mut code = initial;
    let mut offset = 1;
    while offset < len {
        code = (code << 6) | (bytes[index + offset] as u32 & 0x3f);
        offset += 1;
    }
    match char::from_u32(code) {
        Some(character) => character,
        None => char::REPLACEMENT_CHARACTER,
    }
}

impl AutomationId {
    /// Validates and wraps an owned or borrowed id.
    pub fn new(id: impl Into<Cow<'static, str>>) -> Result<Self, AutomationIdError> {
        let id = id.into();
        validate_automation_id(&id)?;
        Ok(Self(id))
    }

    /// Wraps a literal id, checked at compile time when used in a `const`.
    ///
    /// # Panics
    ///
    /// Panics (a compile error in const context) when `id` is invalid.
    pub const fn from_static(id: &'static str) -> Self {
        match validate_automation_id(id) {
            Ok(()) => Self(Cow::Borrowed(id)),
            Err(AutomationIdError::Empty) => panic!("automation id is empty"),
            Err(AutomationIdError::TooLong { .. }) => {
                panic!("automation id is longer than 128 bytes")
            }
            Err(AutomationIdError::InvalidCharacter { .. }) => {
                panic!("automation id holds a character outside [A-Za-z0-9-_./:]")
            }
        }
    }

    /// The id as a string.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for AutomationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

impl fmt::Display for AutomationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<AutomationId> for String {
    fn from(id: AutomationId) -> Self {
        id.0.into_owned()
    }
}

impl From<&AutomationId> for String {
    fn from(id: &AutomationId) -> Self {
        id.0.to_string()
    }
}

impl AsRef<str> for AutomationId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for AutomationId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl TryFrom<&str> for AutomationId {
    type Error = AutomationIdError;

    fn try_from(id: &str) -> Result<Self, Self::Error> {
        Self::new(id.to_owned())
    }
}

impl TryFrom<String> for AutomationId {
    type Error = AutomationIdError;

    fn try_from(id: String) -> Result<Self, Self::Error> {
        Self::new(id)
    }
}

impl std::str::FromStr for AutomationId {
    type Err = AutomationIdError;

    fn from_str(id: &str) -> Result<Self, Self::Err> {
        Self::new(id.to_owned())
    }
}

impl PartialEq<str> for AutomationId {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for AutomationId {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_every_allowed_character() {
        let id = "Az09-_./:";
        assert_eq!(AutomationId::new(id).unwrap().as_str(), id);
        assert!(AutomationId::new("a".repeat(MAX_AUTOMATION_ID_BYTES)).is_ok());
    }

    #[test]
    fn rejects_empty_too_long_and_bad_characters() {
        assert_eq!(AutomationId::new(""), Err(AutomationIdError::Empty));
        assert_eq!(
            AutomationId::new("a".repeat(129)),
            Err(AutomationIdError::TooLong { len: 129 })
        );
        assert_eq!(
            AutomationId::new("save#1"),
            Err(AutomationIdError::InvalidCharacter { position: 4, character: '#' })
        );
        assert_eq!(
            AutomationId::new("néw"),
            Err(AutomationIdError::InvalidCharacter { position: 1, character: 'é' })
        );
        assert_eq!(
            AutomationId::new("ok😀"),
            Err(AutomationIdError::InvalidCharacter { position: 2, character: '😀' })
        );
    }

    #[test]
    fn errors_say_what_is_allowed() {
        let message = AutomationId::new("a b").unwrap_err().to_string();
        assert!(message.contains("' ' at byte 1"), "{message}");
        assert!(message.contains("-_./:"), "{message}");
        assert!(AutomationIdError::TooLong { len: 200 }.to_string().contains("128"));
    }

    #[test]
    fn from_static_is_const() {
        const ID: AutomationId = AutomationId::from_static("status/line:1");
        assert_eq!(ID, "status/line:1");
        assert_eq!(format!("{ID:?}"), "#status/line:1");
    }

    #[test]
    #[should_panic(expected = "outside")]
    fn from_static_panics_on_invalid_ids_at_run_time() {
        let _ = AutomationId::from_static(std::hint::black_box("bad id"));
    }
}
