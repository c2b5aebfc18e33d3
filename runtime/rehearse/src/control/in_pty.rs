//! A rehearse app (or an adopted ratatui app) as its real binary in a PTY,
//! whose own tree the terminal plane resolves `#id` and `@role` against:
//! the app serves the control socket offered to it while it draws in the
//! PTY, and [`SocketTreeSource`] reads its tree from there at every commit.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rehearse_control::{Client, ClientError};
use rehearse_core::semantic::SemanticTree;
use rehearse_core::{AutomationError, TreeSource};
use rehearse_protocol::{
    ErrorCode,
    message::{OkReply, RequestBody, Snapshot},
    vocabulary::SnapshotFormat,
};
use rehearse_pty::{PtyError, PtySessionOptions, Terminal};

use super::env::{CONTROL, HEADLESS};

/// How long one fetch of the tree may take.
const FETCH_DEADLINE_MS: u64 = 10_000;

/// The tree a program publishes on a control socket, as a [`TreeSource`]
/// for [`Terminal::with_tree_source`]. It connects once the socket answers
/// (the app serves it a moment after it starts) and again after the
/// connection is lost; while nothing answers, the program publishes no
/// tree. Values marked sensitive arrive redacted, as in every reply.
pub struct SocketTreeSource {
    socket: PathBuf,
    client: Option<Client>,
    /// The private directory the socket was offered in, removed with the
    /// source (after the terminal's program is gone). Held, never read.
    _dir: Option<tempfile::TempDir>,
}

impl std::fmt::Debug for SocketTreeSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SocketTreeSource")
            .field("socket", &self.socket)
            .field("connected", &self.client.is_some())
            .finish_non_exhaustive()
    }
}

impl SocketTreeSource {
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

impl SocketTreeSource {
    /// A connection to the socket, made now if there is none; `None` while
    /// nothing answers there.
    fn connected(&mut self) -> Option<&mut Client> {
        if self.client.is_none() {
            let client = Client::connect(&self.socket).ok()?;
            // The deadline travels with each request, but a server that
            // accepted and never answers must not hold the plane forever.
            client.set_read_timeout(Some(Duration::from_millis(FETCH_DEADLINE_MS))).ok()?;
            self.client = Some(client);
        }
        self.client.as_mut()
    }

    /// One request for the tree; `Ok(None)` when the app is not serving.
    fn ask(&mut self) -> Result<Option<SemanticTree>, Fetch> {
        let Some(client) = self.connected() else { return Ok(None) };
        let request = RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Json });
        match client.request(request, FETCH_DEADLINE_MS) {
            Ok(OkReply::Snapshot(snapshot)) => {
                let json = String::from_utf8(snapshot.data.into_vec())
                    .map_err(|error| Fetch::Failed(format!("the tree is not UTF-8: {error}")))?;
                SemanticTree::from_json(&json)
                    .map(Some)
                    .map_err(|error| Fetch::Failed(error.to_string()))
            }
            Ok(other) => Err(Fetch::Failed(format!("it answered `{}` to a snapshot", other.op()))),
            Err(ClientError::Io { source, .. })
                if matches!(
                    source.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                self.client = None;
                Err(Fetch::Failed(format!(
                    "it did not answer within {FETCH_DEADLINE_MS} ms (a stopped or stuck app?)"
                )))
            }
            Err(ClientError::Io { .. }) => {
                self.client = None;
                Err(Fetch::Lost)
            }
            // An app closing its session (it is quitting) publishes nothing.
            Err(ClientError::Refused(error)) if error.code == ErrorCode::SessionClosed => {
                self.client = None;
                Ok(None)
            }
            Err(error) => Err(Fetch::Failed(error.to_string())),
        }
    }
}

/// Why one request for the tree gave none.
enum Fetch {
    /// The connection broke: the app ended, or its server started again.
    Lost,
    /// The app answered, but not with a tree it can read back.
    Failed(String),
}

impl TreeSource for SocketTreeSource {
    fn fetch(&mut self) -> Result<Option<SemanticTree>, AutomationError> {
        let outcome = match self.ask() {
            // Once more on a fresh connection: a server started again (the
            // program restarted) answers there; an ended one does not.
            Err(Fetch::Lost) => self.ask(),
            outcome => outcome,
        };
        match outcome {
            Ok(tree) => Ok(tree),
            Err(Fetch::Lost) => Ok(None),
            Err(Fetch::Failed(reason)) => Err(self.failed(reason)),
        }
    }

    fn describe(&self) -> String {
        format!("the app socket {}", self.socket.display())
    }
}

/// Starts `options`' program in a PTY offering it a control socket
/// (`REHEARSE_CONTROL`, in a private directory removed with the terminal)
/// and a fresh render-commit marker, with a [`SocketTreeSource`] attached: a
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
    // In its terminal, whatever the test's own environment says.
    let options = options.env(CONTROL, &socket).env(HEADLESS, "").marker(token, "app-in-pty");
    let terminal = Terminal::spawn(options)?;
    let source = SocketTreeSource { socket, client: None, _dir: Some(dir) };
    Ok(terminal.with_tree_source(source))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_serving_is_no_tree_and_no_error() {
        let dir = tempfile::tempdir().unwrap();
        let mut source = SocketTreeSource::new(dir.path().join("app.sock"));
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
