use rehearse::prelude::*;

// Durations are milliseconds, not seconds.
fn main() {
    let _ = scenario! {
        wait:25s;
    };
}
