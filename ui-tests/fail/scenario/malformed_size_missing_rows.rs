use rehearse::prelude::*;

// A size without its row count.
fn main() {
    let _ = scenario! {
        resize:120x;
    };
}
