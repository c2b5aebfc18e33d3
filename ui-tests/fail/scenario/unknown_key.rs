use rehearse::prelude::*;

// An unknown key name.
fn main() {
    let _ = scenario! {
        key:entr;
    };
}
