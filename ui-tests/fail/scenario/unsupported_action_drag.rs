use rehearse::prelude::*;

// A button cannot be dragged.
fn main() {
    let _ = scenario! {
        drag:@button>#list;
    };
}
