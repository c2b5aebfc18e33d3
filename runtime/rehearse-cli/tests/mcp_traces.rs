//! MCP's `open` takes a trace directory: then a failing `act` or `wait`
//! names the trace the session wrote there for it; without one, none.

use crate::support;

use rmcp::model::CallToolResult;
use rmcp::service::RunningService;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};
use support::Runtime;
use support::mcp::{call, text_of};

async fn tool(
    client: &RunningService<RoleClient, ()>,
    name: &'static str,
    args: Value,
) -> CallToolResult {
    client.call_tool(call(name, args)).await.unwrap()
}

/// The `trace.html` a tool's failure names (`trace: PATH (…`).
fn named_html(message: &str) -> Option<std::path::PathBuf> {
    let line = message.lines().find_map(|line| line.strip_prefix("trace: "))?;
    Some(line.split(" (").next().unwrap().into())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_act_or_wait_names_the_trace_of_a_session_opened_with_a_trace_dir() {
    let runtime = Runtime::new();
    let traces = tempfile::tempdir().unwrap();
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_rehearse"));
    command.arg("mcp").env("XDG_RUNTIME_DIR", runtime.dir.path()).env_remove("REHEARSE_TRACE");
    let transport = rmcp::transport::TokioChildProcess::new(command).unwrap();
    let client = ().serve(transport).await.unwrap();

    // Without a trace directory, a failure names no trace.
    let opened = tool(&client, "open", json!({"exec": "/bin/cat"})).await;
    assert_ne!(opened.is_error, Some(true), "{}", text_of(&opened));
    let failed =
        tool(&client, "act", json!({"script": "wait-for:contains=NEVER,screen,100"})).await;
    assert_eq!(failed.is_error, Some(true));
    assert!(named_html(&text_of(&failed)).is_none(), "{}", text_of(&failed));
    tool(&client, "close", json!({})).await;

    let dir = traces.path().to_str().unwrap();
    let opened = tool(&client, "open", json!({"exec": "/bin/cat", "trace_dir": dir})).await;
    assert_ne!(opened.is_error, Some(true), "{}", text_of(&opened));
    tool(&client, "type", json!({"text": "hello"})).await;
    let failed =
        tool(&client, "act", json!({"script": "wait-for:contains=NEVER,screen,100"})).await;
    assert_eq!(failed.is_error, Some(true));
    let message = text_of(&failed);
    assert!(message.starts_with("wait-timeout: "), "{message}");
    let html = named_html(&message).unwrap_or_else(|| panic!("no trace named: {message}"));
    assert!(html.starts_with(traces.path().canonicalize().unwrap()), "{}", html.display());
    let json = std::fs::read_to_string(html.with_file_name("trace.json")).unwrap();
    let document = rehearse_core::trace::TraceDocument::from_json(&json).unwrap();
    let spellings: Vec<&str> = document.steps.iter().map(|step| step.spelling.as_str()).collect();
    assert_eq!(spellings.last(), Some(&"wait-for:contains=NEVER,screen,100"), "{spellings:?}");

    // `wait` with a condition that times out names its own trace.
    let waited =
        tool(&client, "wait", json!({"condition": "contains=NEVER,screen", "timeout_ms": 100}))
            .await;
    assert_eq!(waited.is_error, Some(true));
    let again = named_html(&text_of(&waited)).unwrap_or_else(|| panic!("{}", text_of(&waited)));
    assert_ne!(again.parent(), html.parent());
    assert!(again.is_file());

    tool(&client, "close", json!({})).await;
    client.cancel().await.unwrap();
}
