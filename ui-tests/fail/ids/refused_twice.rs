// A key refused twice (spellings normalize).
rehearse::automation_ids! {
    pub mod ids {
        refuse ctrl+s, Ctrl+S;
    }
}

fn main() {}
