use rehearse::prelude::*;

// A negative duration.
fn main() {
    let _ = scenario! {
        wait:-1;
    };
}
