// `DECLARED` is generated.
rehearse::automation_ids! {
    pub mod ids {
        DECLARED = "declared";
    }
}

fn main() {}
