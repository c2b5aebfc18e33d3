use rehearse::prelude::*;

// A verb that needs an argument.
fn main() {
    let _ = scenario! {
        click;
    };
}
