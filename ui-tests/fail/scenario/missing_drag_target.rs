use rehearse::prelude::*;

// `drag` needs `>` and a target.
fn main() {
    let _ = scenario! {
        drag:#item-1;
    };
}
