use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-box, sensitive, masked)]
struct Password {
    #[semantic(value)]
    secret: String,
}

fn main() {
    let _ = Password { secret: String::new() }.semantics();
}
