use rehearse::prelude::*;

#[derive(Semantic)]
#[semantic(role = text-box, id = "new todo")]
struct NewTodo;

fn main() {
    let _ = NewTodo::AUTOMATION_ID;
}
