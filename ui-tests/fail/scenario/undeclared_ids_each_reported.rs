use rehearse::prelude::*;
use rehearse_examples::todo::TodoApp;

// Every undeclared id of one call is its own error, in a drag and a wait.
fn main() {
    let _ = scenario! {
        app = TodoApp;
        drag:#item-1>#trash;
        wait-for:missing,#item-1,500;
        scroll:#todo,down;
    };
}
