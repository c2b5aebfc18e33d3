use rehearse::prelude::*;

// A misspelled scroll direction.
fn main() {
    let _ = scenario! {
        scroll:dwn;
    };
}
