//! [`TraceNote`]: what became of a session's trace when a run ended —
//! told by the observer a run ends under, carried by its report or error.
//! Below both the observer seam and the trace, so neither reaches up.

use std::fmt;
use std::path::{Path, PathBuf};

/// Where a written trace is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TracePaths {
    /// The directory holding the three files.
    pub dir: PathBuf,
    /// `trace.json`: the document (docs/trace.md).
    pub json: PathBuf,
    /// `trace.md`: for agents, the failure first.
    pub markdown: PathBuf,
    /// `trace.html`: the viewer, one self-contained page.
    pub html: PathBuf,
}

impl TracePaths {
    /// The three files in `dir`.
    pub fn in_dir(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
            json: dir.join("trace.json"),
            markdown: dir.join("trace.md"),
            html: dir.join("trace.html"),
        }
    }
}

/// What became of a session's trace when a run ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TraceNote {
    /// It was written here.
    Written(TracePaths),
    /// It could not be written.
    NotWritten {
        /// Where it was to go.
        dir: PathBuf,
        /// Why it was not written.
        error: String,
    },
    /// Tracing is off: no trace was recorded.
    Off,
}

impl fmt::Display for TraceNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Written(paths) => write!(
                f,
                "trace: {} (every step, its screen and tree; open it in a browser), {} for an agent",
                paths.html.display(),
                paths.markdown.display()
            ),
            Self::NotWritten { dir, error } => {
                write!(f, "the trace could not be written to {}: {error}", dir.display())
            }
            Self::Off => f.write_str(
                "no trace was recorded: set REHEARSE_TRACE=retain-on-failure (or on) to record one",
            ),
        }
    }
}
