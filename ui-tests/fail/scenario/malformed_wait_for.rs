use rehearse::prelude::*;

// `wait-for` with only a predicate.
fn main() {
    let _ = scenario! {
        wait-for:exists;
    };
}
