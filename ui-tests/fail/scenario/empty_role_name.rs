use rehearse::prelude::*;

// `@role=` with nothing after `=`.
fn main() {
    let _ = scenario! {
        click:@button=;
    };
}
