//! The escapes of a `send:` string: raw bytes written as text.

/// The escapes [`parse_escapes`] knows, for error messages.
const VALID: &str =
    r"\e, \xHH (two hex digits), \n, \r, \t, \0, \\, \a and \u{H…} (1 to 6 hex digits)";

/// Why a `send:` string did not parse; every variant names the byte offset of
/// the backslash that starts the bad escape, and what would be valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EscapeError {
    /// A backslash followed by a character that is not an escape.
    #[error("unknown escape `\\{escape}` at byte {offset}; the escapes are {VALID}")]
    Unknown {
        /// Byte offset of the backslash.
        offset: usize,
        /// The character after the backslash, escaped if it is a control one.
        escape: String,
    },
    /// A backslash at the very end.
    #[error("a lone `\\` ends the string at byte {offset}; write `\\\\` for a backslash")]
    Trailing {
        /// Byte offset of the backslash.
        offset: usize,
    },
    /// `\x` without two hex digits.
    #[error("`\\x` at byte {offset} needs two hex digits, as in `\\x1b`; found {found}")]
    TruncatedHex {
        /// Byte offset of the backslash.
        offset: usize,
        /// What followed `\x`, escaped, or "the end of the string".
        found: String,
    },
    /// `\u` not followed by `{`, 1 to 6 hex digits and `}`.
    #[error(
        "`\\u` at byte {offset} needs 1 to 6 hex digits in braces, as in `\\u{{e9}}`; found {found}"
    )]
    MalformedUnicode {
        /// Byte offset of the backslash.
        offset: usize,
        /// What followed `\u`, escaped, or "the end of the string".
        found: String,
    },
    /// `\u{…}` naming a surrogate or a number past U+10FFFF.
    #[error(
        "`\\u{{{digits}}}` at byte {offset} is not a Unicode scalar value: \
         valid are 0 to 10FFFF except the surrogates D800 to DFFF"
    )]
    InvalidScalar {
        /// Byte offset of the backslash.
        offset: usize,
        /// The hex digits given.
        digits: String,
    },
}

/// Turns the text of a `send:` step into the raw bytes it names.
///
/// Characters stand for their UTF-8; a backslash starts an escape:
///
/// | escape | bytes |
/// |---|---|
/// | `\e` | ESC, 0x1B |
/// | `\xHH` | the byte 0xHH (exactly two hex digits, any case; not UTF-8 encoded) |
/// | `\n` `\r` `\t` | LF, CR, TAB |
/// | `\0` | NUL |
/// | `\a` | BEL, 0x07 |
/// | `\\` | a backslash |
/// | `\u{H…}` | the UTF-8 of the scalar value U+H… (1 to 6 hex digits) |
///
/// # Errors
///
/// An [`EscapeError`] naming the byte offset of the bad escape's backslash and
/// what would be valid: an unknown escape, a lone trailing backslash, a `\x`
/// without two hex digits, a malformed `\u{…}`, a surrogate or a number past
/// U+10FFFF.
///
/// # Examples
///
/// ```
/// use rehearse_pty::encode::parse_escapes;
/// assert_eq!(parse_escapes(r"\e[A").unwrap(), b"\x1b[A");
/// assert_eq!(parse_escapes(r"a\x00\xFF\u{e9}\\").unwrap(), b"a\x00\xff\xc3\xa9\\");
/// let error = parse_escapes(r"ok\q").unwrap_err();
/// assert!(error.to_string().starts_with("unknown escape `\\q` at byte 2"));
/// ```
pub fn parse_escapes(src: &str) -> Result<Vec<u8>, EscapeError> {
    let mut bytes = Vec::with_capacity(src.len());
    let mut rest = src.char_indices();
    while let Some((offset, character)) = rest.next() {
        if character != '\\' {
            let mut buffer = [0; 4];
            bytes.extend_from_slice(character.encode_utf8(&mut buffer).as_bytes());
            continue;
        }
        let Some((_, escape)) = rest.next() else {
            return Err(EscapeError::Trailing { offset });
        };
        match escape {
            'e' => bytes.push(0x1b),
            'n' => bytes.push(b'\n'),
            'r' => bytes.push(b'\r'),
            't' => bytes.push(b'\t'),
            '0' => bytes.push(0),
            'a' => bytes.push(0x07),
            '\\' => bytes.push(b'\\'),
            'x' => {
                let after = rest.as_str();
                let digits =
                    after.get(..2).filter(|pair| pair.bytes().all(|b| b.is_ascii_hexdigit()));
                let Some(digits) = digits else {
                    return Err(EscapeError::TruncatedHex { offset, found: describe(after, 2) });
                };
                // Two ASCII hex digits: the parse cannot fail; fall back to an error anyway.
                let Ok(byte) = u8::from_str_radix(digits, 16) else {
                    return Err(EscapeError::TruncatedHex { offset, found: describe(after, 2) });
                };
                bytes.push(byte);
                rest.nth(1);
            }
            'u' => {
                let after = rest.as_str();
                let malformed =
                    || EscapeError::MalformedUnicode { offset, found: describe(after, 9) };
                let inside = after.strip_prefix('{').ok_or_else(malformed)?;
                let close = inside.find('}').ok_or_else(malformed)?;
                let digits = &inside[..close];
                if digits.is_empty()
                    || digits.len() > 6
                    || !digits.bytes().all(|byte| byte.is_ascii_hexdigit())
                {
                    return Err(malformed());
                }
                let scalar = u32::from_str_radix(digits, 16).ok().and_then(char::from_u32);
                let Some(scalar) = scalar else {
                    return Err(EscapeError::InvalidScalar { offset, digits: digits.to_owned() });
                };
                let mut buffer = [0; 4];
                bytes.extend_from_slice(scalar.encode_utf8(&mut buffer).as_bytes());
                // `{`, the digits (ASCII, one char each) and `}`.
                rest.nth(digits.len() + 1);
            }
            other => {
                return Err(EscapeError::Unknown {
                    offset,
                    escape: other.escape_debug().collect(),
                });
            }
        }
    }
    Ok(bytes)
}

