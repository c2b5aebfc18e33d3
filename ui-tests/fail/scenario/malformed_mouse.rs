use rehearse::prelude::*;

// A wheel that presses, and a mouse step with one field: each on its token.
fn main() {
    let _ = scenario! {
        mouse:3,4,wheel-up,press;
        mouse:3;
    };
}
