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
    runtime.ok(&["close"]);
}
