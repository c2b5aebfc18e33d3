use rehearse::prelude::*;

// Nothing may follow a string literal in the same field.
fn main() {
    let _ = scenario! {
        type:"a" "b";
    };
}
