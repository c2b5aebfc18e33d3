use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = button, name = "Save")]
struct Save<'a> {
    #[semantic(name)]
    label: &'a str,
}

fn main() {
    let _ = Save { label: "Save" }.semantics();
}
