use rehearse::prelude::*;

// A `matches=` regex is checked at compile time.
fn main() {
    let _ = scenario! {
        wait-for:matches="(unclosed",screen,5000;
    };
}
