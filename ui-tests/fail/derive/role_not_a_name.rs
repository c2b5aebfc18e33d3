use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = 3)]
struct Thing;

fn main() {
    let _ = Thing.semantics();
}
