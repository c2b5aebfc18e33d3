use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

// An id nothing the app declares is close to: the message lists what it declares.
fn main() {
    let _ = scenario! {
        app = TodoApp;
        wait-for:exists,#settings-panel,500;
    };
}
