//! The MCP tools: each is one or two `rehearse/1` requests to a session,
//! made on a blocking thread through the session's one connection.

use std::sync::Arc;

use base64::Engine;
use rehearse_control::{Client, ClientError};
use rehearse_protocol::{
    id::Deadline,
    message::{Act, Idle, OkReply, PtyStart, ReplyBody, Request, RequestBody, Snapshot, WaitFor},
    negotiation::known,
    vocabulary::SnapshotFormat,
};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, ProgressNotificationParam, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::connections::{Connection, Connections};
use crate::error::ToolError;
use crate::sessions::Sessions;

/// The size `open` starts a terminal at without `cols` and `rows`: the
/// toolkit's one default, 100x30 (as `rehearse open`; the CLI's tests check
/// they agree).
pub const DEFAULT_SIZE: (u16, u16) = (100, 30);

/// The longest a request may take (the protocol's ceiling).
const MAX_DEADLINE_MS: u64 = 60_000;

/// `open`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct OpenArgs {
    /// The command line to run in a PTY (default: the user's shell).
    pub exec: Option<String>,
    /// Columns (default 100, the toolkit's one default size: 100x30).
    pub cols: Option<u16>,
    /// Rows (default 30).
    pub rows: Option<u16>,
    /// A directory (made if need be) to write the trace of each request
    /// that fails into, one directory each; the failure names the trace's
    /// files (default: none, and no trace is named).
    pub trace_dir: Option<String>,
}

/// The session a tool speaks to.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SessionArgs {
    /// The session id `open` returned (default: the most recent session).
    pub session: Option<String>,
}

/// `send`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SendArgs {
    /// Keys as a script's `key:` spells them: Enter, Esc, Tab, F1, Ctrl+C, a...
    pub keys: Vec<String>,
    /// The session (default: the most recent).
    pub session: Option<String>,
}

/// `type`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TypeArgs {
    /// The text to type.
    pub text: String,
    /// The session (default: the most recent).
    pub session: Option<String>,
}

/// `act`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ActArgs {
    /// Steps in the rehearse script grammar, separated by `;` or newlines.
    pub script: String,
    /// The session (default: the most recent).
    pub session: Option<String>,
}

/// `snapshot`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SnapshotArgs {
    /// text (default), cells, json, markdown, png (an image) or terminal.
    pub format: Option<String>,
    /// The session (default: the most recent).
    pub session: Option<String>,
}

/// `wait`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct WaitArgs {
    /// A condition as `wait-for:` spells it without its time: on the tree,
    /// `PREDICATE,SELECTOR` (`exists,#save`); on a program's terminal,
    /// `contains=TEXT,screen`, `matches=REGEX,scrollback`, `exited,process`,
    /// `exit-code=N,process`... Without one, wait until the session is idle.
    pub condition: Option<String>,
    /// How long the session must also stay quiet to be idle (default: none
    /// beyond its stable screen).
    pub idle_ms: Option<u64>,
    /// The longest wait (default 10,000 ms, at most 60,000).
    pub timeout_ms: Option<u64>,
    /// The session (default: the most recent).
    pub session: Option<String>,
}

/// `pty-start`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct PtyStartArgs {
    /// How long to wait for the program's first screen (default 5,000 ms,
    /// at most 55,000).
    pub timeout_ms: Option<u64>,
    /// The session (default: the most recent).
    pub session: Option<String>,
}

/// The tools over the sessions `Sessions` provides.
#[derive(Clone)]
pub struct RehearseTools {
    sessions: Arc<dyn Sessions>,
    connections: Arc<Connections>,
    /// The tools, built once (the handler's default builds them per call).
    tool_router: ToolRouter<Self>,
}

fn text(message: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(message)])
}

fn failure(message: impl Into<String>) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(message)])
}

/// A tool's failure as the client reads it.
fn failed(error: &ToolError) -> CallToolResult {
    failure(error.to_string())
}

/// The answer a tool did not expect.
fn unexpected(reply: &OkReply) -> CallToolResult {
    failed(&ToolError::Unexpected(reply.op()))
}

/// A script step typing `text` exactly (quoted, with the grammar's escapes).
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for character in text.chars() {
        match character {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            other => out.push(other),
        }
    }
    out.push('"');
    out
}

