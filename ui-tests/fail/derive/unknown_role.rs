use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = buton)]
struct Save;

fn main() {
    let _ = Save.semantics();
}
