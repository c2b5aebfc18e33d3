use rehearse::prelude::*;

// Glyphrun's `regex=` is `matches=`: its regex is checked at compile time too.
fn main() {
    let _ = scenario! {
        wait-for:regex="(unclosed",screen,5000;
    };
}
