use rehearse::prelude::*;

// F6 writes the system clipboard: `TodoApp` refuses it, in a script file
// `use:` brings in too. (The path is relative to this file, wherever the
// target directory is.)
fn main() {
    let _ = scenario! {
        app = rehearse_examples::todo::TodoApp;
        use:"../../scripts/refused_key.rehearse";
    };
}
