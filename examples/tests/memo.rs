//! Memoized rows are honest: the todo app driven through the same steps with
//! memoizing on and off commits the same generations — the same semantic
//! tree, buffer, interaction state and caret after every step, and the same
//! errors.

use rehearse::prelude::*;
use rehearse_examples::todo::{TodoApp, ids};

fn sessions(items: usize, cols: u16, rows: u16) -> [Session<TodoApp>; 2] {
    [true, false].map(|memoize| {
        let options = SessionOptions::default().viewport(cols, rows).memoize(memoize);
        Session::new(TodoApp::with_items(items), options)
    })
}

/// Runs every step on both sessions and compares what each committed.
fn assert_same_generations(items: usize, cols: u16, rows: u16, steps: &[AutomationStep]) {
    let [mut memoized, mut plain] = sessions(items, cols, rows);
    assert_same_frame(&memoized, &plain, "the first generation");
    for (index, step) in steps.iter().enumerate() {
        let with = memoized.step(step.clone()).map(|result| result.generation);
        let without = plain.step(step.clone()).map(|result| result.generation);
        let context = format!("step {index} ({step})");
        match (&with, &without) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{context}"),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{context}"),
            _ => panic!("{context}: memoized {with:?}, plain {without:?}"),
        }
        assert_same_frame(&memoized, &plain, &context);
    }
}

fn assert_same_frame(memoized: &Session<TodoApp>, plain: &Session<TodoApp>, context: &str) {
    let (a, b) = (memoized.frame(), plain.frame());
    if a.tree != b.tree {
        panic!(
            "{context}: trees differ\n--- memoized\n{}\n--- plain\n{}",
            a.tree.to_markdown(),
            b.tree.to_markdown()
        );
    }
    assert_eq!(a.buffer, b.buffer, "{context}: buffers differ");
    assert_eq!(a.interaction, b.interaction, "{context}: interaction differs");
    assert_eq!(a.cursor, b.cursor, "{context}: carets differ");
    assert_eq!(memoized.app().todos(), plain.app().todos(), "{context}: app state differs");
}

fn click(id: impl Into<String>) -> AutomationStep {
    AutomationStep::click(Selector::id(id.into()))
}

#[test]
fn clicks_keys_and_hover_on_a_long_list_commit_the_same_generations() {
    use ScrollDirection::{Down, Up};
    let steps = [
        click(ids::toggle(1)),
        click(ids::toggle(1)),
        click(ids::toggle(3)),
        AutomationStep::hover(Selector::id(ids::delete(2))),
        AutomationStep::hover(Selector::id(ids::toggle(2))),
        click(ids::item(4)),
        AutomationStep::focus(Selector::id(ids::LIST)),
        AutomationStep::key(KeyCode::Down),
        AutomationStep::key(KeyCode::Down),
        AutomationStep::key(KeyCode::Up),
        AutomationStep::key(KeyCode::End),
        AutomationStep::key(KeyCode::Home),
        AutomationStep::key(KeyCode::PageDown),
        AutomationStep::key(KeyPress::char(' ')),
        AutomationStep::scroll_at(Selector::id(ids::LIST), Down),
        AutomationStep::scroll_at(Selector::id(ids::LIST), Down),
        click(ids::toggle(12)),
        AutomationStep::scroll_at(Selector::id(ids::LIST), Up),
        AutomationStep::focus_next(),
        AutomationStep::focus_next(),
        AutomationStep::focus_prev(),
        // The scrollbar column: a press jumps the list.
        AutomationStep::click(Selector::point(79, 20)),
        AutomationStep::resize(100, 30),
        click(ids::toggle(199)),
        AutomationStep::resize(80, 24),
    ];
    assert_same_generations(200, 80, 24, &steps);
}

#[test]
fn adding_deleting_and_filtering_commit_the_same_generations() {
    let steps = [
        click(ids::NEW_TODO),
        AutomationStep::type_text("Buy milk"),
        AutomationStep::key(KeyCode::Enter),
        AutomationStep::type_text("Walk"),
        AutomationStep::key(KeyCode::Enter),
        click(ids::toggle(2)),
        click(ids::delete(1)),
        // The confirm dialog is open above the rows.
        AutomationStep::hover(Selector::id(ids::CONFIRM_NO)),
        click(ids::CONFIRM_NO),
        click(ids::delete(1)),
        click(ids::CONFIRM_YES),
        click(ids::filter("active")),
        click(ids::filter("done")),
        click(ids::toggle(2)),
        click(ids::filter("all")),
        // A row that is gone: both fail the same way.
        click(ids::toggle(1)),
        click(ids::item(3)),
        AutomationStep::key(KeyCode::Delete),
    ];
    assert_same_generations(6, 60, 16, &steps);
}
