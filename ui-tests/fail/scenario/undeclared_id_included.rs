use rehearse::prelude::*;

// A misspelled id in a script file `use:` brings in: `TodoApp` declares
// `new-todo`; the error is on the `use:` and names the file's line. (The
// path is relative to this file, wherever the target directory is.)
fn main() {
    let _ = scenario! {
        app = rehearse_examples::todo::TodoApp;
        use:"../../scripts/misspelled_id.rehearse";
    };
}
