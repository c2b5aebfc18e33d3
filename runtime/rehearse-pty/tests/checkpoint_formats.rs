//! The terminal's own checkpoint formats — `terminal` (the terminal-state
//! golden) and `scrollback` — through `Baseline` and `Artifacts`, with a
//! typed secret `<redacted>` in both, pending `.new` files on a mismatch;
//! and the `theme-neutral` check failing a checkpoint with every cell.

use crate::common;

use std::fs;
use std::path::Path;

use rehearse_core::AutomationError;
use rehearse_core::artifacts::{
    Artifacts, Baseline, Check, Checks, Format, SnapshotMode, pending_path,
};
use rehearse_lang::{AutomationStep, Pattern, Secret, TerminalCondition, TextMatcher, TextRegion};
use rehearse_pty::{PtySessionOptions, Terminal};

const SECRET: &str = "Qx7-hunter2-golden";

/// `seq 1 12` (which scrolls 7 lines off a 6-row screen), then `cat`.
fn counted() -> Terminal {
    let options = PtySessionOptions::new("sh").args(["-c", "seq 1 12; exec cat"]).size(40, 6);
    let mut terminal = Terminal::spawn(options).unwrap();
    wait_for(&mut terminal, "(?m)^12$");
    terminal
}

/// Waits until the screen matches `pattern`.
fn wait_for(terminal: &mut Terminal, pattern: &str) {
    let condition = TerminalCondition::Text {
        region: TextRegion::Screen,
        matcher: TextMatcher::Matches(Pattern::new(pattern).unwrap()),
    };
    terminal.step(AutomationStep::wait_for_terminal(condition, common::TIMEOUT)).unwrap();
}

/// Types the secret, then `lines` (each echoed twice by cat: the terminal's
/// echo and cat's own), waiting for the last of them.
fn type_secret_then(terminal: &mut Terminal, lines: &[&str]) {
    terminal.step(AutomationStep::type_secret(Secret::value(SECRET))).unwrap();
    terminal.step(AutomationStep::type_text("\n")).unwrap();
    wait_for(terminal, "(?s)golden.*golden");
    for line in lines {
        terminal.step(AutomationStep::type_text(format!("{line}\n"))).unwrap();
        wait_for(terminal, &format!("(?s){line}.*{line}"));
    }
}

fn read(dir: &Path, name: &str) -> String {
    fs::read_to_string(dir.join(name)).unwrap_or_else(|error| panic!("{name}: {error}"))
}

/// One run: the counted program, the secret and `lines` typed, checkpoint
/// `typed` compared in `mode` in the terminal formats.
fn run(dir: &Path, mode: SnapshotMode, lines: &[&str]) -> Result<(), AutomationError> {
    let baseline = Baseline::with_mode(dir, mode).formats([Format::Terminal, Format::Scrollback]);
    let mut terminal = counted();
    baseline.attach(&mut terminal);
    type_secret_then(&mut terminal, lines);
    terminal.step(AutomationStep::checkpoint("typed")).unwrap();
    drop(terminal);
    baseline.finish()
}

