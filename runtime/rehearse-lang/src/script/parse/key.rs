//! The argument of `key:`: a key name with modifiers, its errors located
//! on the offending part.

use crate::key::{KeyCode, KeyParseError, KeyPress};
use crate::script::error::{ErrorKind, GrammarError};

use super::piece::Piece;
use super::written::Written;
use super::{Parser, error, unknown_name};

impl Parser {
    pub(super) fn key(&self, piece: Piece<'_>) -> Result<KeyPress, GrammarError> {
        let piece = piece.trim();
        let Some(written) = self.name(piece)? else {
            return Err(error(ErrorKind::EmptyKey, piece.range(), "`key` needs a key name"));
        };
        let quoted = matches!(written, Written::Quoted(_));
        let spelling = written.into_text();
        spelling.parse::<KeyPress>().map_err(|failure| {
            // The byte range of the offending part of the spelling.
            let part = |start: usize, end: usize| {
                if quoted { piece.range() } else { piece.byte_range(&spelling, start, end) }
            };
            match &failure {
                KeyParseError::Empty if spelling.is_empty() => error(
                    ErrorKind::EmptyKey,
                    piece.range(),
                    format!(
                        "the key is empty; write a key name such as `enter` or `ctrl+n`, or one character such as `a` (key names: {})",
                        KeyCode::names().collect::<Vec<_>>().join(", ")
                    ),
                ),
                KeyParseError::Empty => error(
                    ErrorKind::EmptyKey,
                    part(spelling.len().saturating_sub(1), spelling.len()),
                    format!(
                        "`{spelling}` has no key after its modifiers; write a key name such as `ctrl+n`"
                    ),
                ),
                KeyParseError::UnknownKey(unknown) => {
                    let start = spelling.len() - unknown.given().len();
                    unknown_name(ErrorKind::UnknownKey, part(start, spelling.len()), unknown)
                }
                KeyParseError::UnknownModifier(unknown) => {
                    let start = modifier_offset(&spelling, |m| m == unknown.given(), 0);
                    let range = part(start, start + unknown.given().len());
                    unknown_name(ErrorKind::UnknownModifier, range, unknown)
                }
                KeyParseError::RepeatedModifier(name) => {
                    let start = modifier_offset(&spelling, |m| m.eq_ignore_ascii_case(name), 1);
                    let range = part(start, start + name.len());
                    error(ErrorKind::RepeatedModifier, range, failure.to_string())
                }
            }
        })
    }
}

/// The byte offset of the modifier in `spelling` that `matches`, skipping
/// the first `skip` matches (to point at the second of a repeated one).
fn modifier_offset(spelling: &str, matches: impl Fn(&str) -> bool, skip: usize) -> usize {
    let mut seen = 0;
    let mut offset = 0;
    for segment in spelling.split('+') {
        if matches(segment) {
            if seen == skip {
                return offset;
            }
            seen += 1;
        }
        offset += segment.len() + 1;
    }
    0
}
