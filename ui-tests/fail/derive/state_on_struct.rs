use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = checkbox, checked)]
struct Toggle;

fn main() {
    let _ = Toggle.semantics();
}
