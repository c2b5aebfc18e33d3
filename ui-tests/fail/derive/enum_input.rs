use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = button)]
enum Action {
    Save,
    Quit,
}

fn main() {
    let _ = Action::Save.semantics();
    let _ = Action::Quit;
}
