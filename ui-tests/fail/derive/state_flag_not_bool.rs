use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = list-item)]
struct Item {
    #[semantic(selected)]
    selected: Option<usize>,
}

fn main() {
    let _ = Item { selected: None }.semantics();
}
