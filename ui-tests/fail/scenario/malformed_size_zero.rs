use rehearse::prelude::*;

// A size of zero columns.
fn main() {
    let _ = scenario! {
        resize:0x40;
    };
}
