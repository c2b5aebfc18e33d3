//! Golden baselines: compare and update modes, readable reports of what
//! changed, the closed manifest (stale goldens), repeated names, and snapshot
//! modes read from `REHEARSE_SNAPSHOT`.

use std::fs;

use rehearse::artifacts::{Baseline, Format, SnapshotMode};
use rehearse::engine::StepError;
use rehearse::prelude::*;

use crate::support::{files, fill, scratch, session};

// ---------------------------------------------------------------- baselines

fn checkpointed(baseline: &Baseline) -> Result<(), StepError> {
    let mut session = session();
    baseline.attach(&mut session);
    fill(&mut session);
    session.step(AutomationStep::checkpoint("filled")).map(drop)
}

#[test]
fn compare_fails_on_a_missing_golden_and_never_writes() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("missing");
    let baseline = Baseline::with_mode(&dir, SnapshotMode::Compare).stop_at_first(true);
    let error = checkpointed(&baseline).unwrap_err();
    match &error.error {
        AutomationError::MissingGolden { checkpoint, format, golden, .. } => {
            assert_eq!((checkpoint.as_str(), *format), ("filled", Format::Styled));
            assert_eq!(golden, &dir.join("filled.styled.txt"));
        }
        other => panic!("expected MissingGolden, got {other}"),
    }
    assert!(error.to_string().contains("REHEARSE_SNAPSHOT=update"), "{error}");
    baseline.finish().unwrap();
    assert!(!dir.exists(), "compare mode never writes");
}

#[test]
fn update_writes_then_compare_passes_and_reports_changes_readably() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("update");
    let formats = [Format::Text, Format::Styled, Format::Cells, Format::Markdown];
    let baseline = Baseline::with_mode(&dir, SnapshotMode::Update).formats(formats);
    checkpointed(&baseline).unwrap();
    assert_eq!(baseline.written().len(), 4);
    baseline.finish().unwrap();
    assert_eq!(files(&dir), ["filled.cells.json", "filled.md", "filled.styled.txt", "filled.txt"]);

    let baseline = Baseline::with_mode(&dir, SnapshotMode::Compare).formats(formats);
    checkpointed(&baseline).expect("the goldens match");
    baseline.finish().unwrap();

    // An unchanged update writes nothing.
    let baseline = Baseline::with_mode(&dir, SnapshotMode::Update).formats(formats);
    checkpointed(&baseline).unwrap();
    assert!(baseline.written().is_empty());
    baseline.finish().unwrap();

    // A presentation change: the golden's heading lost its bold.
    let styled = dir.join("filled.styled.txt");
    let golden = fs::read_to_string(&styled).unwrap();
    let edited = golden.replacen("bold", "italic", 1);
    assert_ne!(edited, golden);
    fs::write(&styled, &edited).unwrap();
    let baseline = Baseline::with_mode(&dir, SnapshotMode::Compare)
        .formats([Format::Styled])
        .stop_at_first(true);
    let error = checkpointed(&baseline).unwrap_err().error;
    let AutomationError::BaselineMismatch { format, diff, .. } = &error else { panic!("{error}") };
    assert_eq!(*format, Format::Styled);
    assert!(
        diff.contains("first differing cell: col 0, row 0: golden \"P\" italic, now \"P\" bold"),
        "{diff}"
    );
    assert!(diff.contains("style spans (- golden, + now):"), "{diff}");
    assert!(!diff.contains("text rows"), "a presentation change is not a content change:\n{diff}");
    drop(baseline.finish());

    // A content change in the text golden.
    let text = dir.join("filled.txt");
    fs::write(&text, fs::read_to_string(&text).unwrap().replacen("Profile", "Profil!", 1)).unwrap();
    let baseline = Baseline::with_mode(&dir, SnapshotMode::Compare)
        .formats([Format::Text])
        .stop_at_first(true);
    let error = checkpointed(&baseline).unwrap_err().error;
    let message = error.to_string();
    assert!(message.contains("differs from its text golden"), "{message}");
    assert!(
        message.contains("first differing cell: col 6, row 0: golden \"!\", now \"e\""),
        "{message}"
    );
    assert!(
        message.contains(
            "text rows (- golden, + now):\n  row   0 - \"Profil!\"\n          + \"Profile\""
        ),
        "{message}"
    );
    drop(baseline.finish());
}

