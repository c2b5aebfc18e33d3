use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = list-item, id = "item")]
struct Item {
    #[semantic(id)]
    id: String,
}

fn main() {
    let _ = Item { id: String::new() }.semantics();
}
