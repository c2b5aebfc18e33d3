use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = list-item)]
struct Item {
    #[semantic(id)]
    id: String,
    #[semantic(id)]
    slug: String,
}

fn main() {
    let _ = Item { id: String::new(), slug: String::new() }.semantics();
}
