//! The facade's integration tests, one binary: each module is one subject.
//! Two subjects are binaries of their own for CI's sake: `artifacts` also runs
//! without the `png` feature and `engine` has a test CI runs in release
//! (see .ci/run), so building either with other features or another profile
//! does not rebuild every test here. `checkpoint_files` kills writers running
//! its own binary, so it runs alone.

/// What several modules share, a file each in `support/` (`plain.rs`, which
/// the binaries of their own share too, is included where it is used).
mod support {
    pub mod equivalence;
    pub mod redaction;
    pub mod rng;
    pub mod runs;
    pub mod widgets;
}

mod adopt_matches_engine;
mod adopt_matches_engine_table_tabs;
mod adopt_matches_engine_widgets;
mod architecture;
mod controlled_waits;
mod diagnostic_checkpoint;
mod golden_cells;
mod golden_readers;
mod guards_and_labels;
mod includes;
mod interpolation;
mod lifecycle;
mod live_restore;
mod memo;
mod memo_random;
mod overlays;
mod pending_goldens;
mod planes;
mod published_tree;
mod redaction;
mod redaction_protocol;
mod redaction_terminal;
mod secrets;
mod selector_chains;
mod semantic_tree;
mod served_unmount;
mod soft_goldens;
mod test_binaries;
mod widget_list;
mod widgets;
mod widgets_containers;
