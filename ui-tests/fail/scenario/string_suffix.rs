use rehearse::prelude::*;

// A string literal with a suffix.
fn main() {
    let _ = scenario! {
        type:"milk"ms;
    };
}
