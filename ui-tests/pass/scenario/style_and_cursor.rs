use std::time::Duration;

use rehearse::prelude::*;
use rehearse::vocabulary::{AnsiColor, StyleAttribute, StyleCheck, StyleColor, TerminalCondition};

// Style predicates and cursor conditions lower to the same steps as their
// script spellings, and keep their spelling as written.
fn main() {
    let steps = scenario! {
        wait-for:fg=red,text~"Error",500;
        wait-for:bg=#1e1e2e,@status,500;
        wait-for:fg=idx196,#title,500;
        wait-for:bg=reset,text~"Error",500;
        wait-for:bold,text~"Done",500;
        wait-for:underline=false,@link,500;
        when(reverse,text~"Milk")key:enter;
        wait-for:visible,cursor,500;
        wait-for:hidden,cursor,500;
        wait-for:at=7x0,cursor,500;
    };
    let ms = Duration::from_millis(500);
    let style = |check, selector: Selector| {
        AutomationStep::wait_for(WaitCondition::new(Predicate::Style(check), selector), ms)
    };
    let expected = vec![
        style(StyleCheck::Fg(StyleColor::Ansi(AnsiColor::Red)), Selector::text_contains("Error")),
        style(StyleCheck::Bg(StyleColor::Rgb(0x1e, 0x1e, 0x2e)), Selector::role(SemanticRole::Status).into()),
        style(StyleCheck::Fg(StyleColor::Indexed(196)), Selector::id("title")),
        style(StyleCheck::Bg(StyleColor::Default), Selector::text_contains("Error")),
        style(StyleCheck::Attribute(StyleAttribute::Bold, true), Selector::text_contains("Done")),
        style(StyleCheck::Attribute(StyleAttribute::Underline, false), Selector::role(SemanticRole::Link).into()),
        AutomationStep::key(KeyCode::Enter).when(WaitCondition::new(
            Predicate::Style(StyleCheck::Attribute(StyleAttribute::Reverse, true)),
            Selector::text_contains("Milk"),
        )),
        AutomationStep::wait_for_terminal(TerminalCondition::CursorVisible(true), ms),
        AutomationStep::wait_for_terminal(TerminalCondition::CursorVisible(false), ms),
        AutomationStep::wait_for_terminal(TerminalCondition::CursorAt { col: 7, row: 0 }, ms),
    ];
    let (lowered, written): (Vec<AutomationStep>, Vec<String>) =
        steps.into_iter().map(|step| (step.step, step.source.spelling.into_owned())).unzip();
    assert_eq!(lowered, expected);
    // Each keeps its spelling as written; `Display` writes the canonical one.
    assert_eq!(written[3], "wait-for:bg=reset,text~\"Error\",500");
    assert_eq!(lowered[3].to_string(), "wait-for:bg=default,text~Error,500");
    assert_eq!(written[9], "wait-for:at=7x0,cursor,500");
    assert_eq!(lowered[6].to_string(), "when(reverse,text~Milk) key:enter");
    // The cursor is known on the engine too: `plane = engine;` takes it.
    let on_engine = scenario! {
        plane = engine;
        wait-for:visible,cursor,0;
        when(hidden,cursor)key:esc;
    };
    assert_eq!(on_engine.into_iter().count(), 2);
}
