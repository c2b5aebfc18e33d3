use rehearse::prelude::*;

// In `scenario!` a regular expression's pattern is a string literal between
// the slashes.
fn main() {
    let _ = scenario! {
        click:text~/Save/;
    };
}
