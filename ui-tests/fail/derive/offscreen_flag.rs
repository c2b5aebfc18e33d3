use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = list-item)]
struct Row {
    #[semantic(offscreen)]
    scrolled_away: bool,
}

fn main() {
    let _ = Row { scrolled_away: false }.semantics();
}
