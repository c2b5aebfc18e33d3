// An id with a space.
rehearse::automation_ids! {
    pub mod ids {
        SAVE_AS = "save as";
    }
}

fn main() {}
