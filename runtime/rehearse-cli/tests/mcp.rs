//! `rehearse mcp` with a real MCP client (the official SDK's) over stdio:
//! every tool against a session of `bash`, and a cancelled wait that is
//! cancelled in the session too.

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use rmcp::model::{
    CallToolRequest, ClientRequest, ContentBlock, ProgressNotificationParam, ProgressToken,
    ServerResult,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::{Value, json};
use support::mcp::{call, text_of};
use tokio::sync::mpsc;

/// A client that reports the progress it receives: the request's token
/// and the message.
struct Progress(mpsc::UnboundedSender<(ProgressToken, String)>);

impl ClientHandler for Progress {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        let _ = self.0.send((params.progress_token, params.message.unwrap_or_default()));
    }
}

async fn ok(
    client: &RunningService<RoleClient, Progress>,
    name: &'static str,
    arguments: Value,
) -> String {
    let result = client.call_tool(call(name, arguments)).await.unwrap();
    assert_ne!(result.is_error, Some(true), "{name}: {}", text_of(&result));
    text_of(&result)
}

async fn refused(
    client: &RunningService<RoleClient, Progress>,
    name: &'static str,
    arguments: Value,
) -> String {
    let result = client.call_tool(call(name, arguments)).await.unwrap();
    assert_eq!(result.is_error, Some(true), "{name} should fail: {}", text_of(&result));
    text_of(&result)
}

/// A private runtime directory; closes every session left in it when
/// dropped (a failed assertion leaves no host behind).
struct Runtime(tempfile::TempDir);

impl Runtime {
    fn path(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl Drop for Runtime {
    fn drop(&mut self) {
        let Ok(entries) = std::fs::read_dir(self.path().join("rehearse")) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(id) = name.strip_suffix(".json").filter(|id| *id != "latest") {
                let _ = std::process::Command::new(env!("CARGO_BIN_EXE_rehearse"))
                    .args(["close", "--session", id])
                    .env("XDG_RUNTIME_DIR", self.path())
                    .output();
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_tool_over_stdio_and_a_cancelled_wait() {
    let runtime = Runtime(tempfile::tempdir().unwrap());
    std::fs::set_permissions(runtime.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_rehearse"));
    command.arg("mcp").env("XDG_RUNTIME_DIR", runtime.path());
    let (progress, mut told) = mpsc::unbounded_channel();
    let client = Progress(progress).serve(TokioChildProcess::new(command).unwrap()).await.unwrap();

    let tools: Vec<String> = client
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|tool| tool.name.to_string())
        .collect();
    for name in ["open", "send", "type", "act", "snapshot", "wait", "state", "close"] {
        assert!(tools.iter().any(|tool| tool == name), "{name} in {tools:?}");
    }

    let id =
        ok(&client, "open", json!({"exec": "bash --norc --noprofile", "cols": 60, "rows": 10}))
            .await;
    assert!(runtime.path().join("rehearse").join(format!("{id}.json")).exists());
    ok(&client, "type", json!({"text": "echo hi-$((6*7))"})).await;
    ok(&client, "send", json!({"keys": ["Enter"]})).await;
    ok(&client, "wait", json!({"idle_ms": 100})).await;
    assert!(ok(&client, "snapshot", json!({})).await.contains("hi-42"));
    assert!(
        ok(
            &client,
            "act",
            json!({"script": "type:echo again; key:Enter; wait-for:exists,text~\"again\",5000"})
        )
        .await
        .contains("3 steps")
    );
    let png =
        client.call_tool(call("snapshot", json!({"format": "png", "session": id}))).await.unwrap();
    match &png.content[0] {
        ContentBlock::Image(image) => assert_eq!(image.mime_type, "image/png"),
        other => panic!("an image, not {other:?}"),
    }
    assert!(refused(&client, "send", json!({"keys": ["Bogus"]})).await.contains("Bogus"));
    assert!(refused(&client, "state", json!({})).await.contains("not available"));
    assert!(refused(&client, "snapshot", json!({"format": "gif"})).await.contains("gif"));

    // A wait that would last a minute, cancelled by the client once the
    // session has it: the session answers the wait `cancelled`, which frees
    // the session's connection for the snapshot after it (a wait still
    // pending in the session would hold it for the minute).
    let wait =
        call("wait", json!({"condition": "exists,text~\"never-shown\"", "timeout_ms": 60000}));
    let handle = client
        .peer()
        .send_cancellable_request(
            ClientRequest::CallToolRequest(CallToolRequest::new(wait)),
            PeerRequestOptions::no_options(),
        )
        .await
        .unwrap();
    // The wait's own progress (the earlier idle wait said the same).
    loop {
        let (token, message) = told.recv().await.expect("progress");
        if token == handle.progress_token {
            assert_eq!(message, "waiting in the session");
            break;
        }
    }
    handle.cancel(Some("the test is done waiting".into())).await.unwrap();
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

    assert!(ok(&client, "close", json!({})).await.contains(&id));
    assert!(!runtime.path().join("rehearse").join(format!("{id}.json")).exists());
    client.cancel().await.unwrap();
}
