use rehearse::prelude::*;

// A checkpoint name becomes a file name.
fn main() {
    let _ = scenario! {
        checkpoint:a/b;
    };
}
