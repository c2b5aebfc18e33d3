//! What a review holds and hears: each pending golden with how it compares
//! and what was decided, and the reviewer's messages. The app and the diff
//! view both read these.

use rehearse_core::artifacts::{Comparison, PendingGolden};

/// What was done with a pending golden.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// The pending file became the golden.
    Accepted,
    /// The pending file was deleted.
    Rejected,
    /// Left for later.
    Skipped,
    /// Accepting or rejecting failed: why.
    Failed(String),
}

/// One pending golden in the review.
pub struct Item {
    /// The files.
    pub pending: PendingGolden,
    /// How it compares with its golden.
    pub comparison: Comparison,
    /// What the reviewer decided, if anything yet.
    pub decision: Option<Decision>,
}

/// What the reviewer does.
#[derive(Debug, Clone)]
pub enum Msg {
    /// Accept the shown pending golden.
    Accept,
    /// Reject it.
    Reject,
    /// Skip it.
    Skip,
    /// Show this one.
    Select(usize),
    /// Show the golden instead of the actual output, or back.
    Toggle,
    /// End the review.
    Quit,
}
