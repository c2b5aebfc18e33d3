use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = tab)]
struct Tab<'a>(#[semantic(name)] &'a str, #[semantic(name)] &'a str);

fn main() {
    let _ = Tab("Home", "home").semantics();
}
