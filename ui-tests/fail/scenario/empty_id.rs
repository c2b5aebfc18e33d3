use rehearse::prelude::*;

// `#` with no id after it.
fn main() {
    let _ = scenario! {
        click:#;
    };
}
