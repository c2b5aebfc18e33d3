use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-box, masked)]
struct Password {
    #[semantic(name)]
    label: String,
}

fn main() {
    let _ = Password { label: String::new() }.semantics();
}