/// The first `count` characters of `text`, quoted and escaped, for a message.
fn describe(text: &str, count: usize) -> String {
    if text.is_empty() {
        return "the end of the string".to_owned();
    }
    let shown: String = text.chars().take(count).flat_map(char::escape_debug).collect();
    format!("`{shown}`")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_escape() {
        assert_eq!(parse_escapes(r"\e").unwrap(), [0x1b]);
        assert_eq!(parse_escapes(r"\x1b\x1B\x00\xff\x7F").unwrap(), [0x1b, 0x1b, 0, 0xff, 0x7f]);
        assert_eq!(parse_escapes(r"\n\r\t\0\a\\").unwrap(), b"\n\r\t\0\x07\\");
        assert_eq!(
            parse_escapes(r"\u{0}\u{41}\u{e9}\u{4E2D}\u{1F600}\u{10FFFF}").unwrap(),
            "\0Aé中😀\u{10FFFF}".as_bytes()
        );
        assert_eq!(parse_escapes(r"\u{000041}").unwrap(), b"A");
        assert_eq!(parse_escapes("plain é text").unwrap(), "plain é text".as_bytes());
        assert_eq!(parse_escapes("").unwrap(), b"");
        assert_eq!(parse_escapes(r"\e[1;5A\x1bOP").unwrap(), b"\x1b[1;5A\x1bOP");
        // `\x` takes exactly two digits; a third is text.
        assert_eq!(parse_escapes(r"\x414").unwrap(), b"A4");
        // A literal control character in the source is kept.
        assert_eq!(parse_escapes("\x1b[A").unwrap(), b"\x1b[A");
    }

    #[test]
    fn errors_name_the_offset_and_what_is_valid() {
        let error = parse_escapes(r"ab\q").unwrap_err();
        assert_eq!(error, EscapeError::Unknown { offset: 2, escape: "q".into() });
        let message = error.to_string();
        assert!(
            message.starts_with("unknown escape `\\q` at byte 2; the escapes are \\e, \\xHH"),
            "{message}"
        );

        let error = parse_escapes("é\\\u{1}").unwrap_err();
        assert_eq!(error, EscapeError::Unknown { offset: 2, escape: "\\u{1}".into() });

        let error = parse_escapes(r"abc\").unwrap_err();
        assert_eq!(error, EscapeError::Trailing { offset: 3 });
        assert!(error.to_string().contains("write `\\\\` for a backslash"));

        let error = parse_escapes(r"\x1").unwrap_err();
        assert_eq!(error, EscapeError::TruncatedHex { offset: 0, found: "`1`".into() });
        assert_eq!(
            error.to_string(),
            "`\\x` at byte 0 needs two hex digits, as in `\\x1b`; found `1`"
        );
        let error = parse_escapes(r"a\x").unwrap_err();
        assert_eq!(
            error,
            EscapeError::TruncatedHex { offset: 1, found: "the end of the string".into() }
        );
        assert!(matches!(parse_escapes(r"\xg1"), Err(EscapeError::TruncatedHex { offset: 0, .. })));
        assert!(matches!(parse_escapes("\\x1é"), Err(EscapeError::TruncatedHex { offset: 0, .. })));
        assert!(matches!(parse_escapes("\\xé"), Err(EscapeError::TruncatedHex { offset: 0, .. })));

        for bad in
            [r"\u", r"\u41", r"\u{", r"\u{}", r"\u{41", r"\u{1234567}", r"\u{4g}", r"\u{ 41}"]
        {
            let error = parse_escapes(bad).unwrap_err();
            assert!(
                matches!(error, EscapeError::MalformedUnicode { offset: 0, .. }),
                "{bad}: {error:?}"
            );
            assert!(error.to_string().contains("1 to 6 hex digits in braces"), "{error}");
        }
        let error = parse_escapes(r"x\u{D800}").unwrap_err();
        assert_eq!(error, EscapeError::InvalidScalar { offset: 1, digits: "D800".into() });
        assert!(error.to_string().contains("except the surrogates D800 to DFFF"));
        assert!(matches!(parse_escapes(r"\u{110000}"), Err(EscapeError::InvalidScalar { .. })));
        assert!(matches!(parse_escapes(r"\u{FFFFFF}"), Err(EscapeError::InvalidScalar { .. })));
    }

    fn assert_error_points_at_a_backslash(source: &str, error: &EscapeError) {
        let offset = match *error {
            EscapeError::Unknown { offset, .. }
            | EscapeError::Trailing { offset }
            | EscapeError::TruncatedHex { offset, .. }
            | EscapeError::MalformedUnicode { offset, .. }
            | EscapeError::InvalidScalar { offset, .. } => offset,
        };
        assert_eq!(source.as_bytes().get(offset), Some(&b'\\'), "{source:?}: {error:?}");
        assert!(!error.to_string().chars().any(char::is_control), "{error:?}");
    }

    #[test]
    fn every_character_after_a_backslash_and_every_hex_pair() {
        for code in 0u32..=0x3000 {
            let Some(character) = char::from_u32(code) else { continue };
            for source in
                [format!("\\{character}"), format!("\\{character}z"), format!("é\\{character}")]
            {
                match parse_escapes(&source) {
                    Ok(bytes) => assert!(!bytes.is_empty(), "{source:?}"),
                    Err(error) => assert_error_points_at_a_backslash(&source, &error),
                }
            }
        }
        for byte in 0..=u8::MAX {
            let source = format!("\\x{byte:02x}|\\x{byte:02X}");
            assert_eq!(parse_escapes(&source).unwrap(), [byte, b'|', byte]);
        }
    }

    #[test]
    fn every_short_string_of_a_tricky_alphabet_parses_or_errors_cleanly() {
        let alphabet = ['\\', 'x', 'u', '{', '}', '1', 'f', 'g', 'e', 'é', 'D', '8'];
        let mut checked = 0;
        for length in 0..=6u32 {
            for mut number in 0..alphabet.len().pow(length) {
                let mut source = String::new();
                for _ in 0..length {
                    source.push(alphabet[number % alphabet.len()]);
                    number /= alphabet.len();
                }
                match parse_escapes(&source) {
                    Ok(bytes) if !source.contains('\\') => assert_eq!(bytes, source.as_bytes()),
                    Ok(_) => {}
                    Err(error) => assert_error_points_at_a_backslash(&source, &error),
                }
                checked += 1;
            }
        }
        assert!(checked > 3_000_000, "{checked}");
    }
}
