use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = button, actions = click)]
struct Save;

fn main() {
    let _ = Save.semantics();
}
