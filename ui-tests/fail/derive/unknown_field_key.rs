use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-box)]
struct Search {
    #[semantic(valeu)]
    query: String,
}

fn main() {
    let _ = Search { query: String::new() }.semantics();
}
