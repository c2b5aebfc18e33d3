use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-box)]
struct Password {
    #[semantic(name, masked)]
    label: String,
    #[semantic(value)]
    secret: String,
}

fn main() {
    let _ = Password { label: String::new(), secret: String::new() }.semantics();
}
