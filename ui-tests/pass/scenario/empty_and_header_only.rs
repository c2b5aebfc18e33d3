// No steps is an empty scenario, with or without a header.
use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

fn main() {
    let empty = scenario! {};
    assert!(empty.is_empty());
    let header_only = scenario! { app = TodoApp; };
    assert!(header_only.is_empty());
    let blank_steps = scenario! { ; drain;; };
    assert_eq!(blank_steps.len(), 1);
    let mut session = Session::new(TodoApp::default(), SessionOptions::default());
    assert!(session.run(empty).unwrap().steps.is_empty());
}
