use rehearse::prelude::*;

// A string literal is not a selector.
fn main() {
    let _ = scenario! {
        click:"Save";
    };
}
