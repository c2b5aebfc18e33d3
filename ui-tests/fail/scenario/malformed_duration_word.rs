use rehearse::prelude::*;

// A timeout that is not a number.
fn main() {
    let _ = scenario! {
        wait-for:exists,#status,soon;
    };
}
