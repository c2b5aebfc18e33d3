//! The tree a program publishes on the control socket the recorder offers
//! it (`REHEARSE_CONTROL`): a rehearse app, or a ratatui app adopted with
//! `rehearse::adopt`, serves it while it draws in its terminal. Read with
//! `rehearse_control::Client`; a program that never serves it is a plain
//! program, and its screen is all there is.

use std::path::PathBuf;
use std::time::Duration;

use rehearse_control::{Client, ClientError};
use rehearse_core::semantic::SemanticTree;
use rehearse_protocol::{
    ErrorCode,
    message::{OkReply, RequestBody, Snapshot},
    vocabulary::SnapshotFormat,
};

/// How long one read of the tree may take.
const FETCH_DEADLINE_MS: u64 = 2_000;

/// The socket offered to the program, and a connection once it answers.
#[derive(Debug)]
pub struct TreeLink {
    socket: PathBuf,
    client: Option<Client>,
}

impl TreeLink {
    /// The tree served at `socket` (nothing yet).
    pub fn new(socket: PathBuf) -> Self {
        Self { socket, client: None }
    }

    /// Whether the program answers at its socket (connecting now if it
    /// does and there was no connection).
    pub fn connect(&mut self) -> bool {
        if self.client.is_none() && self.socket.exists() {
            self.client = Client::connect(&self.socket).ok().filter(|client| {
                client.set_read_timeout(Some(Duration::from_millis(FETCH_DEADLINE_MS))).is_ok()
            });
        }
        self.client.is_some()
    }

    /// The tree the program publishes now; `None` while it publishes none
    /// (not serving yet, or gone).
    pub fn fetch(&mut self) -> Option<SemanticTree> {
        if !self.connect() {
            return None;
        }
        let client = self.client.as_mut()?;
        let request = RequestBody::Snapshot(Snapshot { format: SnapshotFormat::Json });
        match client.request(request, FETCH_DEADLINE_MS) {
            Ok(OkReply::Snapshot(snapshot)) => {
                let json = String::from_utf8(snapshot.data.into_vec()).ok()?;
                SemanticTree::from_json(&json).ok()
            }
            Err(ClientError::Refused(error)) if error.code != ErrorCode::SessionClosed => None,
            // Broken, closed or answering nonsense: connect afresh next time.
            _ => {
                self.client = None;
                None
            }
        }
    }
}
