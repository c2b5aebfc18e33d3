use rehearse::prelude::*;

// `value` needs `=VALUE`.
fn main() {
    let _ = scenario! {
        wait-for:value,#status,500;
    };
}
