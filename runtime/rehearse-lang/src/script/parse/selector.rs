//! Selectors: `#id`, `@role`, `@role=Name`, `text~substring` and
//! `col,row`, chained with `>>` and narrowed with `>> nth=N`, recorded with
//! where their pieces are.

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
use super::regex::Matched;
use super::{Parser, error, unknown_name};

/// Where `>>` separates the segments of a chained selector: the index of
/// each separator's first `>` (quoted text is one lexeme, so a `>>` inside
/// quotes never counts).
pub(super) fn chain_separators(piece: Piece<'_>) -> Vec<usize> {
    let mut separators = Vec::new();
    let mut at = 0;
    while at + 1 < piece.lexemes.len() {
        if piece.lexemes[at].value.as_char() == Some('>')
            && piece.lexemes[at + 1].value.as_char() == Some('>')
        {
            separators.push(at);
            at += 2;
        } else {
            at += 1;
        }
    }
    separators
}

/// Every selector form, for messages.
pub(super) const SELECTOR_FORMS: &str =
    "`#id`, `@role`, `@role=Name`, `text~substring` or `col,row`";

impl Parser {
    /// A selector, chained or not: simple selectors joined by `>>`
    /// (`#col-todo >> @button=Move`), a segment `nth=N` picking one of the
    /// matches so far. Every segment is recorded in `facts`; only the last
    /// is in `slot` (the scopes before it need no action).
    pub(super) fn selector(
        &self,
        piece: Piece<'_>,
        slot: SelectorSlot,
        facts: &mut StepFacts,
    ) -> Result<Selector, GrammarError> {
        let piece = piece.trim();
        let separators = chain_separators(piece);
        if separators.is_empty() && !piece.starts_with("nth=") {
            return self.simple_selector(piece, slot, facts);
        }
        let mut segments = Vec::with_capacity(separators.len() + 1);
        let mut start = 0;
        for &at in &separators {
            segments.push(Piece::new(&piece.lexemes[start..at], piece.lexemes[at].loc));
            start = at + 2;
        }
        let anchor = start.checked_sub(1).map_or(piece.anchor, |at| piece.lexemes[at].loc);
        segments.push(Piece::new(&piece.lexemes[start..], anchor));
        let last = segments.len() - 1;
        let mut chain: Option<Selector> = None;
        for (index, segment) in segments.into_iter().enumerate() {
            let segment = segment.trim();
            let segment_slot = if index == last { slot } else { SelectorSlot::Scope };
            chain = Some(match (chain, self.nth(segment)?) {
                (None, Some(_)) => {
                    return Err(error(
                        ErrorKind::InvalidSelector,
                        segment.range(),
                        "`nth=` picks one of the matches before it; write a selector first, such as `@list-item >> nth=0`",
                    ));
                }
                (Some(of), Some(nth)) => of.nth(nth),
                (None, None) => self.simple_selector(segment, segment_slot, facts)?,
                (Some(scope), None) => {
                    scope.descendant(self.simple_selector(segment, segment_slot, facts)?)
                }
            });
        }
        Ok(chain.unwrap_or_else(|| Selector::point(0, 0)))
    }

    /// `nth=N`, if the segment is one.
    fn nth(&self, segment: Piece<'_>) -> Result<Option<usize>, GrammarError> {
        if !segment.starts_with("nth=") {
            return Ok(None);
        }
        let value = segment.skip(4);
        let text = self.strict(value, "a match index")?;
        if !text.is_empty()
            && text.bytes().all(|b| b.is_ascii_digit())
            && let Ok(index) = text.parse::<usize>()
        {
            return Ok(Some(index));
        }
        Err(error(
            ErrorKind::MalformedCount,
            value.range(),
            format!(
                "`{text}` is not a match index; write a zero-based whole number such as `nth=0`"
            ),
        ))
    }

