//! Selectors: `#id`, `@role`, `@role=Name`, `text~substring` and
//! `col,row`, recorded with where their pieces are.

use crate::id::{AutomationIdError, MAX_AUTOMATION_ID_BYTES, validate_automation_id};
use crate::role::SemanticRole;
use crate::script::error::{ErrorKind, GrammarError};
use crate::script::facts::{SelectorFact, SelectorSlot, StepFacts};
use crate::script::source::{Lexeme, Spanned};
use crate::selector::Selector;
use crate::spelling::quote;
use crate::suggest::or_list;
use crate::vocabulary::Vocabulary;

use super::piece::Piece;
use super::{Parser, error, unknown_name};

/// Every selector form, for messages.
pub(super) const SELECTOR_FORMS: &str =
    "`#id`, `@role`, `@role=Name`, `text~substring` or `col,row`";

impl Parser {
    pub(super) fn selector(
        &self,
        piece: Piece<'_>,
        slot: SelectorSlot,
        facts: &mut StepFacts,
    ) -> Result<Selector, GrammarError> {
        let piece = piece.trim();
        let mut fact = SelectorFact {
            slot,
            selector: Selector::point(0, 0),
            range: piece.range(),
            id: None,
            role: None,
        };
        if piece.is_empty() {
            return Err(error(
                ErrorKind::MissingSelector,
                piece.range(),
                format!("missing selector; write {SELECTOR_FORMS}"),
            ));
        }
        let selector = match &piece.lexemes[0].value {
            Lexeme::Quoted(text) => {
                let as_text = format!("text~{}", quote(text));
                return Err(error(
                    ErrorKind::InvalidSelector,
                    piece.sub_range(0, 1),
                    format!(
                        "a quoted string is not a selector; write `{as_text}` to find text, or `@ROLE={}` for an accessible name",
                        quote(text)
                    ),
                )
                .with_suggestions([as_text]));
            }
            Lexeme::Char('#') => {
                let id_piece = piece.skip(1);
                let id = self.strict(id_piece, "an automation id")?;
                if let Err(failure) = validate_automation_id(&id) {
                    return Err(match failure {
                        AutomationIdError::Empty => error(
                            ErrorKind::InvalidId,
                            piece.range(),
                            "missing automation id after `#`; write at least one of [A-Za-z0-9-_./:]",
                        ),
                        AutomationIdError::InvalidCharacter { position, character } => error(
                            ErrorKind::InvalidId,
                            id_piece.byte_range(&id, position, position + character.len_utf8()),
                            format!(
                                "automation id `{id}` has {character:?}; only letters, digits and `-_./:` are allowed"
                            ),
                        ),
                        AutomationIdError::TooLong { len } => error(
                            ErrorKind::InvalidId,
                            id_piece.range(),
                            format!(
                                "automation id is {len} bytes long; the limit is {MAX_AUTOMATION_ID_BYTES}"
                            ),
                        ),
                    });
                }
                fact.id = Some(Spanned::new(id.clone(), id_piece.range()));
                Selector::Id(id)
            }
            Lexeme::Char('@') => {
                let rest = piece.skip(1);
                let (role_piece, name_piece) = match rest.find_char('=') {
                    Some(at) => {
                        let (role, _, name) = rest.split_at(at);
                        (role, Some(name))
                    }
                    None => (rest, None),
                };
                let role_name = self.strict(role_piece, "a role")?;
                let role = SemanticRole::parse(&role_name).map_err(|unknown| {
                    if role_name.is_empty() {
                        error(
                            ErrorKind::UnknownRole,
                            piece.sub_range(0, 1),
                            format!(
                                "missing role after `@` (valid roles: {})",
                                unknown.valid().join(", ")
                            ),
                        )
                    } else {
                        unknown_name(ErrorKind::UnknownRole, role_piece.range(), &unknown)
                    }
                })?;
                fact.role = Some(Spanned::new(role, role_piece.range()));
                match name_piece {
                    None => Selector::role(role).into(),
                    Some(name_piece) => match self.free_text(name_piece, "an accessible name")? {
                        Some(name) => Selector::role(role).name(name).into(),
                        None => {
                            return Err(error(
                                ErrorKind::EmptyName,
                                name_piece.range(),
                                format!(
                                    "empty accessible name after `@{role}=`; write `@{role}` to match any name, or `@{role}=\"\"` for an empty one"
                                ),
                            ));
                        }
                    },
                }
            }
            Lexeme::Char(first) if first.is_ascii_digit() => self.point(piece)?,
            Lexeme::Char(_) if piece.starts_with("text~") => {
                // Empty text, bare or quoted (`text~""`), would match every
                // node: it is an error either way.
                match self.free_text(piece.skip(5), "the text to find")? {
                    Some(text) if !text.is_empty() => Selector::text_contains(text),
                    _ => {
                        return Err(error(
                            ErrorKind::EmptyText,
                            piece.range(),
                            "empty text after `text~`; write the text to find, such as `text~Saved`",
                        ));
                    }
                }
            }
            Lexeme::Char(_) => {
                let given = piece.spelling();
                let mut suggestions = Vec::new();
                if SemanticRole::parse(&given).is_ok() {
                    suggestions.push(format!("@{given}"));
                } else if let Some(rest) =
                    given.strip_prefix("text").filter(|rest| rest.starts_with(['=', ':']))
                {
                    suggestions.push(format!("text~{}", &rest[1..]));
                } else if validate_automation_id(&given).is_ok() {
                    suggestions.push(format!("#{given}"));
                }
                let hint = if suggestions.is_empty() {
                    String::new()
                } else {
                    let names: Vec<&str> = suggestions.iter().map(String::as_str).collect();
                    format!("; did you mean {}?", or_list(&names))
                };
                return Err(error(
                    ErrorKind::InvalidSelector,
                    piece.range(),
                    format!("`{given}` is not a selector{hint} (write {SELECTOR_FORMS})"),
                )
                .with_suggestions(suggestions));
            }
        };
        fact.selector = selector.clone();
        facts.selectors.push(fact);
        Ok(selector)
    }
}
