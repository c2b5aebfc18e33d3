//! `pty-stop` and `pty-start` as MCP tools, with a real MCP client over
//! stdio, against the todo example in a PTY: its tree is reached through
//! the app's own socket before the stop and again after the start.

use crate::support;

use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};
use support::mcp::{call, text_of};
use support::{Runtime, todo};

type McpClient = RunningService<RoleClient, ()>;

async fn ok(client: &McpClient, name: &'static str, arguments: Value) -> String {
    let result = client.call_tool(call(name, arguments)).await.unwrap();
    assert_ne!(result.is_error, Some(true), "{name}: {}", text_of(&result));
    text_of(&result)
}

async fn refused(client: &McpClient, name: &'static str, arguments: Value) -> String {
    let result = client.call_tool(call(name, arguments)).await.unwrap();
    assert_eq!(result.is_error, Some(true), "{name} should fail: {}", text_of(&result));
    text_of(&result)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rebuild_loop_over_mcp_reaches_the_fresh_app() {
    let runtime = Runtime::new();
    let todo = todo().to_str().unwrap().to_owned();
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_rehearse"));
    command.arg("mcp").env("XDG_RUNTIME_DIR", runtime.dir.path());
    let client = ().serve(TokioChildProcess::new(command).unwrap()).await.unwrap();
    let tools: Vec<String> =
        client.list_all_tools().await.unwrap().into_iter().map(|tool| tool.name.into()).collect();
    for name in ["pty-stop", "pty-start"] {
        assert!(tools.iter().any(|tool| tool == name), "{name} in {tools:?}");
    }

    let id = ok(&client, "open", json!({"exec": todo, "cols": 60, "rows": 12})).await;
    ok(&client, "wait", json!({"condition": "exists,#new-todo", "timeout_ms": 20000})).await;
    ok(&client, "act", json!({"script": "click:#new-todo; type:Buy milk; key:Enter"})).await;
    assert!(ok(&client, "snapshot", json!({"format": "json"})).await.contains("Buy milk"));

    let stopped = ok(&client, "pty-stop", json!({"session": id})).await;
    assert!(stopped.starts_with("stopped: generation"), "{stopped}");
    let error = refused(&client, "snapshot", json!({"format": "json"})).await;
    assert!(error.contains("program-stopped") && error.contains("pty-start"), "{error}");
    let again = ok(&client, "pty-stop", json!({})).await;
    assert!(again.starts_with("already stopped"), "{again}");

    let started = ok(&client, "pty-start", json!({"timeout_ms": 20000})).await;
    assert!(started.contains("at 60x12"), "{started}");
    let error = refused(&client, "pty-start", json!({})).await;
    assert!(error.contains("program-running"), "{error}");
    // The fresh app's own tree: the kept connection was let go.
    let tree = ok(&client, "snapshot", json!({"format": "json"})).await;
    assert!(tree.contains("\"new-todo\"") && !tree.contains("Buy milk"), "{tree}");
    assert!(ok(&client, "state", json!({})).await.contains("\"items\":[]"));

    let latest = std::fs::read_to_string(runtime.sessions().join("latest.json")).unwrap();
    let host = serde_json::from_str::<Value>(&latest).unwrap()["pid"].as_u64().unwrap();
    assert!(ok(&client, "close", json!({})).await.contains(&id));
    // The host itself closed the session: it is gone, and nothing with it.
    let proc = std::path::PathBuf::from(format!("/proc/{host}"));
    let started = std::time::Instant::now();
    while proc.exists() {
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "the host outlived close");
        std::thread::yield_now();
    }
    client.cancel().await.unwrap();
}
