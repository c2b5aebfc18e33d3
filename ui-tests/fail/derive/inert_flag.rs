use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = dialog)]
struct Popup {
    #[semantic(inert)]
    closed: bool,
}

fn main() {
    let _ = Popup { closed: true }.semantics();
}
