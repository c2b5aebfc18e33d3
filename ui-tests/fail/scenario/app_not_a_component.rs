use rehearse::prelude::*;

// The header names a type that is not a `Component`: one error, on the type.
fn main() {
    let _ = scenario! {
        app = String;
        click:#save;
        key:f6;
    };
}
