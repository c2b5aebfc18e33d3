//! `rehearse run` with a script whose `use:` steps bring in other files:
//! they resolve relative to the script, not to where `rehearse` runs, on
//! the app's plane and on the terminal's alike.

use crate::support;

use support::{Runtime, todo};

/// `dir/main.rehearse` using `dir/common/add.rehearse`; returns the main
/// script's path.
fn scripts(runtime: &Runtime, main: &str, add: &str) -> String {
    let dir = runtime.dir.path().join("scripts");
    std::fs::create_dir_all(dir.join("common")).unwrap();
    std::fs::write(dir.join("common/add.rehearse"), add).unwrap();
    std::fs::write(dir.join("main.rehearse"), main).unwrap();
    dir.join("main.rehearse").to_str().unwrap().to_owned()
}

#[test]
fn included_steps_reach_the_app_from_the_scripts_directory() {
    let runtime = Runtime::new();
    let main = scripts(
        &runtime,
        "use:common/add.rehearse\nwait-for:count=1,@list-item,2000\n",
        "click:#new-todo\ntype:Buy milk\nkey:enter\n",
    );
    let out = runtime.dir.path().join("out");
    // Run from elsewhere: `/` has no `common/`.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rehearse"))
        .args(["run", &main, "--out", out.to_str().unwrap(), "--", todo().to_str().unwrap()])
        .current_dir("/")
        .env("XDG_RUNTIME_DIR", runtime.dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report = std::fs::read_to_string(out.join("report.json")).unwrap();
    let report: serde_json::Value = serde_json::from_str(&report).unwrap();
    assert_eq!(report["plane"], "app");
    assert_eq!(report["steps"].as_array().unwrap().len(), 4, "{report}");
}

#[test]
fn included_steps_reach_a_program_and_errors_name_their_file() {
    let runtime = Runtime::new();
    let main = scripts(
        &runtime,
        "use:common/add.rehearse\nwait-for:contains=hello,screen,5000\n",
        "type:hello\nkey:enter\n",
    );
    runtime.ok(&["run", &main, "--", "/bin/cat"]);
    // A duplicate checkpoint across the files names both places.
    let main = scripts(&runtime, "checkpoint:a\nuse:common/add.rehearse\n", "checkpoint:a\n");
    let error = runtime.fails(&["run", &main, "--", "/bin/cat"], 4);
    assert!(error.contains("add.rehearse: line 1, column 12"), "{error}");
    assert!(error.contains("main.rehearse: line 1, column 12)"), "{error}");
}

#[test]
fn the_apps_errors_name_where_an_included_step_was_written() {
    let runtime = Runtime::new();
    let todo = todo().to_str().unwrap().to_owned();
    // An id the app does not declare, on line 3 of the included file.
    let main = scripts(
        &runtime,
        "# adds one\nkey:up\nuse:common/add.rehearse\n",
        "key:down\n\nclick:#basket\n",
    );
    let error = runtime.fails(&["run", &main, "--", &todo], 4);
    assert!(error.contains("add.rehearse:3:1: `#basket`"), "{error}");
    // A step that fails when it runs is named by where it was written too.
    let main = scripts(&runtime, "use:common/add.rehearse\n", "key:down\nclick:#toggle-9\n");
    let error = runtime.fails(&["run", &main, "--", &todo], 1);
    assert!(error.contains("add.rehearse:2:1)"), "{error}");
}
