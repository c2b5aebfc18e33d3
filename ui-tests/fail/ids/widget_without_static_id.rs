use rehearse::prelude::*;

// A widget joins the declarations with its static `#[semantic(id = "...")]`;
// this one has none.
#[derive(Semantic)]
#[semantic(role = button)]
struct Plain;

rehearse::automation_ids! {
    pub mod ids {
        SAVE = "save";
        widget Plain;
    }
}

fn main() {
    let _ = Plain.semantics();
    let _ = ids::DECLARED;
}
