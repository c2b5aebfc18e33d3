use rehearse::prelude::*;

// A misspelled id: `TodoApp` declares `new-todo`.
fn main() {
    let _ = scenario! {
        app = rehearse_examples::todo::TodoApp;
        click:#new-todoo;
        type:"Buy milk";
    };
}
