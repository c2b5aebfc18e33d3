use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = dialog)]
struct Popup {
    #[semantic(modal)]
    open: bool,
}

fn main() {
    let _ = Popup { open: true }.semantics();
}
