use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = checkbox)]
struct Toggle {
    #[semantic(checked)]
    state: u8,
}

fn main() {
    let _ = Toggle { state: 0 }.semantics();
}
