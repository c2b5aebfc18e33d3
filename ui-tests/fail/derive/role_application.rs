use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = application)]
struct App;

fn main() {
    let _ = App.semantics();
}
