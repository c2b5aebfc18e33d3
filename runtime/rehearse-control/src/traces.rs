//! The traces of failing requests: when the server was given a directory
//! for them ([`ServerConfig::traces`](crate::ServerConfig)), a request that
//! fails running steps (`step-failed`, `wait-timeout`) has the session's
//! trace written into a directory of its own there, and its error reply
//! names the files relative to that directory — never a path of the
//! server's file system the client did not choose.

use std::path::PathBuf;

use rehearse_core::Plane;
use rehearse_core::trace::TraceNote;
use rehearse_protocol::{
    ErrorCode, WireError,
    id::RequestId,
    message::{Extra, TraceFiles},
};

/// Where failing requests' traces go, and how many were written.
pub(crate) struct FailureTraces {
    root: Option<PathBuf>,
    written: u64,
}

impl FailureTraces {
    /// Traces written below `root`, or none.
    pub(crate) fn new(root: Option<PathBuf>) -> Self {
        Self { root, written: 0 }
    }

    /// Request `id` failed with `error`: when it failed running steps and
    /// the session records a trace, writes it into `N-ID/` (the `N`th
    /// failure) and names its files.
    pub(crate) fn write(
        &mut self,
        plane: &mut dyn Plane,
        id: &RequestId,
        error: &WireError,
    ) -> Option<TraceFiles> {
        let root = self.root.as_ref()?;
        if !matches!(error.code, ErrorCode::StepFailed | ErrorCode::WaitTimeout) {
            return None;
        }
        let name = format!("{}-{id}", self.written + 1);
        match plane.commit_record_mut().request_failed(&root.join(&name))? {
            TraceNote::Written(_) => {
                self.written += 1;
                Some(TraceFiles {
                    html: format!("{name}/trace.html"),
                    markdown: format!("{name}/trace.md"),
                    json: format!("{name}/trace.json"),
                    dir: name,
                    extra: Extra::new(),
                })
            }
            _ => None,
        }
    }
}

/// What a client tells of a trace an error reply names: the reply's files
/// (relative) below `dir`, the trace directory the session was opened with,
/// as every other failure tells where its trace is ([`TraceNote`]'s words).
pub fn named_trace(dir: &std::path::Path, files: &TraceFiles) -> TraceNote {
    TraceNote::Written(rehearse_core::trace::TracePaths {
        dir: dir.join(&files.dir),
        json: dir.join(&files.json),
        markdown: dir.join(&files.markdown),
        html: dir.join(&files.html),
    })
}
