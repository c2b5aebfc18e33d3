//! `ConstMessage`: a panic message assembled in `const` code, where
//! `format!` is not available.

/// The capacity of a [`ConstMessage`], in bytes.
pub const CONST_MESSAGE_BYTES: usize = 1024;

/// A message assembled in `const` code, for compile errors raised by
/// `const` evaluation (`panic!("{}", message.as_str())`): `scenario!` builds
/// "automation id `x` is not declared by `App`; did you mean `y`?" this way,
/// because which id is closest is only known once `App`'s declarations are.
///
/// Text beyond [`CONST_MESSAGE_BYTES`] is cut at a character boundary and
/// marked with `…`.
///
/// ```
/// use rehearse_lang::script::ConstMessage;
/// const MESSAGE: ConstMessage = ConstMessage::new().push("id `").push("save").push("`");
/// assert_eq!(MESSAGE.as_str(), "id `save`");
/// ```
#[derive(Clone, Copy)]
pub struct ConstMessage {
    bytes: [u8; CONST_MESSAGE_BYTES],
    len: usize,
    truncated: bool,
}

impl ConstMessage {
    /// The ellipsis that ends a truncated message.
    const ELLIPSIS: &'static str = "…";

    /// An empty message.
    pub const fn new() -> Self {
        Self { bytes: [0; CONST_MESSAGE_BYTES], len: 0, truncated: false }
    }

    /// The message with `text` appended (as much of it as fits).
    #[must_use]
    pub const fn push(mut self, text: &str) -> Self {
        if self.truncated {
            return self;
        }
        let text = text.as_bytes();
        let room = CONST_MESSAGE_BYTES - Self::ELLIPSIS.len() - self.len;
        let mut take = text.len();
        if take > room {
            take = room;
            // Back up to a character boundary.
            while take > 0 && (text[take] & 0b1100_0000) == 0b1000_0000 {
                take -= 1;
            }
            self.truncated = true;
        }
        let mut index = 0;
        while index < take {
            self.bytes[self.len] = text[index];
            self.len += 1;
            index += 1;
        }
        if self.truncated {
            let ellipsis = Self::ELLIPSIS.as_bytes();
            let mut index = 0;
            while index < ellipsis.len() {
                self.bytes[self.len] = ellipsis[index];
                self.len += 1;
                index += 1;
            }
        }
        self
    }

    /// The message so far.
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(text) => text,
            // Only whole characters are ever copied.
            Err(_) => "(the message is not UTF-8)",
        }
    }
}

impl Default for ConstMessage {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for ConstMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn const_messages_truncate_at_a_character_boundary() {
        let long = "é".repeat(CONST_MESSAGE_BYTES);
        let message = ConstMessage::new().push("id ").push(&long).push("never");
        let text = message.as_str();
        assert!(text.starts_with("id éé"));
        assert!(text.ends_with("é…"), "{text:?}");
        assert!(text.len() <= CONST_MESSAGE_BYTES);
        assert!(!text.contains("never"));
        assert_eq!(format!("{:?}", ConstMessage::new().push("a\"b")), r#""a\"b""#);
        assert_eq!(ConstMessage::default().as_str(), "");
    }
}
