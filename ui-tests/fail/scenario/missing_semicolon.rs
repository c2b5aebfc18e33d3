use rehearse::prelude::*;

// Every step ends with `;`.
fn main() {
    let _ = scenario! {
        click:#save;
        drain
    };
}
