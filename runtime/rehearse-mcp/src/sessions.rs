//! [`Sessions`]: where the MCP server's sessions come from. The CLI
//! provides them (its background hosts and discovery files), so this crate
//! needs nothing but the protocol.

use std::path::PathBuf;

/// Starts and finds sessions for the tools.
pub trait Sessions: Send + Sync + 'static {
    /// Starts a session of `exec` (a command line; `None` for the user's
    /// shell) at `size` and returns its id; with `traces`, the session
    /// writes the trace of each request that fails there (`rehearse open
    /// --trace DIR`).
    ///
    /// # Errors
    ///
    /// Why it could not start, for people.
    fn open(
        &self,
        exec: Option<String>,
        size: (u16, u16),
        traces: Option<PathBuf>,
    ) -> Result<String, String>;

    /// The directory the session `id` writes failing requests' traces
    /// into, when it was opened with one: a reply names a trace relative to
    /// it. By default none.
    fn traces(&self, id: &str) -> Option<PathBuf> {
        let _ = id;
        None
    }

    /// The id and socket of the session `id` names, or of the most recent one.
    ///
    /// # Errors
    ///
    /// No such session, or it is gone.
    fn find(&self, id: Option<&str>) -> Result<(String, PathBuf), String>;

    /// The id and socket of the host of the session `id` names (or of the
    /// most recent one): where its program is stopped and started, even when
    /// [`find`](Self::find) reaches the rehearse app it runs.
    ///
    /// # Errors
    ///
    /// No such session, or it is gone.
    fn find_host(&self, id: Option<&str>) -> Result<(String, PathBuf), String>;

    /// The session `id` was closed: forget it (its discovery files).
    fn closed(&self, id: &str);
}
