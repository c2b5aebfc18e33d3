use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

// F6 writes the system clipboard: `TodoApp` refuses it.
fn main() {
    let _ = scenario! {
        app = TodoApp;
        click:#new-todo;
        key:f6;
    };
}
