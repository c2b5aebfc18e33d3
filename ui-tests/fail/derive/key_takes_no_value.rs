use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = status)]
struct Status {
    #[semantic(value)]
    text: String,
    #[semantic(skip = 1)]
    ticks: u32,
}

fn main() {
    let _ = Status { text: String::new(), ticks: 0 }.semantics();
}
