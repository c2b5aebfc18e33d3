use rehearse::prelude::*;

// The same modifier twice.
fn main() {
    let _ = scenario! {
        key:ctrl+ctrl+a;
    };
}
