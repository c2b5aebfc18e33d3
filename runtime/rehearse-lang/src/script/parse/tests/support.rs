//! What the parser's tests share: parsing one step (or failing to), the text
//! an error points at, and short ways to build the expected steps.

use std::time::Duration;

use crate::role::SemanticRole;
use crate::script::*;
use crate::selector::Selector;
use crate::step::AutomationStep;
use crate::wait::{Predicate, WaitCondition};

pub(super) fn step(text: &str) -> AutomationStep {
    match parse_step_str(text) {
        Ok(parsed) => parsed.step,
        Err(error) => panic!("{text:?} did not parse: {error}"),
    }
}

pub(super) fn fails(text: &str) -> GrammarError {
    match parse_step_str(text) {
        Ok(parsed) => panic!("{text:?} parsed as {:?}", parsed.step),
        Err(error) => error,
    }
}

/// The byte range an error points at, from the lexemes' byte locations.
pub(super) fn pointed(text: &str, error: &GrammarError) -> String {
    let start = error.range.start.0 as usize;
    let last = error.range.end.0 as usize;
    let end = if text[last..].starts_with('"') {
        // A quoted lexeme: up to its closing quote (none: the end).
        let mut end = text.len();
        let mut escaped = false;
        for (at, character) in text[last + 1..].char_indices() {
            match character {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    end = last + 1 + at + 1;
                    break;
                }
                _ => escaped = false,
            }
        }
        end
    } else {
        last + text[last..].chars().next().map_or(0, char::len_utf8)
    };
    text[start..end].to_owned()
}

pub(super) fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

pub(super) fn wait_for(
    predicate: Predicate,
    selector: impl Into<Selector>,
    millis: u64,
) -> AutomationStep {
    AutomationStep::wait_for(WaitCondition::new(predicate, selector), ms(millis))
}

pub(super) fn role(role: SemanticRole) -> Selector {
    Selector::role(role).into()
}

pub(super) fn named(role: SemanticRole, name: &str) -> Selector {
    Selector::role(role).name(name).into()
}
