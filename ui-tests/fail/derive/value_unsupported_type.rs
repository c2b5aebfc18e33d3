use rehearse::prelude::*;

// Not an obvious mistake the derive can see, so the type system reports it,
// on the field's type.
#[derive(Semantic)]
#[semantic(role = text-area)]
struct Editor {
    #[semantic(value)]
    lines: Vec<String>,
}

fn main() {
    let _ = Editor { lines: Vec::new() }.semantics();
}
