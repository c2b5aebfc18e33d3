use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-box)]
struct Field {
    #[semantic(value)]
    text: String,
    #[semantic(value)]
    preview: String,
}

fn main() {
    let _ = Field { text: String::new(), preview: String::new() }.semantics();
}
