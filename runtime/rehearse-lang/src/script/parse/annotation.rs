//! What may stand before a step's verb: an id label (`[open_menu]`) that
//! results and failures name the step by, and a `when(CONDITION)` guard that
//! skips the step when the condition does not hold.
//!
//! `[open_menu] when(exists,#menu-button) click:#menu-button` — the label
//! first, then the guard; whitespace between them is optional (`scenario!`
//! keeps none).

use crate::script::error::{ErrorKind, GrammarError};
use crate::script::facts::{SelectorSlot, StepFacts};
use crate::script::source::LocRange;
use crate::step::{Guard, validate_label};
use crate::terminal::TerminalSubject;
use crate::vocabulary::Vocabulary;
use crate::wait::WaitCondition;

use super::arguments::terminal_predicate;
use super::piece::Piece;
use super::{Parser, error};

/// How a guard is written, for messages.
const GUARD_USAGE: &str = "when(PREDICATE,SELECTOR) or when(PREDICATE,SUBJECT), such as `when(exists,#dialog) key:esc` or `when(contains=Continue?,screen) key:enter`";

/// A step split into its annotations and its body.
pub(super) struct Annotations<'a> {
    pub(super) label: Option<String>,
    pub(super) guard: Option<Piece<'a>>,
    pub(super) body: Piece<'a>,
}

impl Parser {
    pub(super) fn annotations<'a>(
        &self,
        whole: Piece<'a>,
    ) -> Result<Annotations<'a>, GrammarError> {
        let mut rest = whole;
        let mut label = None;
        if rest.starts_with("[") {
            let Some(close) = rest.find_char(']') else {
                return Err(error(
                    ErrorKind::InvalidLabel,
                    rest.sub_range(0, 1),
                    "this `[` has no closing `]`; a label is written `[name]` before the step",
                ));
            };
            let (inside, _, after) = rest.split_at(close);
            let inside = inside.skip(1).trim();
            let text = self.strict(inside, "a label")?;
            validate_label(&text).map_err(|why| {
                error(
                    ErrorKind::InvalidLabel,
                    inside.range(),
                    format!("{why} (write `[open_menu] click:#menu`)"),
                )
            })?;
            label = Some(text);
            rest = after.trim();
        }
        let mut guard = None;
        if rest.starts_with("when(") || rest.starts_with("when (") {
            let open = rest.find_char('(').unwrap_or(4);
            let Some(close) = closing_paren(rest, open) else {
                return Err(error(
                    ErrorKind::MalformedGuard,
                    rest.sub_range(open, open + 1),
                    "this `(` has no closing `)`; quote text that holds a parenthesis",
                ));
            };
            guard = Some(Piece::new(&rest.lexemes[open + 1..close], rest.lexemes[open].loc));
            rest = rest.skip(close + 1).trim();
        } else if rest.starts_with("when") && !rest.starts_with("when:") {
            let bare = rest.bare().unwrap_or_default();
            if bare.split_whitespace().next() == Some("when") {
                return Err(error(
                    ErrorKind::MalformedGuard,
                    rest.sub_range(0, 4),
                    format!("a guard puts its condition in parentheses: {GUARD_USAGE}"),
                ));
            }
        }
        if rest.starts_with("[") {
            return Err(error(
                ErrorKind::InvalidLabel,
                rest.sub_range(0, 1),
                "a step has one label, written first: `[name] when(...) step`",
            ));
        }
        if rest.starts_with("when(") || rest.starts_with("when (") {
            return Err(error(
                ErrorKind::MalformedGuard,
                rest.sub_range(0, 4),
                "a step has one guard; combine what it checks into one condition or split the step",
            ));
        }
        if rest.is_empty() && (label.is_some() || guard.is_some()) {
            return Err(error(
                ErrorKind::MalformedGuard,
                whole.range(),
                format!("`{}` has no step after it", whole.spelling()),
            ));
        }
        Ok(Annotations { label, guard, body: rest })
    }

    /// The condition inside `when(...)`.
    pub(super) fn guard(
        &self,
        piece: Piece<'_>,
        facts: &mut StepFacts,
    ) -> Result<Guard, GrammarError> {
        let piece = piece.trim();
        let Some(comma) = piece.find_char(',') else {
            return Err(error(
                ErrorKind::MalformedGuard,
                piece.range(),
                format!("a guard needs a condition and what it is about: {GUARD_USAGE}"),
            ));
        };
        let (predicate, _, subject) = piece.split_at(comma);
        if let Some(name) = terminal_predicate(predicate) {
            return Ok(Guard::Terminal(self.terminal_condition(
                name,
                predicate.trim(),
                subject,
            )?));
        }
        let predicate = self.predicate(predicate)?;
        let subject = subject.trim();
        if let Some(word) = subject.bare().and_then(|word| TerminalSubject::parse(&word).ok()) {
            return Err(error(
                ErrorKind::WrongSubject,
                subject.range(),
                format!(
                    "`{}` is about nodes, not the {word}; on a terminal write a terminal predicate such as `contains=TEXT,{word}`",
                    predicate.name()
                ),
            ));
        }
        if subject.is_empty() {
            return Err(error(
                ErrorKind::MalformedGuard,
                LocRange::at(piece.lexemes[comma].loc),
                format!("missing selector after `,`; {GUARD_USAGE}"),
            ));
        }
        let selector = self.selector(subject, SelectorSlot::WaitFor, facts)?;
        Ok(Guard::Node(WaitCondition::new(predicate, selector)))
    }
}

