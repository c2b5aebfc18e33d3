use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = checkbox, actions = [click, tgole])]
struct Toggle;

fn main() {
    let _ = Toggle.semantics();
}
