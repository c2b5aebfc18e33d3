//! A run of lexemes being parsed: trimming, splitting, ranges and how it
//! is spelled.

use crate::script::source::{Lexeme, Loc, LocRange, Located};
use crate::spelling::quote;

/// A run of lexemes being parsed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Piece<'a> {
    pub(super) lexemes: &'a [Located<Lexeme>],
    /// Where an empty piece is reported: the lexeme beside the gap.
    pub(super) anchor: Loc,
}

impl<'a> Piece<'a> {
    pub(super) fn new(lexemes: &'a [Located<Lexeme>], anchor: Loc) -> Self {
        Self { lexemes, anchor }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.lexemes.is_empty()
    }

    pub(super) fn trim(self) -> Self {
        let is_space =
            |lexeme: &Located<Lexeme>| lexeme.value.as_char().is_some_and(char::is_whitespace);
        let start = self.lexemes.iter().position(|l| !is_space(l)).unwrap_or(self.lexemes.len());
        let end = self.lexemes.iter().rposition(|l| !is_space(l)).map_or(start, |at| at + 1);
        let anchor = self.lexemes.get(start).map_or(self.anchor, |l| l.loc);
        Self { lexemes: &self.lexemes[start..end], anchor }
    }

    pub(super) fn range(&self) -> LocRange {
        match (self.lexemes.first(), self.lexemes.last()) {
            (Some(first), Some(last)) => LocRange::new(first.loc, last.loc),
            _ => LocRange::at(self.anchor),
        }
    }

    /// The range of lexemes `start..end` (by index; clamped, never empty).
    pub(super) fn sub_range(&self, start: usize, end: usize) -> LocRange {
        let len = self.lexemes.len();
        if len == 0 {
            return LocRange::at(self.anchor);
        }
        let start = start.min(len - 1);
        let end = end.clamp(start + 1, len);
        LocRange::new(self.lexemes[start].loc, self.lexemes[end - 1].loc)
    }

    /// The range of the characters at byte range `bytes` of `text`, the
    /// bare spelling of this piece.
    pub(super) fn byte_range(&self, text: &str, start: usize, end: usize) -> LocRange {
        let first = text[..start].chars().count();
        let last = text[..end.max(start)].chars().count();
        self.sub_range(first, last)
    }

    pub(super) fn find_char(&self, wanted: char) -> Option<usize> {
        self.lexemes.iter().position(|l| l.value.as_char() == Some(wanted))
    }

    pub(super) fn rfind_char(&self, wanted: char) -> Option<usize> {
        self.lexemes.iter().rposition(|l| l.value.as_char() == Some(wanted))
    }

    /// Splits around the lexeme at `index`: (before, separator, after).
    pub(super) fn split_at(self, index: usize) -> (Self, Loc, Self) {
        let separator = self.lexemes[index].loc;
        (
            Self::new(&self.lexemes[..index], separator),
            separator,
            Self::new(&self.lexemes[index + 1..], separator),
        )
    }

    pub(super) fn skip(self, count: usize) -> Self {
        let count = count.min(self.lexemes.len());
        let anchor = self.lexemes.get(count.saturating_sub(1)).map_or(self.anchor, |l| l.loc);
        Self::new(&self.lexemes[count..], anchor)
    }

    /// The text if every lexeme is a character.
    pub(super) fn bare(&self) -> Option<String> {
        self.lexemes.iter().map(|l| l.value.as_char()).collect()
    }

    pub(super) fn starts_with(&self, prefix: &str) -> bool {
        let mut lexemes = self.lexemes.iter();
        prefix.chars().all(|wanted| lexemes.next().and_then(|l| l.value.as_char()) == Some(wanted))
    }

    pub(super) fn first_quote(&self) -> Option<usize> {
        self.lexemes.iter().position(|l| matches!(l.value, Lexeme::Quoted(_)))
    }

    /// How the piece is written, re-quoting quoted strings.
    pub(super) fn spelling(&self) -> String {
        self.lexemes
            .iter()
            .map(|lexeme| match &lexeme.value {
                Lexeme::Char(character) => character.to_string(),
                Lexeme::Quoted(text) => quote(text),
            })
            .collect()
    }
}
