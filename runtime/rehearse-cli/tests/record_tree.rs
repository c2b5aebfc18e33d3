//! `rehearse record` on programs that publish their tree: the todo example
//! (a rehearse app) and the shopping list (a plain ratatui app adopted with
//! `rehearse::adopt`). Clicks become `#id` and `@role=name` selectors, waits
//! name the node that appeared or changed, marks add a checkpoint and an
//! assertion; each recording is replayed with `rehearse run` on the app.

use crate::support::{self, person};

use std::path::Path;

use person::{Person, documented, replay, timeouts_masked};
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

/// A person adds a todo by clicking the field, typing and pressing Enter,
/// takes a checkpoint, and asserts what is under the pointer: the new item.
/// The todo binary is `./todo` in the directory the recording is made in,
/// as docs/record.md shows it.
fn todo_session(name: &str, extra: &[&str], todo: &str) -> (String, Person) {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(support::todo(), dir.path().join("todo")).unwrap();
    let person = Person::record_in(dir, name, extra, &[todo], &[]);
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
    person.stops()
}

#[test]
fn a_todo_session_is_recorded_with_ids_the_node_that_appeared_and_marks() {
    let (recording, person) = todo_session("todo.steps", &[], "./todo");
    person.sees_the_terminal_restored();
    documented("todo", &recording);
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
            "wait-for:text=Buy milk,#item-1,",
        ],
    );
    replay(&person, &["./todo"], &[]);
}

/// `examples/tests/recorded_todo.rs` is what this session records as a
/// Rust test (but for its timeouts): the examples compile it — checking
/// its ids against `TodoApp`'s declarations — and run it against the todo
/// binary. `REHEARSE_UPDATE_RECORDED=1` writes it anew.
#[test]
fn a_todo_session_recorded_as_a_rust_test_is_the_one_the_examples_compile_and_run() {
    let app = ["--format", "scenario", "--app", "rehearse_examples::todo::TodoApp"];
    let todo = support::todo().to_str().unwrap();
    let (test, person) = todo_session("recorded_todo.rs", &app, todo);
    person.sees_the_terminal_restored();
    let committed =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/tests/recorded_todo.rs");
    if std::env::var_os("REHEARSE_UPDATE_RECORDED").is_some() {
        std::fs::write(&committed, &test).unwrap();
    }
    let expected = std::fs::read_to_string(&committed).unwrap();
    assert_eq!(
        timeouts_masked(&test),
        timeouts_masked(&expected),
        "the recording differs from {} (REHEARSE_UPDATE_RECORDED=1 writes it):\n{test}",
        committed.display()
    );
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
    // As a person does, the next key waits for the click's answer: the
    // recorder writes what changed between an input and the next.
    person.sees("> Eggs");
    person.presses("down");
    person.sees("key:down");
    person.sees("> Bread");
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
    replay(&person, &[shopping], &[]);
}

#[test]
fn text_typed_into_a_masked_field_is_a_secret_and_never_written() {
    let login = example("login");
    let login = login.to_str().unwrap();
    let person = Person::record("login.steps", &[], &[login]);
    person.sees("| tree");
    let (col, row) = person.find("User");
    person.clicks(col + 1, row + 1);
    person.sees("click:#user");
    person.types("ada");
    person.sees("type:ada");
    let (col, row) = person.find("Password");
    person.clicks(col + 1, row + 1);
    person.sees("click:#password");
    person.types("lovelace");
    person.sees("type:${secret.PASSWORD}");
    person.presses("enter");
    person.sees("Welcome, ada");
    let (recording, person) = person.stops();
    assert!(recording.contains("\ntype:${secret.PASSWORD}\n"), "{recording}");
    assert!(recording.contains("set PASSWORD first"), "{recording}");
    assert!(!recording.contains("lovelace"), "{recording}");
    assert!(recording.contains("wait-for:exists,#welcome,"), "{recording}");
    replay(&person, &[login], &[("PASSWORD", "lovelace")]);
}
