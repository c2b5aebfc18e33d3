// An exact id cannot hold a placeholder.
rehearse::automation_ids! {
    pub mod ids {
        ITEM = "item-{n}";
    }
}

fn main() {}
