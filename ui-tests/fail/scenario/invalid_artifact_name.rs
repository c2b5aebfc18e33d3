use rehearse::prelude::*;

// An artifact's name becomes a file name, like a checkpoint's.
fn main() {
    let _ = scenario! {
        plane = terminal;
        download:"/tmp/report.csv","a b";
    };
}
