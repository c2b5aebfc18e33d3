use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = "list_item")]
struct Row;

fn main() {
    let _ = Row.semantics();
}
