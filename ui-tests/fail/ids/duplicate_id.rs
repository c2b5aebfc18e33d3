// The same id under two names.
rehearse::automation_ids! {
    pub mod ids {
        SAVE = "save";
        STORE = "save";
    }
}

fn main() {}