#[test]
fn terminal_state_and_scrollback_goldens_hide_the_secret_and_keep_a_mismatch_pending() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    run(dir, SnapshotMode::Update, &[]).unwrap();
    let golden = read(dir, "typed.terminal.txt");
    assert!(golden.starts_with("terminal 40x6 buffer=main viewport="), "{golden}");
    assert!(
        golden.contains("\nlifecycle running\n") && golden.contains("\ncursor row="),
        "{golden}"
    );
    assert!(golden.contains("| \"<redacted>\""), "the secret's rows say where it was:\n{golden}");
    let scrollback = read(dir, "typed.scrollback.txt");
    assert!(scrollback.starts_with("1\n2\n3\n"), "{scrollback}");
    for text in [&golden, &scrollback] {
        assert!(!text.contains("hunter2"), "the secret leaked:\n{text}");
    }

    // The same run matches; another keeps its output beside each golden.
    run(dir, SnapshotMode::Compare, &[]).unwrap();
    let error = run(dir, SnapshotMode::New, &["more", "again"]).unwrap_err();
    let AutomationError::GoldensDiffer { failures, .. } = &error else { panic!("{error}") };
    let formats: Vec<Format> = failures
        .iter()
        .map(|failure| match failure {
            AutomationError::BaselineMismatch { format, pending: true, .. } => *format,
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(formats, [Format::Terminal, Format::Scrollback], "{error}");
    assert!(error.to_string().contains("more"), "a readable line diff: {error}");
    assert_eq!(read(dir, "typed.terminal.txt"), golden, "a golden is never overwritten");
    let pending = fs::read_to_string(pending_path(&dir.join("typed.terminal.txt"))).unwrap();
    assert!(pending.contains("| \"again\"") && pending.contains("<redacted>"), "{pending}");
    let pending = fs::read_to_string(pending_path(&dir.join("typed.scrollback.txt"))).unwrap();
    assert!(pending.contains("<redacted>") && !pending.contains("hunter2"), "{pending}");
    assert!(!error.to_string().contains("hunter2"), "{error}");
}

#[test]
fn artifacts_write_the_terminal_formats_and_the_session_goldens_hide_the_secret() {
    let scratch = tempfile::tempdir().unwrap();
    let mut terminal = counted();
    let formats = [Format::Styled, Format::Terminal, Format::Scrollback];
    terminal.add_artifacts(Artifacts::new(scratch.path()).formats(formats)).unwrap();
    type_secret_then(&mut terminal, &[]);
    // Only a checkpoint's commit reads the terminal state.
    terminal.step(AutomationStep::Drain).unwrap();
    assert!(terminal.frame().terminal.is_none());
    terminal.step(AutomationStep::checkpoint("typed")).unwrap();
    assert!(terminal.frame().terminal.is_some());
    let written = read(scratch.path(), "typed.terminal.txt");
    // The file is the terminal state of the checkpoint's own commit.
    assert_eq!(written, terminal.pty().terminal_golden());
    assert!(written.contains("<redacted>") && !written.contains("hunter2"), "{written}");
    assert!(!terminal.pty().scrollback_golden().contains("hunter2"));
    let mut names: Vec<String> = fs::read_dir(scratch.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["typed.scrollback.txt", "typed.styled.txt", "typed.terminal.txt"]);
}

/// A program that draws an extended-palette background on row 0 and an RGB
/// foreground on row 1, then waits.
fn colourful() -> Terminal {
    let script = r"printf '\033[48;5;200mXY\033[0m\n\033[38;2;255;0;0mR\033[0m ok\n'; exec cat";
    let options = PtySessionOptions::new("sh").args(["-c", script]).size(20, 4);
    let mut terminal = Terminal::spawn(options).unwrap();
    wait_for(&mut terminal, "R ok");
    terminal
}

#[test]
fn the_theme_neutral_check_fails_a_checkpoint_with_every_cell_and_compares_nothing() {
    let scratch = tempfile::tempdir().unwrap();
    let goldens = scratch.path().join("goldens");
    let mut terminal = colourful();
    let baseline = Baseline::with_mode(&goldens, SnapshotMode::Update)
        .formats([Format::Terminal])
        .checks([Check::ThemeNeutral]);
    baseline.attach(&mut terminal);
    let failed = terminal.step(AutomationStep::checkpoint("colours")).unwrap_err();
    let message = failed.to_string();
    let AutomationError::NotThemeNeutral { violations, .. } = &failed.error else {
        panic!("{message}")
    };
    assert_eq!(violations.len(), 3, "{message}");
    for line in [
        "checkpoint `colours` is not theme-neutral: 3 cells",
        "row 0 cols 0-1: bg=idx200 (extended index 200 > 15)",
        "row 1 col 0: fg=#ff0000 (rgb-fg)",
    ] {
        assert!(message.contains(line), "{line} in:\n{message}");
    }
    drop(terminal);
    baseline.finish().unwrap();
    assert!(!goldens.exists(), "update mode wrote no golden for a screen that failed its check");

    // Artifacts write the screen that failed, then fail the step.
    let mut terminal = colourful();
    let files = scratch.path().join("files");
    let artifacts =
        Artifacts::new(&files).formats([Format::Terminal]).checks([Check::ThemeNeutral]);
    terminal.add_artifacts(artifacts).unwrap();
    let failed = terminal.step(AutomationStep::checkpoint("colours")).unwrap_err();
    assert!(matches!(failed.error, AutomationError::NotThemeNeutral { .. }), "{failed}");
    let written = read(&files, "colours.terminal.txt");
    assert!(written.contains("  style 0-2 bg=200\n"), "{written}");

    // A plain screen passes.
    let options = PtySessionOptions::new("sh").args(["-c", "echo plain; exec cat"]).size(20, 4);
    let mut plain = Terminal::spawn(options).unwrap();
    plain.add_checkpoint_sink(Checks::new([Check::ThemeNeutral]));
    wait_for(&mut plain, "plain");
    plain.step(AutomationStep::checkpoint("plain")).unwrap();
}
