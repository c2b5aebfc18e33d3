use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

// `expect-tree:`'s selector is checked against the app's ids like any other.
fn main() {
    let _ = scenario! {
        app = TodoApp;
        expect-tree:#todoz,500("- list");
    };
}
