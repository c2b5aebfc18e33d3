use rehearse::prelude::*;

// Plain text cannot take focus.
fn main() {
    let _ = scenario! {
        focus:@text;
    };
}
