use rehearse::prelude::*;

// `app =` with no type.
fn main() {
    let _ = scenario! {
        app = ;
        drain;
    };
}
