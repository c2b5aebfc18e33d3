use rehearse::prelude::*;

// An unknown plane, with the closest, and a second header.
fn main() {
    let _ = scenario! {
        plane = termnial;
        key:enter;
    };
    let _ = scenario! {
        plane = engine;
        plane = terminal;
        key:enter;
    };
}