    fn simple_selector(
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
                    Some(name_piece) => {
                        match self.text_or_regex(name_piece, "an accessible name")? {
                            Some(Matched::Text(name)) => Selector::role(role).name(name).into(),
                            Some(Matched::Regex(name)) => {
                                Selector::role(role).name_matching(name).into()
                            }
                            None => {
                                return Err(error(
                                    ErrorKind::EmptyName,
                                    name_piece.range(),
                                    format!(
                                        "empty accessible name after `@{role}=`; write `@{role}` to match any name, or `@{role}=\"\"` for an empty one"
                                    ),
                                ));
                            }
                        }
                    }
                }
            }
            Lexeme::Char(first) if first.is_ascii_digit() => self.point(piece)?,
            Lexeme::Char(_) if piece.starts_with("text~") => {
                // Empty text, bare or quoted (`text~""`), would match every
                // node: it is an error either way.
                match self.text_or_regex(piece.skip(5), "the text to find")? {
                    Some(Matched::Text(text)) if !text.is_empty() => Selector::text_contains(text),
                    Some(Matched::Regex(regex)) => Selector::text_matches(regex),
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

#[cfg(test)]
mod tests {
    use crate::script::{ErrorKind, SelectorSlot, parse_step_str};
    use crate::{AutomationStep, Selector, SemanticRole};

    fn step(text: &str) -> AutomationStep {
        parse_step_str(text).unwrap_or_else(|error| panic!("{text}: {error}")).step
    }

    #[test]
    fn chains_narrow_left_to_right() {
        let button = Selector::role(SemanticRole::Button).name("Move");
        let chained = Selector::id("col-todo").descendant(button.clone());
        assert_eq!(step("click:#col-todo >> @button=Move"), AutomationStep::click(chained.clone()));
        // Whitespace around `>>` is optional (`scenario!` keeps none).
        assert_eq!(step("click:#col-todo>>@button=Move"), AutomationStep::click(chained));
        let nth = Selector::from(SemanticRole::ListItem).nth(2);
        assert_eq!(step("click:@list-item >> nth=2"), AutomationStep::click(nth.clone()));
        let deep = Selector::id("board")
            .descendant(SemanticRole::List)
            .nth(1)
            .descendant(Selector::text_contains("a>b"));
        let spelled = r#"click:#board >> @list >> nth=1 >> text~"a>b""#;
        assert_eq!(step(spelled), AutomationStep::click(deep.clone()));
        assert_eq!(AutomationStep::click(deep).to_string(), spelled);
        // A drag splits at the `>` that is not half of a `>>`.
        assert_eq!(
            step("drag:#todo >> @list-item >> nth=0>#done"),
            AutomationStep::drag(
                Selector::id("todo").descendant(SemanticRole::ListItem).nth(0),
                Selector::id("done")
            )
        );
    }

    #[test]
    fn only_the_last_segment_takes_the_action() {
        let parsed = parse_step_str("click:@list >> @button").unwrap();
        let slots: Vec<SelectorSlot> = parsed.facts.selectors.iter().map(|s| s.slot).collect();
        assert_eq!(slots, [SelectorSlot::Scope, SelectorSlot::Click(crate::MouseButton::Left)]);
        // So a scope that cannot be clicked is fine, and a target that cannot is not.
        assert!(crate::script::parse_script("click:@list >> @button").is_ok());
        let errors = crate::script::parse_script("click:@button >> @list").unwrap_err();
        assert_eq!(errors.errors[0].kind, ErrorKind::UnsupportedAction);
    }

    #[test]
    fn malformed_chains_name_the_segment() {
        let fails = |text: &str, kind: ErrorKind, message: &str| {
            let error = parse_step_str(text).expect_err(text);
            assert_eq!(error.kind, kind, "{text}: {error}");
            assert!(error.message.contains(message), "{text}: {}", error.message);
        };
        fails("click:nth=1", ErrorKind::InvalidSelector, "picks one of the matches before it");
        fails("click:#a >> nth=x", ErrorKind::MalformedCount, "not a match index");
        fails("click:#a >>", ErrorKind::MissingSelector, "missing selector");
        fails("click:#a >> save", ErrorKind::InvalidSelector, "did you mean `#save`?");
    }
}
