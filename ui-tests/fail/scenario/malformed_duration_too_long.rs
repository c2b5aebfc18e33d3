use rehearse::prelude::*;

// A duration past the grammar's limit of 7 days.
fn main() {
    let _ = scenario! {
        wait:18446744073709551615;
    };
}
