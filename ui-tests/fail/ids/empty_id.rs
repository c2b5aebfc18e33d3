// An empty id.
rehearse::automation_ids! {
    pub mod ids {
        NOTHING = "";
    }
}

fn main() {}
