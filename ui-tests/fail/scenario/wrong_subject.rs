use rehearse::prelude::*;

// A line count is about the scrollback, and a node predicate about a node.
fn main() {
    let _ = scenario! {
        wait-for:lines=3,screen,5000;
        wait-for:exists,screen,5000;
    };
}
