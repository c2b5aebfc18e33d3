// A `{` that starts no placeholder.
rehearse::automation_ids! {
    pub mod ids {
        fn item = "item-{n";
    }
}

fn main() {}
