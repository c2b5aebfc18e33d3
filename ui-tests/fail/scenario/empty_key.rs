use rehearse::prelude::*;

// A modifier with no key after it.
fn main() {
    let _ = scenario! {
        key:ctrl+;
    };
}
