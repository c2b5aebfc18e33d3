use rehearse::prelude::*;

// `type` after focusing a button, which takes no text.
fn main() {
    let _ = scenario! {
        focus:@button;
        type:"x";
    };
}
