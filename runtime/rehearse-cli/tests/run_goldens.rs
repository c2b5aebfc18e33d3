//! `rehearse run --goldens DIR` comparing a program's terminal-state
//! checkpoint (`--golden-formats terminal`): `update` writes the golden, a
//! changed screen keeps its output as `NAME.terminal.txt.new` and fails the
//! run, `rehearse review --accept-all` makes it the golden and the run
//! passes again; `--check theme-neutral` fails a checkpoint with the cells.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_rehearse");

const SCRIPT: &str = "wait-for:contains=\"ready\",screen,10000\ncheckpoint:shown\n";

/// `rehearse run` of the script on a program printing `word` then `ready`,
/// comparing `shown` in the terminal format in `mode`, with `extra` flags.
fn run(dir: &Path, mode: &str, word: &str, extra: &[&str]) -> Output {
    let script = dir.join("shown.rehearse");
    fs::write(&script, SCRIPT).unwrap();
    let program = format!("printf '%b\\nready\\n' {word}; exec cat");
    Command::new(BIN)
        .arg("run")
        .arg(&script)
        .arg("--goldens")
        .arg(dir.join("goldens"))
        .args(["--golden-formats", "terminal", "--size", "30x5"])
        .args(extra)
        .args(["--", "sh", "-c", &program])
        .env("REHEARSE_SNAPSHOT", mode)
        .env("REHEARSE_TRACE", "off")
        .env_remove("CI")
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_terminal_state_golden_is_compared_kept_pending_and_accepted() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let golden = dir.join("goldens/shown.terminal.txt");
    let pending = dir.join("goldens/shown.terminal.txt.new");

    let written = run(dir, "update", "hello", &[]);
    assert_eq!(written.status.code(), Some(0), "{}", stderr(&written));
    let first = fs::read_to_string(&golden).unwrap();
    assert!(first.starts_with("terminal 30x5 buffer=main viewport=0\n"), "{first}");
    assert!(first.contains("0| \"hello\"\n1| \"ready\"\n"), "{first}");
    assert!(!dir.join("goldens/shown.styled.txt").exists(), "only the chosen format");

    let changed = run(dir, "new", "changed", &[]);
    assert_eq!(changed.status.code(), Some(1), "{}", stderr(&changed));
    let message = stderr(&changed);
    assert!(message.contains("differs from its terminal golden"), "{message}");
    assert!(message.contains("changed"), "the diff shows the new row: {message}");
    assert_eq!(fs::read_to_string(&golden).unwrap(), first, "the golden stays");
    assert!(fs::read_to_string(&pending).unwrap().contains("0| \"changed\""));

    let review = Command::new(BIN)
        .args(["review", "--accept-all"])
        .arg(dir.join("goldens"))
        .output()
        .unwrap();
    assert!(review.status.success(), "{review:?}");
    assert!(String::from_utf8_lossy(&review.stdout).contains("accepted 1 pending golden"));
    assert!(!pending.exists());
    assert!(fs::read_to_string(&golden).unwrap().contains("0| \"changed\""));

    let again = run(dir, "compare", "changed", &[]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
}

#[test]
fn the_theme_neutral_check_fails_the_run_naming_each_cell() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let coloured = "'\\033[48;5;200mhi\\033[0m'";
    let failed = run(dir, "update", coloured, &["--check", "theme-neutral"]);
    assert_eq!(failed.status.code(), Some(1), "{}", stderr(&failed));
    let message = stderr(&failed);
    assert!(message.contains("checkpoint `shown` is not theme-neutral: 2 cells"), "{message}");
    assert!(message.contains("row 0 cols 0-1: bg=idx200 (extended index 200 > 15)"), "{message}");
    assert!(!dir.join("goldens/shown.terminal.txt").exists(), "no golden of a failed check");
    let plain = run(dir, "update", "plain", &["--check", "theme-neutral"]);
    assert_eq!(plain.status.code(), Some(0), "{}", stderr(&plain));
}

#[test]
fn formats_and_checks_a_run_cannot_make_are_refused_before_anything_runs() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    for (extra, expected) in [
        (&["--golden-formats", "gif"][..], "terminal, scrollback"),
        (&["--check", "contrast"][..], "theme-neutral"),
        (&["--golden-formats", "markdown"][..], "needs a semantic tree"),
        (&["--plane", "app", "--check", "theme-neutral"][..], "--plane terminal"),
    ] {
        let refused = run(dir, "update", "x", extra);
        assert_eq!(refused.status.code(), Some(4), "{extra:?}: {}", stderr(&refused));
        assert!(stderr(&refused).contains(expected), "{extra:?}: {}", stderr(&refused));
    }
    assert!(!dir.join("goldens").exists(), "nothing ran");
    // Formats for a directory not given.
    let script = dir.join("shown.rehearse");
    let refused = Command::new(BIN)
        .arg("run")
        .arg(&script)
        .args(["--out-formats", "terminal", "--", "true"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(4), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("give --out DIR too"), "{}", stderr(&refused));
}
