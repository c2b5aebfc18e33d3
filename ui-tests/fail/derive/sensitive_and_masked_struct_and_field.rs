use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-box, sensitive)]
struct Password {
    #[semantic(value, masked)]
    secret: String,
}

fn main() {
    let _ = Password { secret: String::new() }.semantics();
}
