use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(rol = button)]
struct Save;

fn main() {
    let _ = Save.semantics();
}
