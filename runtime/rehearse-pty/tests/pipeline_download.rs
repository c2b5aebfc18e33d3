//! `download`: files a real program (`bash --norc`) wrote, captured as named
//! artifacts — relative to its working directory as it is now (a `cd`
//! counts) and once it has ended, absolute, too large, missing, and names
//! that break the rules or are taken.

use crate::common;

use common::{PROMPT, TIMEOUT, bash};
use rehearse_pty::pipeline::{ArtifactOrigin, MAX_ARTIFACT_BYTES, PipelineError};
use rehearse_pty::{ScreenCondition, Terminal};

/// Bash in `dir`, at its prompt.
fn bash_in(dir: &std::path::Path) -> Terminal {
    let terminal = Terminal::spawn(bash().current_dir(dir)).unwrap();
    terminal.pty().wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    terminal
}

/// Types a command line and waits until it printed `mark` computed by the
/// shell (so the echo of the typed line cannot match).
fn run(terminal: &Terminal, command: &str, n: u32) {
    terminal.pty().type_text(&format!("{command}; echo DONE-$(({n}*2))\r")).unwrap();
    let done = format!("DONE-{}", n * 2);
    terminal.pty().wait_screen(&ScreenCondition::contains(&done), TIMEOUT).unwrap();
}

fn names(terminal: &Terminal) -> Vec<&str> {
    terminal.artifacts().iter().map(|artifact| artifact.name.as_str()).collect()
}

#[test]
fn downloads_relative_to_the_programs_working_directory_even_after_a_cd() {
    let work = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let mut terminal = bash_in(work.path());
    terminal.artifacts_dir(out.path().join("artifacts")).unwrap();

    run(
        &terminal,
        "printf 'first\\n' > report.txt && mkdir sub && printf 'nested' > sub/inner.log",
        1,
    );
    let artifact = terminal.download("report.txt", "report.txt").unwrap().clone();
    assert_eq!(artifact.path, out.path().join("artifacts/report.txt"));
    assert_eq!(artifact.bytes, 6);
    assert_eq!(std::fs::read_to_string(&artifact.path).unwrap(), "first\n");
    assert_eq!(
        artifact.origin,
        ArtifactOrigin::Download { source: work.path().join("report.txt").display().to_string() }
    );

    // The shell moves: relative paths follow its current directory.
    run(&terminal, "cd sub", 2);
    let inner = terminal.download("inner.log", "inner").unwrap();
    assert_eq!(std::fs::read_to_string(&inner.path).unwrap(), "nested");

    // Absolute paths are taken as they are.
    let absolute = work.path().join("report.txt");
    terminal.download(&absolute, "again").unwrap();
    assert_eq!(names(&terminal), ["report.txt", "inner", "again"]);

    // Once the program has ended, the last directory seen is used.
    run(&terminal, "printf 'late' > late.txt", 3);
    terminal.pty().type_text("exit 0\r").unwrap();
    terminal.pty().wait_exit_code(0, TIMEOUT).unwrap();
    let late = terminal.download("late.txt", "late").unwrap();
    assert_eq!(std::fs::read_to_string(&late.path).unwrap(), "late");
    assert_eq!(late.path.parent().unwrap(), out.path().join("artifacts"));
}

#[test]
fn a_missing_file_a_taken_name_and_a_bad_name_are_clear_errors() {
    let work = tempfile::tempdir().unwrap();
    let mut terminal = bash_in(work.path());
    run(&terminal, "echo data > data.txt", 1);
    terminal.download("data.txt", "data").unwrap();

    let error = terminal.download("nope/missing.txt", "missing").unwrap_err();
    assert!(matches!(error, PipelineError::SourceMissing { .. }), "{error:?}");
    assert_eq!(
        error.to_string(),
        format!(
            "cannot download `nope/missing.txt`: no file at {} (relative to the program's working directory {})",
            work.path().join("nope/missing.txt").display(),
            work.path().display()
        )
    );

    let error = terminal.download("data.txt", "DATA").unwrap_err();
    let first = terminal.artifact("data").unwrap().path.clone();
    assert_eq!(
        error.to_string(),
        format!(
            "artifact `DATA` is already registered in this run (as `data`, at {}); choose another name",
            first.display()
        )
    );

    let error = terminal.download("data.txt", "../up").unwrap_err();
    assert!(matches!(error, PipelineError::InvalidName { .. }), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("invalid artifact name `../up`: checkpoint name has '/' at byte 2"),
        "{error}"
    );

    let error = terminal.download(".", "dir").unwrap_err();
    assert!(error.to_string().ends_with("is a directory, not a regular file"), "{error}");
    assert_eq!(names(&terminal), ["data"], "nothing registered on an error");

    // The directory is chosen before the first artifact, not after.
    let error = terminal.artifacts_dir(work.path()).unwrap_err();
    assert!(error.to_string().contains("before the first artifact"), "{error}");
}

#[test]
fn a_file_over_the_limit_is_refused_before_it_is_read() {
    let work = tempfile::tempdir().unwrap();
    let mut terminal = bash_in(work.path());
    // Sparse: the size is past the limit without the bytes being written.
    run(&terminal, &format!("truncate -s {} big.bin", MAX_ARTIFACT_BYTES + 1), 1);
    let error = terminal.download("big.bin", "big").unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "the file to download {} is larger than the artifact limit of 67108864 bytes (MAX_ARTIFACT_BYTES, docs/limits.md): 67108865 bytes",
            work.path().join("big.bin").display()
        )
    );
    // Exactly the limit is fine.
    run(&terminal, &format!("truncate -s {MAX_ARTIFACT_BYTES} edge.bin"), 2);
    assert_eq!(terminal.download("edge.bin", "edge").unwrap().bytes, MAX_ARTIFACT_BYTES);
}

#[test]
fn without_a_directory_the_artifacts_live_in_a_temporary_one_removed_on_drop() {
    let work = tempfile::tempdir().unwrap();
    let mut terminal = bash_in(work.path());
    run(&terminal, "echo kept > kept.txt", 1);
    let path = terminal.download("kept.txt", "kept").unwrap().path.clone();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "kept\n");
    let dir = terminal.pipeline().dir().unwrap().to_path_buf();
    assert_eq!(path.parent().unwrap(), dir);
    drop(terminal);
    assert!(!dir.exists(), "{} is left behind", dir.display());
    assert!(work.path().join("kept.txt").exists(), "the program's own file stays");
}
