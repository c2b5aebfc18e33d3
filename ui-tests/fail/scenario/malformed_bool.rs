use rehearse::prelude::*;

// `selected=` takes `true` or `false`.
fn main() {
    let _ = scenario! {
        wait-for:selected=no,@tab,500;
    };
}
