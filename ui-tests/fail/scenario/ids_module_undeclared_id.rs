// An app without a type of its own (its loop lives in `main`) names the
// module `automation_ids!` declared: `scenario!` checks its ids and keys
// against that module's `DECLARED` — a misspelled id is an error on the id,
// naming the module, and so is a key it refuses.
use rehearse::prelude::*;

mod countdown {
    rehearse::automation_ids! {
        pub mod ids {
            CLOCK = "clock";
            refuse f6;
        }
    }
}

fn main() {
    let _ = scenario! {
        ids = countdown::ids;
        wait-for:exists,#clok,500;
        key:f6;
    };
}
