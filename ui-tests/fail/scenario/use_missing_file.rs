use rehearse::prelude::*;

// A `use:` of a file that does not exist: the error is on the path, the
// token that names it, not on `use`.
fn main() {
    let _ = scenario! {
        click:#save;
        use:"../../scripts/no-such-file.rehearse";
    };
}
