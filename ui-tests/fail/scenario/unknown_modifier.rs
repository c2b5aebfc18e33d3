use rehearse::prelude::*;

// An unknown modifier before `+`.
fn main() {
    let _ = scenario! {
        key:ctl+a;
    };
}
