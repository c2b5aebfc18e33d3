//! `rehearse act`: steps in the script grammar sent to an open session, as
//! MCP's `act` sends them, with `run`'s exit codes.

use crate::support;

use support::{Runtime, todo};

#[test]
fn act_runs_steps_on_an_apps_tree_with_runs_exit_codes() {
    let runtime = Runtime::new();
    runtime.ok(&["open", "--exec", todo().to_str().unwrap()]);
    runtime.ok(&["wait"]);
    // Several arguments run in order; `;` separates steps inside one.
    runtime.ok(&[
        "act",
        "click:#new-todo; type:\"Buy milk\"",
        "key:enter",
        "wait-for:count=1,@list-item,5000",
    ]);
    let tree = runtime.ok(&["snapshot", "--format", "json"]);
    assert!(tree.contains("Buy milk"), "{tree}");
    // A step that fails: 1, naming it.
    let error = runtime.fails(&["act", "click:#toggle-9"], 1);
    assert!(error.contains("step-failed") && error.contains("#toggle-9"), "{error}");
    // A wait that times out: 3.
    let error = runtime.fails(&["act", "wait-for:exists,#toggle-9,50"], 3);
    assert!(error.contains("wait-timeout"), "{error}");
    // An invalid script: 4, and nothing ran (the first step would have added a todo).
    let error = runtime.fails(&["act", "click:#new-todo; type:\"Tea\"; key:enter; clik:#x"], 4);
    assert!(error.contains("did you mean `click`"), "{error}");
    let tree = runtime.ok(&["snapshot", "--format", "json"]);
    assert!(!tree.contains("Tea"), "nothing ran: {tree}");
    runtime.ok(&["close"]);
}

#[test]
fn act_on_a_program_waits_on_its_screen_and_a_timeout_exits_3() {
    let runtime = Runtime::new();
    runtime.ok(&["open", "--exec", "/bin/cat"]);
    runtime.ok(&["act", "type:\"hello\"; wait-for:contains=hello,screen,5000"]);
    let error = runtime.fails(&["act", "wait-for:contains=NEVER,screen,200"], 3);
    assert!(error.contains("wait-timeout") && error.contains("timed out after 200 ms"), "{error}");
    let error = runtime.fails(&["act", "wait-for:exited,process,200"], 3);
    assert!(error.contains("wait-timeout"), "{error}");
    // Opened without a trace directory: no failure names a trace.
    assert!(!error.contains("trace"), "{error}");
    runtime.ok(&["close"]);
}

/// The `trace.html` a failure's message names (`trace: PATH (…`).
fn named_html(error: &str) -> std::path::PathBuf {
    let line = error.lines().find_map(|line| line.strip_prefix("trace: ")).unwrap_or_else(|| {
        panic!("the failure names no trace: {error}");
    });
    line.split(" (").next().unwrap().into()
}

#[test]
fn a_session_opened_with_a_trace_directory_names_each_failing_requests_trace() {
    let runtime = Runtime::new();
    let traces = tempfile::tempdir().unwrap();
    let dir = traces.path().to_str().unwrap();
    runtime.ok(&["open", "--exec", "/bin/cat", "--trace", dir]);
    runtime.ok(&["act", "type:\"hello\"; wait-for:contains=hello,screen,5000"]);
    let error = runtime.fails(&["act", "wait-for:contains=NEVER,screen,200"], 3);
    let html = named_html(&error);
    let root = traces.path().canonicalize().unwrap();
    assert!(html.starts_with(&root), "written below --trace: {}", html.display());
    assert!(html.is_file(), "{}", html.display());
    assert!(error.contains("trace.md for an agent"), "{error}");
    // The session's steps so far, the failed wait last and failed.
    let json = std::fs::read_to_string(html.with_file_name("trace.json")).unwrap();
    let document = rehearse_core::trace::TraceDocument::from_json(&json).unwrap();
    assert_eq!(document.plane, "terminal");
    let spellings: Vec<&str> = document.steps.iter().map(|step| step.spelling.as_str()).collect();
    assert_eq!(spellings.last(), Some(&"wait-for:contains=NEVER,screen,200"), "{spellings:?}");
    assert_eq!(document.failed_step, Some(document.steps.len() - 1));
    assert!(spellings.contains(&"wait-for:contains=hello,screen,5000"), "{spellings:?}");
    let screen = document.screen_text(document.steps.last().unwrap().screen.unwrap()).join("\n");
    assert!(screen.contains("hello"), "{screen}");
    // A second failure gets a directory of its own; the first stays.
    let error = runtime.fails(&["act", "wait-for:exited,process,100"], 3);
    let second = named_html(&error);
    assert_ne!(second.parent(), html.parent());
    assert!(second.is_file() && html.is_file());
    runtime.ok(&["close"]);
}
