// A family needs a placeholder.
rehearse::automation_ids! {
    pub mod ids {
        fn item = "item";
    }
}

fn main() {}
