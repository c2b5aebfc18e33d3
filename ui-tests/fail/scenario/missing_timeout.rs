use rehearse::prelude::*;

// `wait-for` always needs a timeout.
fn main() {
    let _ = scenario! {
        wait-for:exists,#status;
    };
}
