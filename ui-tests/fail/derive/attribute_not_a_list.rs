use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic = "button"]
struct Save;

fn main() {
    let _ = Save.semantics();
}
