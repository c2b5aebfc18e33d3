// An unknown modifier.
rehearse::automation_ids! {
    pub mod ids {
        refuse ctl+s;
    }
}

fn main() {}
