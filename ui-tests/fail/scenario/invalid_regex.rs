use rehearse::prelude::*;

// A regular expression in a selector is checked at compile time, on its
// pattern's token.
fn main() {
    let _ = scenario! {
        click:@button=/"Sav(e"/;
    };
}
