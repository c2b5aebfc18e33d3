use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = button)]
struct Save {
    #[semantic(name = "Save")]
    label: String,
}

fn main() {
    let _ = Save { label: String::new() }.semantics();
}
