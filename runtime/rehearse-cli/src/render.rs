//! `render` and `state`: run a rehearse app off screen once, drive a
//! script, print what it shows (or its model-plane state). Read-only: the
//! app never enters a terminal.

use std::time::Duration;

use rehearse_protocol::{
    message::{Act, OkReply, RequestBody, Snapshot},
    vocabulary::SnapshotFormat,
};

use crate::exit::Failure;
use crate::launch::{App, Launch, launch, shell};

/// How long an app may take to announce its socket.
pub const ANNOUNCE_TIMEOUT: Duration = Duration::from_secs(10);

/// Starts `exec` off screen at `size`, failing when it is not a rehearse app.
pub fn start(exec: &str, size: (u16, u16)) -> Result<App, Failure> {
    match launch(shell(exec), size, None, ANNOUNCE_TIMEOUT)? {
        Launch::Serving(app) => Ok(app),
        Launch::NotAnApp(why) => Err(Failure::runtime(format!(
            "`{exec}` is not a rehearse app ({why}); `render` and `state` drive rehearse apps: use `rehearse open --exec` for any program"
        ))),
    }
}

/// Runs `script` on the app, when there is one.
pub fn drive(app: &mut App, script: Option<&str>) -> Result<(), Failure> {
    if let Some(script) = script {
        app.client.request(RequestBody::Act(Act { script: script.into() }), 60_000)?;
    }
    Ok(())
}

/// `render`: the snapshot's bytes in `format`.
pub fn render(
    exec: &str,
    size: (u16, u16),
    script: Option<&str>,
    format: SnapshotFormat,
) -> Result<Vec<u8>, Failure> {
    let mut app = start(exec, size)?;
    drive(&mut app, script)?;
    let reply = app.client.request(RequestBody::Snapshot(Snapshot { format }), 10_000)?;
    app.close()?;
    match reply {
        OkReply::Snapshot(snapshot) => Ok(snapshot.data.into_vec()),
        other => Err(Failure::runtime(format!("the app answered `{}` to a snapshot", other.op()))),
    }
}

/// `state`: the model-plane projection as JSON.
pub fn state(
    exec: &str,
    size: (u16, u16),
    script: Option<&str>,
) -> Result<serde_json::Value, Failure> {
    let mut app = start(exec, size)?;
    let ack = app.client.hello(&[rehearse_protocol::negotiation::known::MODEL_STATE])?;
    if ack.capabilities.is_empty() {
        app.close()?;
        return Err(Failure::runtime(format!(
            "`{exec}` exposes no model-plane state: not available (the app's components project none)"
        )));
    }
    drive(&mut app, script)?;
    let reply = app.client.request(RequestBody::State, 10_000)?;
    app.close()?;
    match reply {
        OkReply::State(state) => Ok(state.state),
        other => Err(Failure::runtime(format!("the app answered `{}` to state", other.op()))),
    }
}
