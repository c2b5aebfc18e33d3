use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = button, id =)]
struct Save;

fn main() {
    let _ = Save.semantics();
}
