use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role)]
struct Save;

fn main() {
    let _ = Save.semantics();
}
