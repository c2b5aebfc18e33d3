//! The examples' integration tests, one binary: each module is one subject
//! (an example, or a page of the docs whose code it runs).

#[path = "support/todos.rs"]
mod todos;

mod adoption_diff;
mod app_guide;
mod app_tree_in_a_pty;
mod artifacts;
mod control;
mod countdown;
mod docs_code;
mod expect_tree;
mod login;
mod memo;
mod memo_random;
mod picker;
mod recorded_todo;
mod redaction;
mod script_files;
mod shopping;
mod shopping_first_test;
mod step_observer;
mod tally;
mod tea;
mod ticker_in_a_pty;
mod time;
mod todo;
mod todo_in_a_pty;
mod trace;
mod trace_viewer;
