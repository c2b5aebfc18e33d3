use rehearse::prelude::*;

// A widget's static id repeats an id declared by name.
#[derive(Semantic)]
#[semantic(role = button, id = "save")]
struct SaveButton;

rehearse::automation_ids! {
    pub mod ids {
        SAVE = "save";
        widget SaveButton;
    }
}

fn main() {
    let _ = SaveButton.semantics();
    let _ = ids::SAVE;
}
