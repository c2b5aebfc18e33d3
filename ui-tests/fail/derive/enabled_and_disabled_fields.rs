use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = button)]
struct Save {
    #[semantic(enabled)]
    enabled: bool,
    #[semantic(disabled)]
    busy: bool,
}

fn main() {
    let _ = Save { enabled: true, busy: false }.semantics();
}