impl RehearseTools {
    /// The tools, opening sessions through `sessions`.
    pub fn new(sessions: Arc<dyn Sessions>) -> RehearseTools {
        RehearseTools {
            sessions,
            connections: Arc::new(Connections::default()),
            tool_router: Self::tool_router(),
        }
    }

    /// Runs one request on the session's connection, on a blocking thread.
    async fn request(
        &self,
        session: Option<String>,
        body: RequestBody,
        deadline_ms: u64,
    ) -> Result<OkReply, ToolError> {
        let (sessions, connections) = (self.sessions.clone(), self.connections.clone());
        tokio::task::spawn_blocking(move || {
            let (id, connection) = connections.get(&*sessions, session.as_deref())?;
            let mut client =
                connection.client.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            client.request(body, deadline_ms).map_err(|error| match error {
                ClientError::Refused(refused) => ToolError::refused(&*sessions, &id, refused),
                error => {
                    if matches!(error, ClientError::Io { .. }) {
                        connections.forget(&id);
                    }
                    ToolError::from(error)
                }
            })
        })
        .await?
    }

    /// Sends `pty-stop` or `pty-start` to the session's host, on a
    /// connection of its own that negotiates `pty-restart`. The session's
    /// kept connection is forgotten: it may reach an app that is gone, or a
    /// host whose fresh app serves its own socket now.
    async fn restart(
        &self,
        session: Option<String>,
        body: RequestBody,
        deadline_ms: u64,
    ) -> Result<OkReply, ToolError> {
        let (sessions, connections) = (self.sessions.clone(), self.connections.clone());
        tokio::task::spawn_blocking(move || {
            let (id, socket) =
                sessions.find_host(session.as_deref()).map_err(ToolError::Session)?;
            connections.forget(&id);
            let mut client = Client::connect(&socket).map_err(ToolError::connect(&id))?;
            client.hello(&[known::PTY_RESTART])?;
            let reply = client.request(body, deadline_ms).map_err(ToolError::from);
            connections.forget(&id);
            reply
        })
        .await?
    }

    /// Runs `act` with `script`.
    async fn act_script(&self, session: Option<String>, script: String) -> CallToolResult {
        match self.request(session, RequestBody::Act(Act { script }), MAX_DEADLINE_MS).await {
            Ok(OkReply::Act(acted)) => {
                text(format!("ok: {} steps, generation {}", acted.steps, acted.generation))
            }
            Ok(other) => unexpected(&other),
            Err(error) => failed(&error),
        }
    }
}

