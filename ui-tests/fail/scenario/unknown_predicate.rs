use rehearse::prelude::*;

// An unknown wait predicate.
fn main() {
    let _ = scenario! {
        wait-for:exist,#status,500;
    };
}
