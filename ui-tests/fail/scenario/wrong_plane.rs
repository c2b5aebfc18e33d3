use rehearse::prelude::*;

// A terminal step on the engine, and a tree selector on a terminal: each on
// its token, with what to write instead.
fn main() {
    let _ = scenario! {
        plane = engine;
        key:enter;
        paste:"hello";
        when(contains="Ready", screen) key:enter;
    };
    let _ = scenario! {
        plane = terminal;
        click:text~"Save";
        click:#save;
        wait-for:exists,@button="Save",500;
        focus:next;
    };
}
