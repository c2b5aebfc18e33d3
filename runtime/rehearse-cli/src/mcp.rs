//! `rehearse mcp`: the MCP tools of `rehearse-mcp` over this CLI's
//! sessions (background hosts and discovery files).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::discovery;
use crate::exit::Failure;
use crate::session;

/// The sessions `rehearse open` makes, for the MCP tools; `scripts` is the
/// directory `use:` in their `act` scripts reads below.
struct CliSessions {
    scripts: Option<PathBuf>,
}

impl rehearse_mcp::Sessions for CliSessions {
    fn open(
        &self,
        exec: Option<String>,
        size: (u16, u16),
        traces: Option<PathBuf>,
    ) -> Result<String, String> {
        let exec = exec
            .or_else(|| std::env::var("SHELL").ok().filter(|shell| !shell.is_empty()))
            .unwrap_or_else(|| "/bin/sh".into());
        session::open(&session::Open {
            exec,
            size,
            timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30 * 60),
            scripts: self.scripts.clone(),
            traces: session::trace_dir(traces).map_err(|failure| failure.message)?,
        })
        .map_err(|failure| failure.message)
    }

    fn traces(&self, id: &str) -> Option<PathBuf> {
        discovery::find(Some(id)).ok()?.traces
    }

    fn find(&self, id: Option<&str>) -> Result<(String, PathBuf), String> {
        let found = discovery::find(id).map_err(|failure| failure.message)?;
        // A rehearse app's own socket, when it serves one: its tree and
        // model plane are there (closing it ends the app, and the host with it).
        let socket = match &found.app {
            Some(app) if rehearse_control::Client::connect(app).is_ok() => {
                session::keep_alive(&found);
                app.clone()
            }
            _ => found.socket,
        };
        Ok((found.id, socket))
    }

    fn find_host(&self, id: Option<&str>) -> Result<(String, PathBuf), String> {
        let found = discovery::find(id).map_err(|failure| failure.message)?;
        Ok((found.id, found.socket))
    }

    fn closed(&self, id: &str) {
        discovery::forget(id);
    }
}

/// Serves the tools on standard input and output until the client leaves;
/// the sessions it opens read `use:` files below `scripts` only.
pub fn serve(scripts: Option<PathBuf>) -> Result<(), Failure> {
    rehearse_mcp::serve_stdio(Arc::new(CliSessions { scripts }))
        .map_err(|error| Failure::runtime(error.to_string()))
}
