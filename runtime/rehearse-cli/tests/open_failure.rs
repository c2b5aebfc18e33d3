//! A program that cannot start opens no session: `rehearse open` (and MCP's
//! `open`) fails with exit 2, saying how the program ended and the last
//! lines of its screen, and leaves no file behind.

use crate::support;

use rmcp::ServiceExt;
use serde_json::json;
use support::Runtime;
use support::mcp::{call, text_of};

fn files(runtime: &Runtime) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(runtime.sessions()) else { return Vec::new() };
    entries.flatten().map(|entry| entry.file_name().to_string_lossy().into_owned()).collect()
}

#[test]
fn opening_a_missing_program_fails_with_how_it_ended() {
    let runtime = Runtime::new();
    let error = runtime.fails(&["open", "--exec", "no-such-program-here"], 2);
    assert!(
        error.contains("`no-such-program-here` ended as it started (exit code 127)")
            && error.contains("not found"),
        "{error}"
    );
    assert_eq!(files(&runtime), Vec::<String>::new());
}

#[test]
fn opening_a_program_that_exits_at_once_fails_with_its_code_and_screen() {
    let runtime = Runtime::new();
    let error = runtime.fails(&["open", "--exec", "sh -c 'echo broken build; exit 9'"], 2);
    assert!(
        error.contains("ended as it started (exit code 9)") && error.contains("broken build"),
        "{error}"
    );
    assert_eq!(files(&runtime), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp_open_of_a_program_that_cannot_start_is_a_tool_error() {
    let runtime = Runtime::new();
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_rehearse"));
    command.arg("mcp").env("XDG_RUNTIME_DIR", runtime.dir.path());
    let transport = rmcp::transport::TokioChildProcess::new(command).unwrap();
    let client = ().serve(transport).await.unwrap();
    let result = client.call_tool(call("open", json!({"exec": "sh -c 'exit 9'"}))).await.unwrap();
    assert_eq!(result.is_error, Some(true), "{}", text_of(&result));
    assert!(text_of(&result).contains("(exit code 9)"), "{}", text_of(&result));
    client.cancel().await.unwrap();
    assert_eq!(files(&runtime), Vec::<String>::new());
}
