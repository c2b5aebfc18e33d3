use rehearse::prelude::*;

// Three independent mistakes: each is reported, on its own token, in one
// compile; nothing else is (no cascade into uses of the type).
#[derive(Semantic)]
#[semantic(role = chekbox, id = "done!")]
struct Toggle {
    #[semantic(checkd)]
    done: bool,
}

fn main() {
    let facts = Toggle { done: true }.semantics();
    let _ = facts.role;
    let _ = Toggle::AUTOMATION_ID;
}
