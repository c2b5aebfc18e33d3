use rehearse::prelude::*;

// An empty key: the message says so and lists what a key can be.
fn main() {
    let _ = scenario! {
        key:"";
    };
}
