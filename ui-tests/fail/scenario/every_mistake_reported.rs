use rehearse::prelude::*;

// One call, four mistakes: each is reported on its own tokens.
fn main() {
    let _ = scenario! {
        clik:#save;
        key:entr;
        type:"ok";
        resize:120x;
        wait-for:exists,#status;
    };
}
