use rehearse::prelude::*;

// Free text must be a string literal in `scenario!`.
fn main() {
    let _ = scenario! {
        type:hello;
    };
}
