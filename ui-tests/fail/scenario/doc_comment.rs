use rehearse::prelude::*;

// A doc comment is not a comment inside `scenario!`; `//` is.
fn main() {
    let _ = scenario! {
        /// Save the document.
        click:#save;
        // An ordinary comment is fine.
        drain;
    };
}
