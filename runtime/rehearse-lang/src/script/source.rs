//! Front-end-neutral input: what the one step parser reads.
//!
//! A front-end turns its own input into a slice of [`Located`] [`Lexeme`]s
//! for each step: the text-script front-end makes one [`Lexeme::Char`] per
//! character outside quotes and one [`Lexeme::Quoted`] per double-quoted
//! string, located by byte offset; the `scenario!` macro makes one `Char` per
//! character of each token's spelling and one `Quoted` per string literal,
//! located by token index. The parser never interprets a [`Loc`]; it only
//! hands locations back in errors and facts, and the front-end maps them to
//! lines and columns or to spans.

use std::fmt;

/// An opaque location chosen by the front-end: a byte offset for text
/// scripts, a token index for `scenario!`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Loc(pub u32);

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The lexemes a piece of input covers: the location of its first lexeme and
/// of its last one, both inclusive.
///
/// An error about something that is missing (an empty argument, say) points
/// at the lexeme next to the gap, so a range always names real input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LocRange {
    /// The first lexeme's location.
    pub start: Loc,
    /// The last lexeme's location (inclusive).
    pub end: Loc,
}

impl LocRange {
    /// The range from `start` to `end`, both inclusive.
    pub const fn new(start: Loc, end: Loc) -> Self {
        Self { start, end }
    }

    /// The range of exactly one lexeme.
    pub const fn at(loc: Loc) -> Self {
        Self { start: loc, end: loc }
    }

    /// The smallest range covering both.
    #[must_use]
    pub fn to(self, other: Self) -> Self {
        Self { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// One unit of step input.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Lexeme {
    /// One character written as-is (outside quotes).
    Char(char),
    /// A double-quoted string, already unescaped. Its content is free text:
    /// `;`, `,`, `#`, `>` and `=` inside it are literal.
    Quoted(String),
}

impl Lexeme {
    /// The character, if this is one.
    pub fn as_char(&self) -> Option<char> {
        match self {
            Self::Char(character) => Some(*character),
            Self::Quoted(_) => None,
        }
    }
}

/// A value with the location of the input it came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Located<T> {
    /// The value.
    pub value: T,
    /// Where it is.
    pub loc: Loc,
}

impl<T> Located<T> {
    /// A value at a location.
    pub const fn new(value: T, loc: Loc) -> Self {
        Self { value, loc }
    }
}

impl Located<Lexeme> {
    /// A character lexeme at `loc`.
    pub const fn char(character: char, loc: u32) -> Self {
        Self::new(Lexeme::Char(character), Loc(loc))
    }

    /// A quoted-string lexeme at `loc`.
    pub fn quoted(text: impl Into<String>, loc: u32) -> Self {
        Self::new(Lexeme::Quoted(text.into()), Loc(loc))
    }
}

/// A value with the range of input it came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// The lexemes it was parsed from.
    pub range: LocRange,
}

impl<T> Spanned<T> {
    /// A value over a range.
    pub const fn new(value: T, range: LocRange) -> Self {
        Self { value, range }
    }
}

/// Lexes `text` as if it were all written outside quotes, one
/// [`Lexeme::Char`] per character, each located by its byte offset plus
/// `base`. Handy for front-ends and tests that have no quotes to lex.
pub fn chars(text: &str, base: u32) -> Vec<Located<Lexeme>> {
    text.char_indices()
        .map(|(offset, character)| {
            let offset = u32::try_from(offset).unwrap_or(u32::MAX);
            Located::char(character, base.saturating_add(offset))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chars_are_located_by_byte_offset() {
        let lexed = chars("aé#", 10);
        assert_eq!(lexed, [Located::char('a', 10), Located::char('é', 11), Located::char('#', 13)]);
        assert_eq!(lexed[1].value.as_char(), Some('é'));
        assert_eq!(Located::quoted("x", 0).value.as_char(), None);
    }

    #[test]
    fn ranges_join() {
        let a = LocRange::at(Loc(4));
        let b = LocRange::new(Loc(1), Loc(2));
        assert_eq!(a.to(b), LocRange::new(Loc(1), Loc(4)));
        assert_eq!(Loc(7).to_string(), "7");
    }
}
