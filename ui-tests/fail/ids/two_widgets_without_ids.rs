use rehearse::prelude::*;

// Each widget without a static id is its own error; nothing else cascades.
#[derive(Semantic)]
#[semantic(role = button)]
struct Plain;

#[derive(Semantic)]
#[semantic(role = text)]
struct Label;

rehearse::automation_ids! {
    pub mod ids {
        SAVE = "save";
        widget Plain;
        widget Label;
    }
}

fn main() {
    let _ = (Plain.semantics(), Label.semantics());
    let _ = ids::DECLARED;
}
