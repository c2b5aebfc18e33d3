//! `rehearse record` on programs that publish their tree: the todo example
//! (a rehearse app) and the shopping list (a plain ratatui app adopted with
//! `rehearse::adopt`). Clicks become `#id` and `@role=name` selectors, waits
//! name the node that appeared or changed, marks add a checkpoint and an
//! assertion; each recording is replayed with `rehearse run` on the app.

mod support;

#[path = "support/person.rs"]
mod person;

use person::{Person, replay};
use support::example;

fn steps(recording: &str) -> Vec<&str> {
    recording.lines().filter(|line| !line.starts_with('#')).collect()
}

fn assert_steps(recording: &str, expected: &[&str]) {
    let steps = steps(recording);
    assert_eq!(steps.len(), expected.len(), "{recording}");
    for (step, start) in steps.iter().zip(expected) {
        assert!(step.starts_with(start), "`{step}` is not `{start}…`:\n{recording}");
    }
}

#[test]
fn a_todo_session_is_recorded_with_ids_the_node_that_appeared_and_marks() {
    let todo = support::todo().to_str().unwrap().to_owned();
    let person = Person::record("todo.steps", &[], &[&todo]);
    person.sees("What needs doing?");
    person.sees("| tree");
    let (col, row) = person.find("What needs doing?");
    person.clicks(col + 2, row);
    person.sees("click:#new-todo");
    person.types("Buy milk");
    person.sees("type:Buy milk");
    person.presses("enter");
    person.sees("1 item left");
    person.marks("c");
    person.sees("checkpoint written");
    let (col, row) = person.find("Buy milk");
    person.points_at(col + 1, row);
    person.marks("a");
    person.sees("assertion written");
    let (recording, person) = person.stops();
    person.sees_the_terminal_restored();
    eprintln!("{recording}");
    assert!(recording.contains("published its tree"), "{recording}");
    assert_steps(
        &recording,
        &[
            "wait-for:exists,#new-todo,",
            "click:#new-todo",
            "type:Buy milk",
            "key:enter",
            "wait-for:exists,#item-1,",
            "checkpoint:checkpoint-1",
            "wait-for:",
        ],
    );
    assert!(steps(&recording)[6].contains("Buy milk"), "{recording}");
    replay(&person.out, &[&todo], &[]);
}

#[test]
fn an_adopted_apps_session_is_recorded_through_its_tree() {
    let shopping = example("shopping");
    let shopping = shopping.to_str().unwrap();
    let person = Person::record("shopping.steps", &[], &[shopping]);
    person.sees("| tree");
    person.types("oat milk");
    person.sees("type:oat milk");
    person.presses("enter");
    person.sees("Added oat milk");
    let (col, row) = person.find("Eggs");
    person.clicks(col + 1, row);
    person.sees("click:@list-item=Eggs");
    person.presses("down");
    person.sees("key:down");
    let (recording, person) = person.stops();
    person.sees_the_terminal_restored();
    assert_steps(
        &recording,
        &[
            "wait-for:exists,#new-item,",
            "type:oat milk",
            "key:enter",
            "wait-for:",
            "click:@list-item=Eggs",
            "wait-for:",
            "key:down",
            "wait-for:selected,",
        ],
    );
    replay(&person.out, &[shopping], &[]);
}
