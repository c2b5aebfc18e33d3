// `ids = module;`: an adopted app without an `App` type, checked against
// the module its `automation_ids!` declared — the real countdown's, and a
// family declared here.
use rehearse::prelude::*;

mod board {
    rehearse::automation_ids! {
        pub mod ids {
            fn cell = "cell-{n}";
        }
    }
}

fn main() {
    let scenario = scenario! {
        ids = rehearse_examples::countdown::ids;
        wait-for:text="03:00 Paused",#clock,0;
        key:space;
        wait-for:value="0%",#progress,0;
    };
    assert_eq!(scenario.len(), 3);
    let scenario = scenario! { ids = board::ids; click:#cell-12; };
    assert_eq!(scenario.len(), 1);
}
