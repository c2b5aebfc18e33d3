// Every entry ends with `;`.
rehearse::automation_ids! {
    pub mod ids {
        SAVE = "save";
        LIST = "list"
    }
}

fn main() {}
