use rehearse::prelude::*;

// `exists` takes no value.
fn main() {
    let _ = scenario! {
        wait-for:exists=1,#status,500;
    };
}
