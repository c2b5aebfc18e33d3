use rehearse::prelude::*;

// `scroll=` takes a whole number of the content's units.
fn main() {
    let _ = scenario! {
        wait-for:scroll=top,#list,500;
    };
}
