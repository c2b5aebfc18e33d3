use rehearse::prelude::*;

// A label with a dot, a guard with no condition, a guard with no step:
// each on its token.
fn main() {
    let _ = scenario! {
        [open.menu] key:esc;
        when(exists) key:esc;
        when(exists, #dialog);
    };
}
