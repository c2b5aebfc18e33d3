//! Memoized rows are honest: the todo app driven through the same steps with
//! memoizing on and off commits the same generations — the same semantic
//! tree, buffer, interaction state, caret and todos after every step, and
//! the same errors.

use rehearse::MemoCheck;
use rehearse::prelude::*;
use rehearse_examples::todo::{TodoApp, ids};

/// Runs every step on a memoizing and a plain session of the todo app
/// (`MemoCheck` compares each step's result — the same generation, or the
/// same error — and what each committed), and also their todos.
fn assert_same_generations(items: usize, cols: u16, rows: u16, steps: &[AutomationStep]) {
    let options = SessionOptions::default().viewport(cols, rows);
    let mut check = MemoCheck::new(|| TodoApp::with_items(items), options)
        .and_then(|check| check.compare_apps(same_todos))
        .unwrap_or_else(|mismatch| panic!("{mismatch}"));
    check.run(steps).unwrap_or_else(|mismatch| panic!("{mismatch}"));
}

use crate::todos;
use todos::same_todos;

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
