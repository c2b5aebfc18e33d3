use rehearse::prelude::*;

// `count=` takes a whole number.
fn main() {
    let _ = scenario! {
        wait-for:count=many,@list-item,500;
    };
}
