//! `rehearse run` of a script that types a secret into `cat` and then
//! waits for a screen that never comes: the program echoes the secret, and
//! the failure's screen — on standard error, in `report.json` and in
//! `report.md` — shows `<redacted>` where it was, never the secret.

use crate::support;

use std::process::Command;

use support::Runtime;

const SECRET: &str = "Zq9-hunter2-from-TOK";

#[test]
fn a_typed_secret_never_shows_in_the_failure_or_the_report() {
    let runtime = Runtime::new();
    let dir = runtime.dir.path();
    let script = dir.join("secret.rehearse");
    std::fs::write(
        &script,
        "type:${secret.TOK}\nkey:enter\nwait-for:contains=hunter2-from,screen,5000\nwait-for:contains=never-shown,screen,200\n",
    )
    .unwrap();
    let out = dir.join("out");
    let output = Command::new(env!("CARGO_BIN_EXE_rehearse"))
        .args(["run", script.to_str().unwrap(), "--out", out.to_str().unwrap(), "--", "/bin/cat"])
        .env("XDG_RUNTIME_DIR", dir)
        .env("TOK", SECRET)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(matches!(output.status.code(), Some(1 | 3)), "the last wait fails: {stderr}");
    assert!(stderr.contains("step 3"), "{stderr}");
    let reports = [
        std::fs::read_to_string(out.join("report.json")).unwrap(),
        std::fs::read_to_string(out.join("report.md")).unwrap(),
    ];
    for shown in
        reports.iter().chain([&stderr, &String::from_utf8_lossy(&output.stdout).into_owned()])
    {
        assert!(!shown.contains(SECRET), "the secret leaked:\n{shown}");
        assert!(!shown.contains("Zq9"), "a part of it leaked:\n{shown}");
    }
    // The screen is there, with the secret's place marked.
    assert!(stderr.contains("--- screen ---") && stderr.contains("<redacted>"), "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&reports[0]).unwrap();
    assert!(report["error"].as_str().unwrap().contains("<redacted>"), "{report}");
    assert!(reports[1].contains("<redacted>"), "{}", reports[1]);
}
