use rehearse::prelude::*;

// The `app = ...;` header comes before every step.
fn main() {
    let _ = scenario! {
        drain;
        app = rehearse_examples::todo::TodoApp;
    };
}
