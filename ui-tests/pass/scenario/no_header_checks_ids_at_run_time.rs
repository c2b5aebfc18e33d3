// Without `app = ...;` ids are not checked at compile time: a misspelled id
// compiles, and the run fails at the step, naming it and the closest id.
use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

fn main() {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    let error = session.run(scenario! { click:#new-todo; click:#new-todoo; }).unwrap_err();
    assert_eq!(error.completed.steps.len(), 1);
    assert_eq!(error.failed.index, 1);
    let message = error.to_string();
    assert!(message.contains("`click:#new-todoo` ("), "{message}");
    assert!(message.contains("did you mean `#new-todo`?"), "{message}");
}
