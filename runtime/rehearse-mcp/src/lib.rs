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
mod error;
mod sessions;
mod tools;

use std::sync::Arc;

use rmcp::ServiceExt;

pub use error::McpError;
pub use sessions::Sessions;
pub use tools::{
    ActArgs, DEFAULT_SIZE, OpenArgs, PtyStartArgs, RehearseTools, SendArgs, SessionArgs,
    SnapshotArgs, TypeArgs, WaitArgs,
};

/// Serves the tools on standard input and output until the client leaves.
///
/// # Errors
///
/// [`McpError`]: the runtime, the transport or the server failing.
pub fn serve_stdio(sessions: Arc<dyn Sessions>) -> Result<(), McpError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(McpError::Runtime)?;
    runtime.block_on(async move {
        let service = RehearseTools::new(sessions)
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|error| McpError::Start(Box::new(error)))?;
        service.waiting().await.map_err(McpError::Failed)?;
        Ok(())
    })
}
