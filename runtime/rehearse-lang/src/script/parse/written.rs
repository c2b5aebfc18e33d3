//! How text is written: bare, quoted, or (in `scenario!`) a string
//! literal; and the pieces that must never be quoted.

use crate::script::error::{ErrorKind, GrammarError};
use crate::script::source::Lexeme;
use crate::spelling::quote;

use super::piece::Piece;
use super::{Dialect, Parser, error};

/// What a name-like piece turned out to be.
pub(super) enum Written {
    /// Written without quotes.
    Bare(String),
    /// Written as one quoted string.
    Quoted(String),
}

impl Written {
    pub(super) fn into_text(self) -> String {
        match self {
            Self::Bare(text) | Self::Quoted(text) => text,
        }
    }
}

impl Parser {
    /// A name that may be bare or quoted (a key, a checkpoint name); `None`
    /// when the piece is empty.
    pub(super) fn name(&self, piece: Piece<'_>) -> Result<Option<Written>, GrammarError> {
        let piece = piece.trim();
        if piece.is_empty() {
            return Ok(None);
        }
        if let Some(text) = piece.bare() {
            return Ok(Some(Written::Bare(text)));
        }
        match (&piece.lexemes[0].value, piece.lexemes.len()) {
            (Lexeme::Quoted(text), 1) => Ok(Some(Written::Quoted(text.clone()))),
            (Lexeme::Quoted(_), _) => Err(error(
                ErrorKind::TrailingInput,
                piece.skip(1).range(),
                format!(
                    "unexpected `{}` after the quoted string; a quoted string must be the whole text",
                    piece.skip(1).spelling()
                ),
            )),
            _ => {
                let at = piece.first_quote().unwrap_or(0);
                let whole = piece.spelling();
                Err(error(
                    ErrorKind::MisplacedQuote,
                    piece.sub_range(at, at + 1),
                    format!(
                        "a quote in the middle of `{}`; quote the whole text: {}",
                        piece.spelling(),
                        quote(&whole)
                    ),
                )
                .with_suggestions([quote(&whole)]))
            }
        }
    }

    /// Free text, bare (scripts only) or quoted; `None` when empty.
    pub(super) fn free_text(
        &self,
        piece: Piece<'_>,
        what: &str,
    ) -> Result<Option<String>, GrammarError> {
        match self.name(piece)? {
            None => Ok(None),
            Some(Written::Quoted(text)) => Ok(Some(text)),
            Some(Written::Bare(text)) if self.dialect == Dialect::Scenario => Err(error(
                ErrorKind::BareText,
                piece.trim().range(),
                format!("{what} must be a string literal in `scenario!`: write {}", quote(&text)),
            )
            .with_suggestions([quote(&text)])),
            Some(Written::Bare(text)) => Ok(Some(text)),
        }
    }

    /// A piece that must be written bare: a number, a role, a verb.
    pub(super) fn strict(&self, piece: Piece<'_>, what: &str) -> Result<String, GrammarError> {
        piece.bare().ok_or_else(|| {
            let at = piece.first_quote().unwrap_or(0);
            error(
                ErrorKind::MisplacedQuote,
                piece.sub_range(at, at + 1),
                format!("{what} is never quoted; found `{}`", piece.spelling()),
            )
        })
    }
}
