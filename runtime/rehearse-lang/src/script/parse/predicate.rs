//! The predicate of `wait-for:`: a name, and the value some names take.

use crate::script::error::{ErrorKind, GrammarError};
use crate::suggest::closest;
use crate::terminal::TerminalPredicateName;
use crate::vocabulary::{UnknownName, Vocabulary};
use crate::wait::{Boolean, Predicate, PredicateName};

use super::piece::Piece;
use super::regex::Matched;
use super::written::Written;
use super::{Parser, error, unknown_name};
use crate::spelling::quote;

impl Parser {
    /// `text~X` where a predicate goes: the text selector, written where
    /// `wait-for:` wants what to wait for; the predicate for text is
    /// `text=X`.
    fn selector_for_predicate(&self, piece: Piece<'_>) -> GrammarError {
        let text = match self.name(piece.skip(5)) {
            Ok(Some(Written::Quoted(text) | Written::Bare(text))) => text,
            _ => "…".to_owned(),
        };
        let suggestion = format!("text={}", quote(&text));
        error(
            ErrorKind::UnknownPredicate,
            piece.sub_range(0, 5),
            format!(
                "`text~` is a selector, not a predicate; to wait until a node's text contains {}, write `{suggestion}` and then the node's selector",
                quote(&text)
            ),
        )
        .with_suggestions([suggestion])
    }

    pub(super) fn predicate(&self, piece: Piece<'_>) -> Result<Predicate, GrammarError> {
        let piece = piece.trim();
        let (name_piece, value_piece) = match piece.find_char('=') {
            Some(at) => {
                let (name, _, value) = piece.split_at(at);
                (name.trim(), Some(value))
            }
            None => (piece, None),
        };
        if name_piece.starts_with("text~") {
            return Err(self.selector_for_predicate(name_piece));
        }
        let name_text = self.strict(name_piece, "a predicate name")?;
        let name = PredicateName::parse(&name_text).map_err(|_| {
            // Suggest from every predicate, the terminal ones too.
            let unknown = UnknownName::new(
                "predicate",
                &name_text,
                PredicateName::names().chain(TerminalPredicateName::names()),
            );
            if name_text.is_empty() {
                error(
                    ErrorKind::UnknownPredicate,
                    name_piece.range(),
                    format!("missing predicate (valid predicates: {})", unknown.valid().join(", ")),
                )
            } else {
                unknown_name(ErrorKind::UnknownPredicate, name_piece.range(), &unknown)
            }
        })?;
        let missing = |example: &str| {
            error(
                ErrorKind::MissingPredicateValue,
                piece.range(),
                format!("`{name}` needs a value: write `{name}={example}`"),
            )
        };
        let plain = |predicate: Predicate| match value_piece {
            None => Ok(predicate),
            Some(value) => Err(error(
                ErrorKind::UnexpectedPredicateValue,
                value.range(),
                format!("`{name}` takes no value; write `{name}`"),
            )
            .with_suggestions([name.as_str()])),
        };
        match name {
            PredicateName::Exists => plain(Predicate::Exists),
            PredicateName::Missing => plain(Predicate::Missing),
            PredicateName::InView => plain(Predicate::InView),
            PredicateName::Focused => plain(Predicate::Focused),
            PredicateName::Enabled => plain(Predicate::Enabled),
            PredicateName::Disabled => plain(Predicate::Disabled),
            PredicateName::Value | PredicateName::Text => {
                let Some(value_piece) = value_piece else { return Err(missing("ready")) };
                let is_value = name == PredicateName::Value;
                match self.text_or_regex(value_piece, "a predicate value")? {
                    Some(Matched::Text(text)) if is_value => Ok(Predicate::ValueEquals(text)),
                    Some(Matched::Text(text)) => Ok(Predicate::TextContains(text)),
                    Some(Matched::Regex(regex)) if is_value => Ok(Predicate::ValueMatches(regex)),
                    Some(Matched::Regex(regex)) => Ok(Predicate::TextMatches(regex)),
                    None => Err(error(
                        ErrorKind::EmptyText,
                        value_piece.range(),
                        format!(
                            "empty value after `{name}=`; write `{name}=\"\"` to wait for an empty {}",
                            if name == PredicateName::Value { "value" } else { "text" }
                        ),
                    )),
                }
            }
            PredicateName::Count => {
                let Some(value_piece) = value_piece.map(Piece::trim) else {
                    return Err(missing("1"));
                };
                if value_piece.is_empty() {
                    return Err(missing("1"));
                }
                let text = self.strict(value_piece, "a count")?;
                if text.bytes().all(|b| b.is_ascii_digit()) {
                    if let Ok(count) = text.parse::<usize>() {
                        return Ok(Predicate::Count(count));
                    }
                    return Err(error(
                        ErrorKind::MalformedCount,
                        value_piece.range(),
                        format!("count `{text}` is too large"),
                    ));
                }
                Err(error(
                    ErrorKind::MalformedCount,
                    value_piece.range(),
                    format!(
                        "`{text}` is not a count; write a whole number of matches such as `count=3`"
                    ),
                ))
            }
            PredicateName::Selected => {
                let Some(value_piece) = value_piece.map(Piece::trim) else {
                    return Ok(Predicate::Selected(true));
                };
                match value_piece.bare().map(|word| Boolean::parse(&word)) {
                    Some(Ok(selected)) => Ok(Predicate::Selected(selected.into())),
                    _ => {
                        let given = value_piece.spelling();
                        let suggestions = closest(&given, Boolean::names());
                        Err(error(
                            ErrorKind::MalformedBool,
                            value_piece.range(),
                            format!(
                                "`{name}=` takes `true` or `false`; found `{given}` (write `selected` or `selected=false`)"
                            ),
                        )
                        .with_suggestions(suggestions))
                    }
                }
            }
        }
    }
}
