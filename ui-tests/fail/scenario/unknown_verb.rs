use rehearse::prelude::*;

// An unknown verb, with the closest verbs.
fn main() {
    let _ = scenario! {
        clik:#save;
    };
}