#[tool_router]
impl RehearseTools {
    /// Starts a session.
    #[tool(
        description = "Start a session: run a program (or a rehearse app) in a PTY held by a background host. Returns the session id."
    )]
    async fn open(&self, Parameters(args): Parameters<OpenArgs>) -> CallToolResult {
        let sessions = self.sessions.clone();
        let size = (args.cols.unwrap_or(DEFAULT_SIZE.0), args.rows.unwrap_or(DEFAULT_SIZE.1));
        let traces = args.trace_dir.map(std::path::PathBuf::from);
        match tokio::task::spawn_blocking(move || sessions.open(args.exec, size, traces)).await {
            Ok(Ok(id)) => text(id),
            Ok(Err(message)) => failed(&ToolError::Session(message)),
            Err(error) => failure(error.to_string()),
        }
    }

    /// Presses keys.
    #[tool(
        description = "Press keys in a session, in order (Enter, Esc, Tab, BackTab, Space, Backspace, arrows, F1-F12, Ctrl+C, a character). An unknown key is an error naming it; nothing is pressed."
    )]
    async fn send(&self, Parameters(args): Parameters<SendArgs>) -> CallToolResult {
        if args.keys.is_empty() {
            return failure("send needs at least one key");
        }
        let script = args
            .keys
            .iter()
            .map(|key| format!("key:{}", quoted(key)))
            .collect::<Vec<_>>()
            .join("\n");
        self.act_script(args.session, script).await
    }

    /// Types text.
    #[tool(name = "type", description = "Type literal text in a session.")]
    async fn type_text(&self, Parameters(args): Parameters<TypeArgs>) -> CallToolResult {
        self.act_script(args.session, format!("type:{}", quoted(&args.text))).await
    }

    /// Runs steps.
    #[tool(
        description = "Run steps in the rehearse script grammar (click:#id, type:text, key:Enter, wait-for:exists,#id,500, wait-for:fg=red,text~Error,500, wait-for:at=4x2,cursor,500, expect-tree:@list,500(- list-item [checked]), checkpoint:name ...), separated by `;` or newlines; docs/testing.md lists every spelling."
    )]
    async fn act(&self, Parameters(args): Parameters<ActArgs>) -> CallToolResult {
        self.act_script(args.session, args.script).await
    }

    /// Takes a snapshot.
    #[tool(
        description = "What a session shows: text (default), cells, json or markdown (a rehearse app's semantic tree), terminal (the terminal-state golden), or png (an image)."
    )]
    async fn snapshot(&self, Parameters(args): Parameters<SnapshotArgs>) -> CallToolResult {
        let name = args.format.as_deref().unwrap_or("text");
        let Some(format) = SnapshotFormat::ALL.into_iter().find(|format| format.as_str() == name)
        else {
            return failure(format!(
                "format {name:?} is not one of text, cells, json, markdown, png, terminal"
            ));
        };
        let (sessions, connections, session) =
            (self.sessions.clone(), self.connections.clone(), args.session);
        let result = tokio::task::spawn_blocking(move || -> Result<OkReply, ToolError> {
            let (_, connection) = connections.get(&*sessions, session.as_deref())?;
            let mut client =
                connection.client.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            Ok(client.request(RequestBody::Snapshot(Snapshot { format }), 10_000)?)
        })
        .await;
        match result {
            Ok(Ok(OkReply::Snapshot(snapshot))) if format == SnapshotFormat::Png => {
                let data =
                    base64::engine::general_purpose::STANDARD.encode(snapshot.data.as_slice());
                CallToolResult::success(vec![ContentBlock::image(data, "image/png")])
            }
            Ok(Ok(OkReply::Snapshot(snapshot))) => {
                text(String::from_utf8_lossy(snapshot.data.as_slice()).into_owned())
            }
            Ok(Ok(other)) => unexpected(&other),
            Ok(Err(error)) => failed(&error),
            Err(error) => failure(error.to_string()),
        }
    }

    /// Waits.
    #[tool(
        description = "Wait until a condition holds (condition: as wait-for: spells it without the time: PREDICATE,SELECTOR on a rehearse app's tree, or a terminal condition such as contains=TEXT,screen or exited,process on a program), or, without one, until the session answered its last input and its screen is stable (and quiet for idle_ms, when given). Cancelling the call cancels the wait in the session."
    )]
    async fn wait(
        &self,
        Parameters(args): Parameters<WaitArgs>,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        let timeout_ms = args.timeout_ms.unwrap_or(10_000).clamp(1, MAX_DEADLINE_MS);
        let body = match args.condition {
            Some(condition) => RequestBody::WaitFor(WaitFor { condition, timeout_ms }),
            None => RequestBody::Idle(Idle {
                quiet_ms: args.idle_ms.map(|quiet| quiet.clamp(1, timeout_ms)),
            }),
        };
        let (sessions, connections, session) =
            (self.sessions.clone(), self.connections.clone(), args.session);
        let (sent, started) = tokio::sync::oneshot::channel::<Arc<Connection>>();
        let (request_id_tx, request_id_rx) = tokio::sync::oneshot::channel();
        let waiting = tokio::task::spawn_blocking(move || -> Result<OkReply, ToolError> {
            let (session, connection) = connections.get(&*sessions, session.as_deref())?;
            let mut client =
                connection.client.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let id = client.next_id();
            let deadline = Deadline::from_millis(timeout_ms)?;
            client.send(&Request::new(id.clone(), deadline, body))?;
            let _ = request_id_tx.send(id.clone());
            let _ = sent.send(connection.clone());
            match client.reply_to(&id)?.body {
                ReplyBody::Ok(ok) => Ok(ok),
                ReplyBody::Error(error) => Err(ToolError::refused(&*sessions, &session, error)),
            }
        });
        // The wait is in the session now: say so, for a client that shows
        // progress (and knows from here on that a cancel reaches it).
        let (Ok(connection), Ok(request_id)) = (started.await, request_id_rx.await) else {
            return match waiting.await {
                Ok(Err(error)) => failed(&error),
                _ => failure("the wait could not be sent"),
            };
        };
        if let Some(token) = context.meta.get_progress_token() {
            let progress =
                ProgressNotificationParam::new(token, 0.0).with_message("waiting in the session");
            let _ = context.peer.notify_progress(progress).await;
        }
        let mut waiting = waiting;
        let outcome = tokio::select! {
            outcome = &mut waiting => outcome,
            () = context.ct.cancelled() => {
                // The client cancelled: cancel the wait where it runs, on its
                // own connection, and let it answer.
                let cancelled = connection.canceller.lock().unwrap_or_else(|p| p.into_inner()).cancel(&request_id);
                if let Err(error) = cancelled {
                    return failed(&ToolError::from(error));
                }
                waiting.await
            }
        };
        match outcome {
            Ok(Ok(OkReply::WaitFor(waited) | OkReply::Idle(waited))) => text(format!(
                "ok: after {} ms, generation {}",
                waited.elapsed_ms, waited.generation
            )),
            Ok(Ok(other)) => unexpected(&other),
            Ok(Err(error)) => failed(&error),
            Err(error) => failure(error.to_string()),
        }
    }

    /// Reads the model-plane state.
    #[tool(
        description = "A rehearse app's model-plane state as JSON (not available for a program, or an app that exposes none)."
    )]
    async fn state(&self, Parameters(args): Parameters<SessionArgs>) -> CallToolResult {
        match self.request(args.session, RequestBody::State, 10_000).await {
            Ok(OkReply::State(state)) => text(state.state.to_string()),
            Ok(other) => unexpected(&other),
            Err(error) => failure(format!("not available: {error}")),
        }
    }

    /// Stops a session's program.
    #[tool(
        name = "pty-stop",
        description = "Stop a session's program (the rebuild loop): it is killed, while the session, its socket and its discovery file stay. Stopping a stopped program changes nothing. Until pty-start, requests that need the program fail with program-stopped."
    )]
    async fn pty_stop(&self, Parameters(args): Parameters<SessionArgs>) -> CallToolResult {
        match self.restart(args.session, RequestBody::PtyStop, 10_000).await {
            Ok(OkReply::PtyStop(stopped)) if stopped.was_running => {
                text(format!("stopped: generation {}", stopped.generation))
            }
            Ok(OkReply::PtyStop(stopped)) => {
                text(format!("already stopped: generation {}", stopped.generation))
            }
            Ok(other) => unexpected(&other),
            Err(error) => failed(&error),
        }
    }

    /// Starts a session's stopped program again.
    #[tool(
        name = "pty-start",
        description = "Start a session's stopped program again: the same command line, at the session's current size, in the same session. Fails with program-running when it runs."
    )]
    async fn pty_start(&self, Parameters(args): Parameters<PtyStartArgs>) -> CallToolResult {
        let timeout_ms = args.timeout_ms.unwrap_or(5_000).clamp(1, MAX_DEADLINE_MS - 5_000);
        let body = RequestBody::PtyStart(PtyStart { timeout_ms: Some(timeout_ms) });
        match self.restart(args.session, body, timeout_ms + 5_000).await {
            Ok(OkReply::PtyStart(started)) => text(format!(
                "started: pid {} at {}x{}, generation {}",
                started.pid, started.cols, started.rows, started.generation
            )),
            Ok(other) => unexpected(&other),
            Err(error) => failed(&error),
        }
    }

    /// Closes a session.
    #[tool(description = "Close a session: its program is stopped and its host exits.")]
    async fn close(&self, Parameters(args): Parameters<SessionArgs>) -> CallToolResult {
        let (sessions, connections, session) =
            (self.sessions.clone(), self.connections.clone(), args.session);
        let result = tokio::task::spawn_blocking(move || -> Result<String, ToolError> {
            // The host closes the session (a rehearse app's own socket would
            // only end the app, and the host after it, a moment later).
            let (id, socket) =
                sessions.find_host(session.as_deref()).map_err(ToolError::Session)?;
            connections.forget(&id);
            let mut client = Client::connect(&socket).map_err(ToolError::connect(&id))?;
            let reply = client.request(RequestBody::Close, 10_000);
            sessions.closed(&id);
            reply?;
            Ok(id)
        })
        .await;
        match result {
            Ok(Ok(id)) => text(format!("closed {id}")),
            Ok(Err(error)) => failed(&error),
            Err(error) => failure(error.to_string()),
        }
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for RehearseTools {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_instructions(
            "Drive terminal programs and rehearse apps: open a session, send keys, type, act with script steps, wait, take snapshots (PNG as an image), stop and start its program again (pty-stop, pty-start: the rebuild loop), close.",
        )
    }
}
