//! `rehearse mcp`: the control plane's operations as MCP tools over stdio,
//! with the official Rust SDK (`rmcp`). Its own crate, so that tokio stays
//! out of the core: the tools speak `rehearse/1` to sessions through
//! `rehearse-control`'s client; the CLI provides the sessions ([`Sessions`]).
//!
//! The tools: `open`, `send`, `type`, `act`, `snapshot` (PNG as image
//! content), `wait`, `state`, `close`, and the rebuild loop's `pty-stop`
//! and `pty-start`. A cancelled `wait` is cancelled in
//! the session too: the server sends `cancel` on the wait's own connection.

mod connections;
mod sessions;
mod tools;

use std::sync::Arc;

use rmcp::ServiceExt;

pub use sessions::Sessions;
pub use tools::{
    ActArgs, DEFAULT_SIZE, OpenArgs, PtyStartArgs, RehearseTools, SendArgs, SessionArgs,
    SnapshotArgs, TypeArgs, WaitArgs,
};

/// Serves the tools on standard input and output until the client leaves.
///
/// # Errors
///
/// The runtime or the transport failing, for people.
pub fn serve_stdio(sessions: Arc<dyn Sessions>) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("starting the MCP runtime: {error}"))?;
    runtime.block_on(async move {
        let service = RehearseTools::new(sessions)
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|error| format!("starting the MCP server: {error}"))?;
        service.waiting().await.map_err(|error| format!("the MCP server failed: {error}"))?;
        Ok(())
    })
}
