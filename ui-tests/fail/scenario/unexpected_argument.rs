use rehearse::prelude::*;

// `drain` takes no argument.
fn main() {
    let _ = scenario! {
        drain:now;
    };
}
