//! What `use:` may read, and how far it may expand, through the real
//! binary: a fan-out of `use:` fails before it grows (`rehearse run`, and
//! `act` over a session's socket), an included file's lines are never
//! printed (`use:/proc/self/environ` with a secret in the environment),
//! and over the socket and MCP `use:` reads only below the directory the
//! session was given with `--scripts` (refused, saying why, without one).

use crate::support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rehearse_control::{Client, ClientError};
use rehearse_protocol::{
    ErrorCode,
    message::{Act, OkReply, RequestBody},
};
use support::Runtime;

/// In the environment of every `rehearse` these tests start: no output
/// may ever hold it.
const SECRET: &str = "hunter2-from-the-environment";

/// `rehearse ARGS` with the secret in its environment.
fn rehearse(runtime: &Runtime, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rehearse"))
        .args(args)
        .env("XDG_RUNTIME_DIR", runtime.dir.path())
        .env("SECRET_FOR_TEST", SECRET)
        .output()
        .unwrap()
}

/// Writes `files` (path, text) under `dir`; returns `dir`.
fn write(dir: &Path, files: &[(&str, String)]) -> PathBuf {
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir.to_path_buf()
}

/// Three files of 1,000 lines: `a` uses `b` 1,000 times, `b` uses `c`
/// 1,000 times, `c` is 1,000 `drain`s — 10⁹ steps if it expanded.
fn fan_out(dir: &Path) -> PathBuf {
    let lines = |line: &str| format!("{line}\n").repeat(1000);
    write(
        dir,
        &[
            ("fan/a.rehearse", lines("use:b.rehearse")),
            ("fan/b.rehearse", lines("use:c.rehearse")),
            ("fan/c.rehearse", lines("drain")),
        ],
    )
    .join("fan/a.rehearse")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn run_refuses_a_use_fan_out_before_it_expands() {
    let runtime = Runtime::new();
    let script = fan_out(runtime.dir.path());
    let output = rehearse(&runtime, &["run", script.to_str().unwrap(), "--", "/bin/cat"]);
    let shown = text(&output);
    assert_eq!(output.status.code(), Some(4), "{shown}");
    assert!(shown.contains("more than 100000 steps (MAX_SCRIPT_STEPS"), "{shown}");
    assert!(shown.contains("c.rehearse: line "), "it names where it passed: {shown}");
    // One error, not one per `use:`.
    assert_eq!(shown.matches("MAX_SCRIPT_STEPS").count(), 1, "{shown}");
}

#[test]
fn run_never_prints_the_lines_of_a_file_a_use_brought_in() {
    let runtime = Runtime::new();
    let dir = write(
        runtime.dir.path(),
        &[
            ("environ.rehearse", "use:/proc/self/environ\n".into()),
            ("dotenv.rehearse", "use:app.env\n".into()),
            ("app.env", format!("API_TOKEN={SECRET}\nURL=https://ada:{SECRET}@example.com\n")),
        ],
    );
    for script in ["environ.rehearse", "dotenv.rehearse"] {
        let script = dir.join(script);
        let output = rehearse(&runtime, &["run", script.to_str().unwrap(), "--", "/bin/cat"]);
        let shown = text(&output);
        assert_eq!(output.status.code(), Some(4), "{shown}");
        assert!(!shown.contains(SECRET), "{script:?} printed the secret:\n{shown}");
        assert!(!shown.contains("SECRET_FOR_TEST"), "{script:?} quoted a line:\n{shown}");
    }
    let script = dir.join("environ.rehearse");
    let shown = text(&rehearse(&runtime, &["run", script.to_str().unwrap(), "--", "/bin/cat"]));
    assert!(shown.contains("it holds the control character U+0000 at line 1"), "{shown}");
    let script = dir.join("dotenv.rehearse");
    let shown = text(&rehearse(&runtime, &["run", script.to_str().unwrap(), "--", "/bin/cat"]));
    assert!(shown.contains("app.env: line 1, column 1: unknown-verb: expected a step"), "{shown}");
    assert!(shown.contains("app.env: line 2, column 1: unknown-verb"), "{shown}");
}

/// Opens a session of `cat` (with `--scripts DIR` when given) and connects
/// to its socket.
fn open(runtime: &Runtime, scripts: Option<&Path>) -> Client {
    let mut args = vec!["open", "--exec", "/bin/cat"];
    if let Some(dir) = scripts {
        args.extend(["--scripts", dir.to_str().unwrap()]);
    }
    let output = rehearse(runtime, &args);
    assert!(output.status.success(), "{}", text(&output));
    let id = String::from_utf8(output.stdout).unwrap().trim().to_owned();
    Client::connect(runtime.sessions().join(format!("{id}.sock"))).unwrap()
}

/// An `act` of `script`: `Ok` with the steps run, or the refusal's code
/// and message.
fn act(client: &mut Client, script: &str) -> Result<u32, (ErrorCode, String)> {
    match client.request(RequestBody::Act(Act { script: script.into() }), 30_000) {
        Ok(OkReply::Act(acted)) => Ok(acted.steps),
        Ok(other) => panic!("`act` answered {other:?}"),
        Err(ClientError::Refused(error)) => Err((error.code, error.message)),
        Err(other) => panic!("{other}"),
    }
}

#[test]
fn over_the_socket_use_reads_nothing_without_a_directory() {
    let runtime = Runtime::new();
    let dir = write(runtime.dir.path(), &[("scripts/ok.rehearse", "type:hi\n".into())]);
    let mut client = open(&runtime, None);
    for script in ["use:/proc/self/environ", "use:scripts/ok.rehearse"] {
        let (code, message) = act(&mut client, script).unwrap_err();
        assert_eq!(code, ErrorCode::InvalidScript, "{message}");
        assert!(message.contains("reads no file here"), "{message}");
        assert!(message.contains("--scripts DIR"), "it says how to allow it: {message}");
        assert!(!message.contains(SECRET), "{message}");
    }
    drop(dir);
}

#[test]
fn over_the_socket_use_reads_only_below_the_directory_it_was_given() {
    let runtime = Runtime::new();
    let dir = write(
        runtime.dir.path(),
        &[
            ("scripts/ok.rehearse", "type:hi\nuse:more/enter.rehearse\n".into()),
            ("scripts/more/enter.rehearse", "key:enter\n".into()),
            ("outside.rehearse", "key:tab\n".into()),
        ],
    );
    let scripts = dir.join("scripts");
    std::os::unix::fs::symlink(dir.join("outside.rehearse"), scripts.join("link.rehearse"))
        .unwrap();
    let mut client = open(&runtime, Some(&scripts));
    assert_eq!(act(&mut client, "use:ok.rehearse"), Ok(2));
    for script in [
        "use:/proc/self/environ",
        "use:../outside.rehearse",
        "use:link.rehearse",
        "use:more/../../outside.rehearse",
    ] {
        let (code, message) = act(&mut client, script).unwrap_err();
        assert_eq!(code, ErrorCode::InvalidScript, "{script}: {message}");
        assert!(message.contains("reads `use:` files only"), "{script}: {message}");
        assert!(!message.contains(SECRET), "{script}: {message}");
    }
    // The fan-out is refused over the socket too, before it expands.
    let fan = fan_out(&scripts);
    assert!(fan.starts_with(&scripts));
    let (code, message) = act(&mut client, "use:fan/a.rehearse").unwrap_err();
    assert_eq!(code, ErrorCode::InvalidScript, "{message}");
    assert!(message.contains("MAX_SCRIPT_STEPS"), "{message}");
}

#[test]
fn open_refuses_a_scripts_directory_that_is_not_one() {
    let runtime = Runtime::new();
    let missing = runtime.dir.path().join("no-such-dir");
    let output =
        rehearse(&runtime, &["open", "--exec", "/bin/cat", "--scripts", missing.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(4), "{}", text(&output));
    assert!(text(&output).contains("--scripts"), "{}", text(&output));
}

/// MCP's `act` (the official SDK's client over stdio): `use:` reads below
/// `rehearse mcp --scripts DIR` only, and nothing without it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp_act_reads_use_files_only_below_its_directory() {
    use rmcp::ServiceExt;
    use rmcp::transport::TokioChildProcess;
    use serde_json::json;
    use support::mcp::{call, text_of};

    let runtime = Runtime::new();
    let dir = write(runtime.dir.path(), &[("scripts/ok.rehearse", "type:hi\n".into())]);
    let scripts = dir.join("scripts");
    for given in [Some(&scripts), None] {
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_rehearse"));
        command.arg("mcp").env("XDG_RUNTIME_DIR", runtime.dir.path());
        command.env("SECRET_FOR_TEST", SECRET);
        if let Some(scripts) = given {
            command.arg("--scripts").arg(scripts);
        }
        let client = ().serve(TokioChildProcess::new(command).unwrap()).await.unwrap();
        let opened = client.call_tool(call("open", json!({"exec": "/bin/cat"}))).await.unwrap();
        assert_ne!(opened.is_error, Some(true), "{}", text_of(&opened));
        let acted =
            client.call_tool(call("act", json!({"script": "use:ok.rehearse"}))).await.unwrap();
        let shown = text_of(&acted);
        match given {
            Some(_) => assert_ne!(acted.is_error, Some(true), "{shown}"),
            None => {
                assert_eq!(acted.is_error, Some(true), "{shown}");
                assert!(shown.contains("reads no file here"), "{shown}");
            }
        }
        let leaked = client
            .call_tool(call("act", json!({"script": "use:/proc/self/environ"})))
            .await
            .unwrap();
        let shown = text_of(&leaked);
        assert_eq!(leaked.is_error, Some(true), "{shown}");
        assert!(!shown.contains(SECRET), "{shown}");
        let closed = client.call_tool(call("close", json!({}))).await.unwrap();
        assert_ne!(closed.is_error, Some(true), "{}", text_of(&closed));
        client.cancel().await.unwrap();
    }
}
