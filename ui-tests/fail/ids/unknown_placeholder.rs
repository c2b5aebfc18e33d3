// Only `{n}` and `{name}` are placeholders.
rehearse::automation_ids! {
    pub mod ids {
        fn item = "item-{id}";
    }
}

fn main() {}
