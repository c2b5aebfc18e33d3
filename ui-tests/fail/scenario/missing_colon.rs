use rehearse::prelude::*;

// A verb and its argument without `:`.
fn main() {
    let _ = scenario! {
        click #save;
    };
}
