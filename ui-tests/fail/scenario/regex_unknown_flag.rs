use rehearse::prelude::*;

// The one flag after the closing `/` is `i`.
fn main() {
    let _ = scenario! {
        wait-for:value=/"ok"/g,#status,500;
    };
}
