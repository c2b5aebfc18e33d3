use rehearse::prelude::*;

// An id with a character ids cannot hold.
fn main() {
    let _ = scenario! {
        click:#item@2;
    };
}
