//! What a baseline found at a checkpoint, handed to whoever records the
//! step (the trace): a checkpoint sink reports each golden it compared,
//! and the recorder collects the reports of the checkpoint it is watching.
//! Reports are built only while someone collects them.

use std::cell::RefCell;
use std::path::PathBuf;

use crate::format::Format;

/// How a golden comparison came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GoldenStatus {
    /// The output equals the golden.
    Matched,
    /// It differs: the actual output was written beside it as pending, if
    /// the mode writes.
    Differs,
    /// There was no golden: the actual output was written as pending, if
    /// the mode writes.
    Missing,
    /// The golden was written (update mode).
    Written,
}

/// One format of one checkpoint compared with its golden.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoldenResult {
    /// The checkpoint.
    pub checkpoint: String,
    /// The format.
    pub format: Format,
    /// The result.
    pub status: GoldenStatus,
    /// The golden's path.
    pub golden: PathBuf,
    /// The pending file holding the actual output, when one was written.
    pub pending: Option<PathBuf>,
    /// The readable diff, when it differs.
    pub diff: Option<String>,
}

thread_local! {
    static COLLECTED: RefCell<Option<Vec<GoldenResult>>> = const { RefCell::new(None) };
}

/// Runs `f` (a checkpoint) and returns what baselines reported meanwhile
/// on this thread.
pub(crate) fn collect<R>(f: impl FnOnce() -> R) -> (R, Vec<GoldenResult>) {
    let outer = COLLECTED.with(|collected| collected.borrow_mut().replace(Vec::new()));
    let result = f();
    let reports = COLLECTED.with(|collected| {
        let mut collected = collected.borrow_mut();
        let reports = collected.take().unwrap_or_default();
        *collected = outer;
        reports
    });
    (result, reports)
}

/// Reports a comparison, when someone on this thread collects them.
pub(crate) fn report(result: impl FnOnce() -> GoldenResult) {
    COLLECTED.with(|collected| {
        if let Some(reports) = collected.borrow_mut().as_mut() {
            reports.push(result());
        }
    });
}
