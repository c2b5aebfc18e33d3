use rehearse::prelude::*;

// Checkpoint names are unique within a scenario.
fn main() {
    let _ = scenario! {
        checkpoint:editor;
        click:#save;
        checkpoint:editor;
    };
}
