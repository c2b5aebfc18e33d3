//! One connection per session, kept between tool calls: requests to a
//! session go one at a time, and a wait holds its connection until it
//! answers — or until its cancellation, sent on the same connection,
//! reaches it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rehearse_control::{Canceller, Client};
use rehearse_protocol::negotiation::known;

use crate::error::ToolError;
use crate::sessions::Sessions;

/// What a kept connection offers in its `hello`: what `snapshot` (PNG,
/// terminal) and `state` need. A session grants the ones it has.
pub(crate) const OFFERED: [&str; 3] = [known::SNAPSHOT_PNG, known::TERMINAL, known::MODEL_STATE];

/// A session's connection and the canceller that shares it.
pub(crate) struct Connection {
    pub(crate) client: Mutex<Client>,
    pub(crate) canceller: Mutex<Canceller>,
}

/// The open connections, by session id.
#[derive(Default)]
pub(crate) struct Connections {
    open: Mutex<HashMap<String, Arc<Connection>>>,
}

impl Connections {
    /// The connection to the session `id` names (or the latest), opened on
    /// first use.
    pub(crate) fn get(
        &self,
        sessions: &dyn Sessions,
        id: Option<&str>,
    ) -> Result<(String, Arc<Connection>), ToolError> {
        let (id, socket) = sessions.find(id).map_err(ToolError::Session)?;
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(connection) = open.get(&id) {
            return Ok((id, connection.clone()));
        }
        let mut client = Client::connect(&socket).map_err(ToolError::connect(&id))?;
        // Every capability a tool may use, once per connection: a tool that
        // said `hello` itself would narrow what the others were granted.
        client.hello(&OFFERED).map_err(ToolError::connect(&id))?;
        let canceller = client.canceller()?;
        let connection =
            Arc::new(Connection { client: Mutex::new(client), canceller: Mutex::new(canceller) });
        open.insert(id.clone(), connection.clone());
        Ok((id, connection))
    }

    /// Forgets the connection to `id` (the session closed or broke).
    pub(crate) fn forget(&self, id: &str) {
        self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).remove(id);
    }
}
