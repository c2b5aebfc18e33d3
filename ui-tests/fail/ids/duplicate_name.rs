// The same name twice.
rehearse::automation_ids! {
    pub mod ids {
        SAVE = "save";
        SAVE = "save-as";
    }
}

fn main() {}
