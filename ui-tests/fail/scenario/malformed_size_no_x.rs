use rehearse::prelude::*;

// A size without `x`.
fn main() {
    let _ = scenario! {
        resize:120;
    };
}
