use rehearse::prelude::*;

// An automation id is never quoted. (Written with a space: Rust 2024
// reserves `#"` for guarded strings, so `#"save"` is a Rust lexer error.)
fn main() {
    let _ = scenario! {
        click:# "save";
    };
}
