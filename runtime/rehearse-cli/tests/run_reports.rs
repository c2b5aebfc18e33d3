//! `rehearse run` for CI: several scripts, in parallel, each against its
//! own `cat` in a PTY; a JUnit report with a test case per script (the
//! failing step as the message, the trace attached); `--out` with a
//! trace per script and an index; one script's trace in `--out` itself;
//! `--goldens` comparing checkpoints and keeping a mismatch as pending.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_rehearse");

fn rehearse(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(BIN);
    command.args(args).env_remove("REHEARSE_TRACE").env_remove("REHEARSE_SNAPSHOT");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("rehearse runs")
}

fn script(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path.display().to_string()
}

const PASSES: &str = "type:\"hello\"\nwait-for:contains=hello,screen,5000\ncheckpoint:typed\n";
const FAILS: &str = "type:\"hello\"\nwait-for:contains=goodbye,screen,300\n";

#[test]
fn several_scripts_in_parallel_write_junit_traces_and_an_index() {
    let dir = tempfile::tempdir().unwrap();
    let passes = script(dir.path(), "passes.rehearse", PASSES);
    let fails = script(dir.path(), "fails.rehearse", FAILS);
    let out = dir.path().join("out");
    let junit = dir.path().join("junit.xml");
    let output = rehearse(
        &[
            "run",
            &passes,
            &fails,
            "-j",
            "2",
            "--plane",
            "terminal",
            "--out",
            out.to_str().unwrap(),
            "--junit",
            junit.to_str().unwrap(),
            "--",
            "cat",
        ],
        &[],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    // A timed-out screen wait: 3 (or 1 before issue 22's exit-code fix).
    assert!(matches!(output.status.code(), Some(1 | 3)), "{stderr}");
    assert!(stderr.contains("1 passed, 1 failed"), "{stderr}");
    // Not a terminal: plain lines, one per script.
    assert!(stderr.contains("ok    ") && stderr.contains("FAIL  "), "{stderr}");

    let xml = fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 2, "{xml}");
    assert!(xml.contains("failures=\"1\""), "{xml}");
    assert!(xml.contains("message=\"wait-for:contains=goodbye,screen,300\""), "{xml}");
    let trace = out.join("fails").join("trace.html");
    assert!(xml.contains(&format!("[[ATTACHMENT|{}]]", trace.display())), "{xml}");

    for name in ["passes", "fails"] {
        for file in ["trace.json", "trace.md", "trace.html", "report.json"] {
            assert!(out.join(name).join(file).is_file(), "{name}/{file}");
        }
    }
    assert!(out.join("passes").join("typed.styled.txt").is_file(), "the checkpoint's artifacts");
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(index.contains("href=\"fails/trace.html\""), "{index}");
    assert!(index.contains("href=\"passes/trace.html\""), "{index}");
    assert!(index.contains("1 of 2 passed"), "{index}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("fails/report.json")).unwrap()).unwrap();
    assert!(report["trace"]["html"].as_str().unwrap().ends_with("fails/trace.html"));
    let markdown = fs::read_to_string(out.join("fails/trace.md")).unwrap();
    assert!(
        markdown.contains("## Failure") && markdown.contains("fails.rehearse:2:1"),
        "{markdown}"
    );
}

#[test]
fn one_script_writes_its_trace_into_out_and_names_it_when_it_fails() {
    let dir = tempfile::tempdir().unwrap();
    let fails = script(dir.path(), "fails.rehearse", FAILS);
    let out = dir.path().join("out");
    let output = rehearse(
        &["run", &fails, "--plane", "terminal", "--out", out.to_str().unwrap(), "--", "cat"],
        &[],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(matches!(output.status.code(), Some(1 | 3)), "{stderr}");
    let html = out.join("trace.html");
    assert!(stderr.contains(&html.display().to_string()), "{stderr}");
    let json = fs::read_to_string(out.join("trace.json")).unwrap();
    assert!(json.contains("\"plane\":\"terminal\""), "{json}");
}

#[test]
fn goldens_are_compared_and_a_mismatch_is_kept_as_pending() {
    let dir = tempfile::tempdir().unwrap();
    let goldens = dir.path().join("goldens");
    let passes = script(dir.path(), "passes.rehearse", PASSES);
    let args = [
        "run",
        &passes,
        "--plane",
        "terminal",
        "--goldens",
        goldens.to_str().unwrap(),
        "--",
        "cat",
    ];
    let output = rehearse(&args, &[("REHEARSE_SNAPSHOT", "update")]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(goldens.join("typed.styled.txt").is_file());
    assert!(rehearse(&args, &[("REHEARSE_SNAPSHOT", "compare")]).status.success());

    fs::write(&passes, PASSES.replace("hello", "world")).unwrap();
    let output = rehearse(&args, &[("REHEARSE_SNAPSHOT", "new")]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("typed.styled.txt.new") && stderr.contains("rehearse review"),
        "{stderr}"
    );
    let pending = fs::read_to_string(goldens.join("typed.styled.txt.new")).unwrap();
    assert!(pending.contains("world"), "{pending}");
    assert!(fs::read_to_string(goldens.join("typed.styled.txt")).unwrap().contains("hello"));
}
