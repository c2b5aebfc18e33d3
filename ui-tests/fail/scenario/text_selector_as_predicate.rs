use rehearse::prelude::*;

// `text~` is a selector: where `wait-for:` wants its predicate, the error
// says so and suggests the `text=` predicate.
fn main() {
    let _ = scenario! {
        wait-for:text~"Saved",#status,500;
    };
}