#[test]
fn the_manifest_rejects_stale_goldens_and_update_removes_them() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("stale");
    let baseline = Baseline::with_mode(&dir, SnapshotMode::Update).formats([Format::Text]);
    checkpointed(&baseline).unwrap();
    baseline.finish().unwrap();
    fs::write(dir.join("gone.txt"), "a checkpoint that no longer exists\n").unwrap();
    fs::write(dir.join("README"), "not a golden: ignored\n").unwrap();

    let baseline = Baseline::with_mode(&dir, SnapshotMode::Compare).formats([Format::Text]);
    checkpointed(&baseline).unwrap();
    let error = baseline.finish().unwrap_err();
    match &error {
        AutomationError::StaleGoldens { files, .. } => assert_eq!(files, &["gone.txt"]),
        other => panic!("expected StaleGoldens, got {other}"),
    }

    // A test that forgets finish() still gets the check, on drop.
    let dropped = std::panic::catch_unwind(|| {
        let baseline = Baseline::with_mode(&dir, SnapshotMode::Compare).formats([Format::Text]);
        checkpointed(&baseline).unwrap();
    });
    let panic = dropped.unwrap_err();
    let message = panic.downcast_ref::<String>().unwrap();
    assert!(message.contains("without finish()") && message.contains("gone.txt"), "{message}");

    let baseline = Baseline::with_mode(&dir, SnapshotMode::Update).formats([Format::Text]);
    checkpointed(&baseline).unwrap();
    baseline.finish().unwrap();
    assert_eq!(files(&dir), ["README", "filled.txt"]);
}

#[test]
fn a_baseline_rejects_a_repeated_checkpoint_name() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("repeated");
    let baseline = Baseline::with_mode(&dir, SnapshotMode::Update).formats([Format::Text]);
    let mut session = session();
    baseline.attach(&mut session);
    session.step(AutomationStep::checkpoint("twice")).unwrap();
    let error = session.step(AutomationStep::checkpoint("twice")).unwrap_err();
    assert!(error.to_string().contains("golden names must be unique"), "{error}");
    baseline.finish().unwrap();
}

#[test]
fn snapshot_modes_parse_and_unknown_ones_list_the_valid_modes() {
    assert_eq!(SnapshotMode::parse("compare").unwrap(), SnapshotMode::Compare);
    assert_eq!(SnapshotMode::parse("").unwrap(), SnapshotMode::Auto);
    assert_eq!(SnapshotMode::parse("auto").unwrap(), SnapshotMode::Auto);
    assert_eq!(SnapshotMode::parse("new").unwrap(), SnapshotMode::New);
    assert_eq!(SnapshotMode::parse("update").unwrap(), SnapshotMode::Update);
    let error = SnapshotMode::parse("record").unwrap_err();
    let message = error.to_string();
    assert!(message.contains("REHEARSE_SNAPSHOT=\"record\" is not a snapshot mode"), "{message}");
    assert!(message.contains("`compare`") && message.contains("`update`"), "{message}");
}

/// Run by `an_unknown_mode_fails_before_the_first_step` in a child process
/// with `REHEARSE_SNAPSHOT=record`; a no-op otherwise.
#[test]
fn unknown_mode_child() {
    if std::env::var_os("REHEARSE_ARTIFACTS_CHILD").is_none() {
        return;
    }
    let mut steps = 0;
    let scratch_dir = scratch();
    let result = Baseline::new(scratch_dir.path().join("child")).map(|baseline| {
        let mut session = session();
        baseline.attach(&mut session);
        steps += 1;
        session.step(AutomationStep::checkpoint("never")).map(drop)
    });
    let error = result.expect_err("construction fails");
    assert!(
        matches!(error, AutomationError::UnknownSnapshotMode { ref value } if value == "record")
    );
    assert_eq!(steps, 0);
    println!("CHILD-OK {error}");
}

#[test]
fn an_unknown_mode_fails_before_the_first_step() {
    // `--exact` matches the full test path: this module, then the name.
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "baselines::unknown_mode_child", "--nocapture", "--test-threads=1"])
        .env("REHEARSE_ARTIFACTS_CHILD", "1")
        .env("REHEARSE_SNAPSHOT", "record")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        stdout.contains(
            "CHILD-OK REHEARSE_SNAPSHOT=\"record\" is not a snapshot mode; valid modes: `auto`"
        ),
        "{stdout}"
    );
}
