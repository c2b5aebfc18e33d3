//! MCP's `wait` accepts every condition the language has, the terminal
//! ones too (`contains=X,screen`, `exited,process`), as `act` does; one
//! that times out is `wait-timeout`, and a cancelled one ends in the
//! session at once. `open` without a size starts at the one default, 100x30.

use crate::support;

use std::time::Duration;

use rmcp::model::{
    CallToolRequest, CallToolResult, ClientRequest, ProgressNotificationParam, ProgressToken,
    ServerResult,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RunningService};
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{Value, json};
use support::Runtime;
use support::mcp::{call, text_of};
use tokio::sync::mpsc;

/// A client that reports the progress tokens it receives: a wait says
/// when the session has it, and only then can a cancel reach it there.
struct Progress(mpsc::UnboundedSender<ProgressToken>);

impl ClientHandler for Progress {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        let _ = self.0.send(params.progress_token);
    }
}

async fn tool(
    client: &RunningService<RoleClient, Progress>,
    name: &'static str,
    args: Value,
) -> CallToolResult {
    client.call_tool(call(name, args)).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wait_takes_terminal_conditions_and_times_out_as_wait_timeout() {
    let runtime = Runtime::new();
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_rehearse"));
    command.arg("mcp").env("XDG_RUNTIME_DIR", runtime.dir.path());
    let transport = rmcp::transport::TokioChildProcess::new(command).unwrap();
    let (progress, mut told) = mpsc::unbounded_channel();
    let client = Progress(progress).serve(transport).await.unwrap();

    let opened = tool(&client, "open", json!({"exec": "/bin/cat"})).await;
    assert_ne!(opened.is_error, Some(true), "{}", text_of(&opened));
    let golden = tool(&client, "snapshot", json!({"format": "terminal"})).await;
    assert!(text_of(&golden).starts_with("terminal 100x30 "), "{}", text_of(&golden));

    tool(&client, "type", json!({"text": "hello"})).await;
    let held = tool(&client, "wait", json!({"condition": "contains=hello,screen"})).await;
    assert_ne!(held.is_error, Some(true), "{}", text_of(&held));
    assert!(text_of(&held).starts_with("ok: after"), "{}", text_of(&held));

    for condition in ["contains=NEVER,screen", "exited,process", "contains=NEVER,scrollback"] {
        let timed_out =
            tool(&client, "wait", json!({"condition": condition, "timeout_ms": 200})).await;
        assert_eq!(timed_out.is_error, Some(true), "{condition}: {}", text_of(&timed_out));
        let message = text_of(&timed_out);
        assert!(
            message.starts_with("wait-timeout: timed out after 200 ms"),
            "{condition}: {message}"
        );
    }

    // A wait for a minute, cancelled: the session ends it and the next
    // call is answered (the connection is free again).
    let wait = call("wait", json!({"condition": "contains=NEVER,screen", "timeout_ms": 60000}));
    let handle = client
        .peer()
        .send_cancellable_request(
            ClientRequest::CallToolRequest(CallToolRequest::new(wait)),
            PeerRequestOptions::no_options(),
        )
        .await
        .unwrap();
    while told.recv().await.expect("progress") != handle.progress_token {}
    handle.cancel(Some("done waiting".into())).await.unwrap();
    let mut options = PeerRequestOptions::no_options();
    options.timeout = Some(Duration::from_secs(20));
    let snapshot =
        ClientRequest::CallToolRequest(CallToolRequest::new(call("snapshot", json!({}))));
    let reply = client
        .peer()
        .send_request_with_option(snapshot, options)
        .await
        .unwrap()
        .await_response()
        .await;
    assert!(matches!(reply, Ok(ServerResult::CallToolResult(_))), "{reply:?}");

    let closed = tool(&client, "close", json!({})).await;
    assert_ne!(closed.is_error, Some(true), "{}", text_of(&closed));
    client.cancel().await.unwrap();
}
