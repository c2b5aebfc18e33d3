use rehearse::prelude::*;

// An empty regular expression would match everything.
fn main() {
    let _ = scenario! {
        wait-for:text=/""/,#status,500;
    };
}
