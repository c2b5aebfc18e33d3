use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = progress-bar)]
struct Progress {
    #[semantic(value)]
    percent: u8,
}

fn main() {
    let _ = Progress { percent: 40 }.semantics();
}
