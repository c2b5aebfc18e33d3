use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = checkbox)]
struct Toggle {
    #[semantic(value)]
    done: bool,
}

fn main() {
    let _ = Toggle { done: false }.semantics();
}
