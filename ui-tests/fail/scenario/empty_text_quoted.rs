use rehearse::prelude::*;

// `text~""` would match every node: rejected as `text~` is.
fn main() {
    let _ = scenario! {
        click:text~"";
    };
}
