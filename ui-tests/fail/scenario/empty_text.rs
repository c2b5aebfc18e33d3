use rehearse::prelude::*;

// `text~` with nothing after it.
fn main() {
    let _ = scenario! {
        click:text~;
    };
}
