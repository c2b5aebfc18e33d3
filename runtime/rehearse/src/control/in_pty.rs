//! A rehearse app (or an adopted ratatui app) as its real binary in a PTY,
//! whose own tree the terminal plane resolves `#id` and `@role` against:
//! the app serves the control socket offered to it while it draws in the
//! PTY, and [`ServedTree`] reads its tree from there at every commit.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use rehearse_control::{Client, ClientError};
use rehearse_core::semantic::SemanticTree;
use rehearse_core::{AutomationError, TreeSource};
use rehearse_protocol::{OkReply, RequestBody, Snapshot, SnapshotFormat};
use rehearse_pty::{PtyError, PtySessionOptions, Terminal};

use super::env::CONTROL;

/// How long one fetch of the tree may take.
const FETCH_DEADLINE_MS: u64 = 10_000;

/// The tree a program publishes on a control socket, as a [`TreeSource`]
/// for [`Terminal::with_tree_source`]. It connects once the socket answers
/// (the app serves it a moment after it starts) and again after the
/// connection is lost; while nothing answers, the program publishes no
/// tree. Values marked sensitive arrive redacted, as in every reply.
#[derive(Debug)]
pub struct ServedTree {
    socket: PathBuf,
    client: Option<Client>,
    /// The private directory the socket was offered in, removed with the
    /// source (after the terminal's program is gone). Held, never read.
    _dir: Option<tempfile::TempDir>,
}

impl ServedTree {
    /// The tree served on `socket`.
    pub fn new(socket: impl Into<PathBuf>) -> Self {
        Self { socket: socket.into(), client: None, _dir: None }
    }

    /// The socket it reads.
    pub fn socket(&self) -> &Path {
        &self.socket
    }

    fn failed(&self, reason: String) -> AutomationError {
        AutomationError::NotActionable {
            target: self.describe(),
            operation: "reading the program's semantic tree".into(),
            reason,
        }
    }
}

impl TreeSource for ServedTree {
    fn fetch(&mut self) -> Result<Option<SemanticTree>, AutomationError> {
        if self.client.is_none() {
            // Not serving (yet, or any more): the program publishes no tree.
            match Client::connect(&self.socket) {
                Ok(client) => self.client = Some(client),
                Err(_) => return Ok(None),
            }
        }
        let Some(client) = self.client.as_mut() else { return Ok(None) };
        let request = RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Json });
        match client.request(request, FETCH_DEADLINE_MS) {
            Ok(OkReply::Snapshot(snapshot)) => {
                let json = String::from_utf8(snapshot.data.into_vec())
                    .map_err(|error| self.failed(format!("the tree is not UTF-8: {error}")))?;
                SemanticTree::from_json(&json)
                    .map(Some)
                    .map_err(|error| self.failed(error.to_string()))
            }
            Ok(other) => Err(self.failed(format!("it answered `{}` to a snapshot", other.op()))),
            // The program ended or stopped serving: it publishes no tree now.
            Err(ClientError::Io { .. }) => {
                self.client = None;
                Ok(None)
            }
            Err(error) => Err(self.failed(error.to_string())),
        }
    }

    fn describe(&self) -> String {
        format!("the app socket {}", self.socket.display())
    }
}

/// Starts `options`' program in a PTY offering it a control socket
/// (`REHEARSE_CONTROL`, in a private directory removed with the terminal)
/// and a fresh render-commit marker, with a [`ServedTree`] attached: a
/// rehearse app, or an adopted ratatui app calling
/// [`serve_adopted`](super::serve_adopted), draws in the PTY as it would for
/// a person and publishes its tree, so `#id`, `@role` and the semantic
/// checkpoint formats work against the real binary. Any other program runs
/// as on a plain [`Terminal`], its screen's lines the only tree.
///
/// ```no_run
/// use rehearse::pty::PtySessionOptions;
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let mut todo = rehearse::control::spawn_app_in_pty(PtySessionOptions::new("./todo").size(80, 24))?;
/// todo.run_script("wait-for:exists,#new-todo,5000\nclick:#new-todo\ntype:milk\nkey:enter\nwait-for:exists,@list-item=milk,5000")?;
/// # Ok(()) }
/// ```
///
/// # Errors
///
/// The private directory could not be made, the marker's token could not
/// be drawn, or what [`Terminal::spawn`] fails with.
pub fn spawn_app_in_pty(options: PtySessionOptions) -> Result<Terminal, PtyError> {
    // Owner-only from its creation: nobody else may even reach the socket.
    let dir = tempfile::Builder::new()
        .prefix("rehearse-pty-")
        .permissions(std::fs::Permissions::from_mode(0o700))
        .tempdir()?;
    let socket = dir.path().join("app.sock");
    let token = rehearse_pty::settle::random_marker_token()?;
    let options = options.env(CONTROL, &socket).marker(token, "app-in-pty");
    let terminal = Terminal::spawn(options)?;
    let source = ServedTree { socket, client: None, _dir: Some(dir) };
    Ok(terminal.with_tree_source(source))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_serving_is_no_tree_and_no_error() {
        let dir = tempfile::tempdir().unwrap();
        let mut source = ServedTree::new(dir.path().join("app.sock"));
        assert!(source.fetch().unwrap().is_none());
        assert!(source.describe().contains("app.sock"));
    }

    #[test]
    fn the_offered_directory_goes_with_the_terminal() {
        let options = PtySessionOptions::new("/bin/sh")
            .args(["-c", "echo \"at:$REHEARSE_CONTROL\"; exec sleep 600"])
            .size(200, 5);
        let mut terminal = spawn_app_in_pty(options).unwrap();
        terminal.run_script("wait-for:exists,text~\"app.sock\",5000").unwrap();
        let screen = terminal.pty().screen_text();
        let line = screen.lines().find(|line| line.starts_with("at:")).unwrap();
        let socket = PathBuf::from(line.trim_end().trim_start_matches("at:"));
        let dir = socket.parent().unwrap().to_owned();
        assert!(dir.is_dir(), "{dir:?}");
        // Owner-only, as every control socket's directory.
        assert_eq!(std::fs::metadata(&dir).unwrap().permissions().mode() & 0o777, 0o700);
        drop(terminal);
        assert!(!dir.exists(), "{dir:?} is left behind");
    }
}
