//! The program's working directory, which relative download paths resolve
//! against: read from `/proc/PID/cwd` while the program runs (so a shell's
//! `cd` counts), and remembered for when it has ended.

use std::path::{Path, PathBuf};

use super::error::PipelineError;
use crate::session::PtySession;

/// The last working directory seen of the program.
#[derive(Debug, Default)]
pub(crate) struct WorkDir {
    last: Option<PathBuf>,
}

impl WorkDir {
    /// Reads the program's working directory now, if it still runs, and
    /// remembers it.
    pub(crate) fn observe(&mut self, session: &PtySession) -> Option<&Path> {
        // The exit is seen after the waiter reaped the program: while it is
        // unseen, the pid is still the program's (not reused), so the link
        // read between two such checks is the program's own.
        if session.exit_status().is_none() {
            let link = std::fs::read_link(format!("/proc/{}/cwd", session.pid()));
            if let (Ok(dir), None) = (link, session.exit_status()) {
                self.last = Some(dir);
            }
        }
        self.last.as_deref()
    }

    /// `source` made absolute: as it is when absolute, else against the
    /// program's working directory (returned beside it).
    pub(crate) fn resolve(
        &mut self,
        session: &PtySession,
        source: &Path,
    ) -> Result<(PathBuf, Option<PathBuf>), PipelineError> {
        if source.is_absolute() {
            return Ok((source.to_path_buf(), None));
        }
        let base = self.observe(session).map(Path::to_path_buf).ok_or_else(|| {
            PipelineError::NoWorkingDirectory { source_path: source.display().to_string() }
        })?;
        Ok((base.join(source), Some(base)))
    }
}
