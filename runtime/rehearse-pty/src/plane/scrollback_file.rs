//! `NAME.scrollback.txt`: the lines a program scrolled off the top of its
//! main screen, written beside a checkpoint's text snapshot (what a shell
//! printed before the screen the snapshot shows).

use std::path::PathBuf;
use std::sync::Arc;

use rehearse_core::artifacts::write_atomic;
use rehearse_core::{AutomationError, Checkpoint, CheckpointSink};

use crate::session::Shared;

/// Writes `{dir}/{name}.scrollback.txt` at every checkpoint, a typed secret
/// replaced by `<redacted>` as in every text the plane shows.
pub(crate) struct ScrollbackFiles {
    dir: PathBuf,
    shared: Arc<Shared>,
}

impl ScrollbackFiles {
    /// Scrollback files in `dir` (which the artifact sink beside it
    /// creates) of the session that `shared` is.
    pub(crate) fn new(dir: PathBuf, shared: Arc<Shared>) -> Self {
        Self { dir, shared }
    }

    /// The file of checkpoint `name`.
    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{name}.scrollback.txt"))
    }
}

impl CheckpointSink for ScrollbackFiles {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        let (text, secrets) = {
            let state = self.shared.lock();
            (state.emulator.scrollback_text(), state.secrets.clone())
        };
        let mut text = secrets.redact_text(&text).into_owned();
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        let path = self.path(checkpoint.name);
        write_atomic(&path, text.as_bytes()).map_err(|error| {
            AutomationError::Io(std::io::Error::new(
                error.kind(),
                format!("writing {}: {error}", path.display()),
            ))
        })
    }
}
