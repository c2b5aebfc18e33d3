// Without the header a refused key compiles; the session refuses it.
use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

fn main() {
    let mut session = Session::new(TodoApp::with_items(1), SessionOptions::default());
    let error = session.run(scenario! { key:F6; }).unwrap_err();
    assert!(matches!(error.failed.error, AutomationError::RefusedKey { .. }), "{error}");
    // Other keys are fine, with the header too.
    session.run(scenario! { app = TodoApp; key:f5; key:shift+f6; }).unwrap();
}
