// Something that is no entry; the entries after it are still checked.
rehearse::automation_ids! {
    pub mod ids {
        SAVE => "save";
        LIST = "li st";
    }
}

fn main() {}
