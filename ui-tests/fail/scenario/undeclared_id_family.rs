use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

// An id close to a family the app declares.
fn main() {
    let _ = scenario! {
        app = TodoApp;
        click:#toggle-1;
        click:#togle-1;
    };
}
