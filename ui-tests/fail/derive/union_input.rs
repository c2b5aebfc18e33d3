use rehearse::prelude::*;

#[derive(Semantic)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {
    let _ = Bits { int: 0 }.semantics();
}
