use rehearse::prelude::*;

// A progress bar cannot be clicked.
fn main() {
    let _ = scenario! {
        click:@progress-bar;
    };
}
