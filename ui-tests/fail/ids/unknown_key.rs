// `refuse` takes key names, checked with the key grammar.
rehearse::automation_ids! {
    pub mod ids {
        refuse f6, ctrl+entr;
    }
}

fn main() {}
