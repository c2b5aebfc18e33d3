use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = button, id = save)]
struct Save;

fn main() {
    let _ = Save::AUTOMATION_ID;
}
