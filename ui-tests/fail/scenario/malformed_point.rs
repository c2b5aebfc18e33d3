use rehearse::prelude::*;

// A column beyond 65535.
fn main() {
    let _ = scenario! {
        click:70000,1;
    };
}
