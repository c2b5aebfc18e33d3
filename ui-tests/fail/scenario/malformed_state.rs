use rehearse::prelude::*;

// `checked=` takes `true`, `false` or `mixed`.
fn main() {
    let _ = scenario! {
        wait-for:checked=maybe,#all,500;
    };
}
