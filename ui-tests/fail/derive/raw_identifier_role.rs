use rehearse::prelude::*;

// A raw identifier is only an escape: the role is read (and misspelled) as
// `buton`, not `r#buton`.
#[derive(Semantic)]
#[semantic(role = r#buton)]
struct Save;

fn main() {
    let _ = Save.semantics();
}
