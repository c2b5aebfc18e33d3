// `app = Type;` and `ids = module;` both say where the ids are declared:
// give one.
use rehearse::prelude::*;

fn main() {
    let _ = scenario! {
        app = rehearse_examples::shopping::App;
        ids = rehearse_examples::countdown::ids;
        drain;
    };
}
