use rehearse::prelude::*;

// An accessible name is free text too.
fn main() {
    let _ = scenario! {
        click:@button=Save;
    };
}
