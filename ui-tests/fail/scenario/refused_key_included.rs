use rehearse::prelude::*;

// F6 writes the system clipboard: `TodoApp` refuses it, in a script file
// `use:` brings in too. (The path is relative to the crate trybuild
// generates under the workspace's `target/tests/trybuild`.)
fn main() {
    let _ = scenario! {
        app = rehearse_examples::todo::TodoApp;
        use:"../../../../ui-tests/scripts/refused_key.rehearse";
    };
}
