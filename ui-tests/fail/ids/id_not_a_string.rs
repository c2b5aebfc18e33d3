// Ids are string literals.
rehearse::automation_ids! {
    pub mod ids {
        SAVE = save;
    }
}

fn main() {}
