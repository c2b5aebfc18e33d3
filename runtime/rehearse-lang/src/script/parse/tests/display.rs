//! The `Display` round trip: every step displays as a spelling that parses
//! back to it, quoting free text only when it must.

use crate::role::SemanticRole;
use crate::script::*;
use crate::selector::Selector;
use crate::step::{AutomationStep, ScrollDirection};
use crate::wait::Predicate;

use super::support::{fails, named, step, wait_for};
use super::valid::valid_cases;

#[test]
fn display_parses_back_to_the_same_step() {
    for (text, expected) in valid_cases() {
        let shown = expected.to_string();
        assert_eq!(step(&shown), expected, "{text:?} displays as {shown:?}");
    }
}

#[test]
fn display_quotes_free_text_only_when_needed() {
    let tricky = [
        "",
        " ",
        " lead",
        "trail ",
        "a;b",
        "a,b",
        "a>b",
        "say \"hi\"",
        "back\\slash",
        "two\nlines",
        "tab\t",
        "\u{1b}[0m",
        "#hash",
        "@at",
        "text~x",
        "ünï",
        "=",
        "~",
        "\\\"",
        "\\n",
    ];
    for text in tricky {
        let steps = [
            AutomationStep::type_text(text),
            AutomationStep::click(Selector::role(SemanticRole::Button).name(text)),
            AutomationStep::click(Selector::text_contains(text)),
            AutomationStep::drag(Selector::text_contains(text), Selector::text_contains(text)),
            AutomationStep::scroll_at(Selector::text_contains(text), ScrollDirection::Up),
            wait_for(Predicate::ValueEquals(text.into()), Selector::text_contains(text), 1),
            wait_for(Predicate::TextContains(text.into()), named(SemanticRole::Cell, text), 1),
        ];
        for expected in steps {
            let shown = expected.to_string();
            if text.is_empty() && shown.contains("text~\"\"") {
                // Empty text would match every node: `text~""` is rejected,
                // as `text~` is, so these steps have no spelling.
                assert_eq!(fails(&shown).kind, ErrorKind::EmptyText, "{shown:?}");
                continue;
            }
            assert_eq!(step(&shown), expected, "{shown:?}");
            // And through a whole script, where `;` and newlines matter.
            let script = parse_script(&format!("{shown}\n{shown}; {shown}"))
                .unwrap_or_else(|e| panic!("{shown:?}: {e}"));
            assert_eq!(
                script.into_automation_steps(),
                [expected.clone(), expected.clone(), expected]
            );
        }
    }
    assert_eq!(AutomationStep::type_text("Buy milk").to_string(), "type:Buy milk");
    assert_eq!(AutomationStep::type_text("a;b").to_string(), "type:\"a;b\"");
    assert_eq!(AutomationStep::click(Selector::text_contains("x")).to_string(), "click:text~x");
    assert_eq!(
        wait_for(Predicate::ValueEquals("a,b".into()), Selector::id("s"), 5).to_string(),
        "wait-for:value=\"a,b\",#s,5"
    );
}
