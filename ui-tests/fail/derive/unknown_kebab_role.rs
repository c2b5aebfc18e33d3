use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-bx)]
struct Search;

fn main() {
    let _ = Search.semantics();
}
