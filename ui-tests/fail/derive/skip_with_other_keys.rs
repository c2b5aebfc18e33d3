use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-box)]
struct Field {
    #[semantic(skip, value)]
    text: String,
}

fn main() {
    let _ = Field { text: String::new() }.semantics();
}
