use rehearse::prelude::*;

// An unknown role after `@`.
fn main() {
    let _ = scenario! {
        click:@buton;
    };
}