/// The index of the `)` that closes the `(` at `open` (quoted text is one
/// lexeme, so parentheses inside quotes never count).
fn closing_paren(piece: Piece<'_>, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (at, lexeme) in piece.lexemes.iter().enumerate().skip(open) {
        match lexeme.value.as_char() {
            Some('(') => depth += 1,
            Some(')') => {
                depth -= 1;
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::script::{ErrorKind, parse_step_str};
    use crate::terminal::{TerminalCondition, TextMatcher, TextRegion};
    use crate::{AutomationStep, Guard, KeyCode, Predicate, Selector, WaitCondition};

    fn step(text: &str) -> AutomationStep {
        parse_step_str(text).unwrap_or_else(|error| panic!("{text}: {error}")).step
    }

    fn fails(text: &str, kind: ErrorKind, message: &str) {
        let error = parse_step_str(text).expect_err(text);
        assert_eq!(error.kind, kind, "{text}: {error}");
        assert!(error.message.contains(message), "{text}: {}", error.message);
    }

    #[test]
    fn a_label_and_a_guard_wrap_the_step() {
        let esc = AutomationStep::key(KeyCode::Esc);
        let dialog = WaitCondition::new(Predicate::Exists, Selector::id("dialog"));
        assert_eq!(step("[close] key:esc"), esc.clone().labeled("close"));
        assert_eq!(step("when(exists,#dialog) key:esc"), esc.clone().when(dialog.clone()));
        let both = esc.clone().labeled("close").when(dialog);
        assert_eq!(step("[close]when(exists,#dialog)key:esc"), both);
        assert_eq!(both.to_string(), "[close] when(exists,#dialog) key:esc");
        assert_eq!(step(&both.to_string()), both);
        let terminal = step(r#"when(contains="Continue? (y/n)",screen) type:y"#);
        assert_eq!(
            terminal,
            AutomationStep::type_text("y").when(TerminalCondition::Text {
                region: TextRegion::Screen,
                matcher: TextMatcher::Contains("Continue? (y/n)".into()),
            })
        );
        assert!(terminal.needs_terminal());
        let (label, guard, inner) = terminal.parts();
        assert_eq!((label, inner), (None, &AutomationStep::type_text("y")));
        assert!(matches!(guard, Some(Guard::Terminal(_))));
        // Guards read their selector like `wait-for` does: a point needs no quotes.
        assert_eq!(
            step("when(missing,3,4) wait-for:exists,#x,10"),
            AutomationStep::wait_for(
                WaitCondition::new(Predicate::Exists, Selector::id("x")),
                Duration::from_millis(10)
            )
            .when(WaitCondition::new(Predicate::Missing, Selector::point(3, 4)))
        );
    }

    #[test]
    fn malformed_annotations_say_how_to_write_them() {
        fails("[open menu] key:esc", ErrorKind::InvalidLabel, "a label is letters, digits");
        fails("[close key:esc", ErrorKind::InvalidLabel, "no closing `]`");
        fails("[] key:esc", ErrorKind::InvalidLabel, "empty");
        fails("[a] [b] key:esc", ErrorKind::InvalidLabel, "one label");
        fails("when(exists,#x key:esc", ErrorKind::MalformedGuard, "no closing `)`");
        fails("when(exists) key:esc", ErrorKind::MalformedGuard, "needs a condition");
        fails("when(exists,#x)", ErrorKind::MalformedGuard, "has no step after it");
        fails("when(exists,#x) when(exists,#y) key:esc", ErrorKind::MalformedGuard, "one guard");
        fails("when exists,#x key:esc", ErrorKind::MalformedGuard, "parentheses");
        fails("when(exists,screen) key:esc", ErrorKind::WrongSubject, "about nodes");
        fails("when(lines=2,screen) key:esc", ErrorKind::WrongSubject, "not about the screen");
    }
}
