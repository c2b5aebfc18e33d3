use rehearse::prelude::*;

// Keys may be split over several attributes, but each is given once.
#[derive(Semantic)]
#[semantic(role = button)]
#[semantic(role = link)]
struct Save;

fn main() {
    let _ = Save.semantics();
}
