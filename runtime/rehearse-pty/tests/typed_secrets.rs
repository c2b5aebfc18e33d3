//! What the plane typed as a secret never shows in a screen it shows: a
//! secret typed into `cat` (which echoes it, twice: the terminal's echo and
//! cat's own) is hidden in a failing screen wait's error, a node wait's
//! diagnostic tree, a selector's hint, the committed tree and a diagnostic
//! checkpoint's tree — wrapped across rows too — while the screen itself
//! (the emulator, pixels, recordings) still shows what the program drew.

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use rehearse_core::{AutomationError, Checkpoint, CheckpointSink};
use rehearse_lang::{
    AutomationStep, KeyCode, Predicate, Secret, Selector, TerminalCondition, TextMatcher,
    TextRegion, WaitCondition,
};
use rehearse_pty::{PtySessionOptions, Terminal};

const SECRET: &str = "Zq9-hunter2-typed";

fn cat(cols: u16) -> Terminal {
    Terminal::spawn(PtySessionOptions::new("cat").size(cols, 6)).unwrap()
}

/// Types the secret and Enter, and waits until cat has echoed it back.
fn typed(terminal: &mut Terminal) {
    terminal.step(AutomationStep::type_secret(Secret::value(SECRET))).unwrap();
    terminal.step(AutomationStep::key(KeyCode::Enter)).unwrap();
    // Both copies: the terminal's echo and cat's.
    let twice = TerminalCondition::Text {
        region: TextRegion::Screen,
        matcher: TextMatcher::Matches(rehearse_lang::Pattern::new("(?s)typed.*typed").unwrap()),
    };
    terminal.step(AutomationStep::wait_for_terminal(twice, Duration::from_secs(10))).unwrap();
}

/// The error's `Display` and `Debug`, which must not hold the secret.
fn shown(error: &AutomationError) -> String {
    format!("{error}\n{error:?}")
}

#[test]
fn a_failing_screen_wait_shows_the_screen_without_the_secret() {
    let mut terminal = cat(80);
    typed(&mut terminal);
    // The program did draw it: the emulator's screen holds it.
    assert!(terminal.pty().screen_text().contains(SECRET));
    let failed = terminal
        .step(AutomationStep::wait_for_terminal(
            common::screen_contains("not-there"),
            Duration::from_millis(50),
        ))
        .unwrap_err();
    let shown = shown(&failed.error);
    assert!(matches!(failed.error, AutomationError::ScreenTimeout { .. }), "{shown}");
    assert!(!shown.contains(SECRET), "{shown}");
    assert!(shown.contains("<redacted>"), "the screen says where it was: {shown}");
    // So does a wait on the PTY session itself.
    let error = terminal
        .pty()
        .wait_screen(
            &rehearse_pty::ScreenCondition::contains("not-there"),
            Duration::from_millis(20),
        )
        .unwrap_err();
    assert!(!format!("{error}{error:?}").contains(SECRET), "{error}");
}

#[test]
fn node_waits_hints_and_trees_never_show_the_secret() {
    let mut terminal = cat(80);
    let seen = Arc::new(Mutex::new(Vec::new()));
    terminal.add_checkpoint_sink(Capture(seen.clone()));
    typed(&mut terminal);
    let mut outputs = Vec::new();
    // A node wait on the screen's lines: its diagnostic holds the tree.
    let waits = [
        WaitCondition::new(Predicate::Exists, Selector::text_contains("not-there")),
        WaitCondition::new(Predicate::Count(3), Selector::text_contains("redacted")),
        WaitCondition::new(Predicate::Missing, Selector::text_contains("<redacted>")),
    ];
    for condition in waits {
        let failed = terminal
            .step(AutomationStep::wait_for(condition, Duration::from_millis(50)))
            .unwrap_err();
        outputs.push(shown(&failed.error));
    }
    // A selector that finds nothing lists what is there.
    let failed =
        terminal.step(AutomationStep::click(Selector::text_contains("absent"))).unwrap_err();
    outputs.push(shown(&failed.error));
    terminal.step(AutomationStep::checkpoint("after")).unwrap();
    let tree = terminal.tree();
    outputs.extend([tree.to_json(), tree.to_markdown(), format!("{tree:?}")]);
    outputs.extend(seen.lock().unwrap().drain(..));
    assert!(outputs.iter().any(|output| output.contains("<redacted>")), "{outputs:#?}");
    for output in &outputs {
        assert!(!output.contains(SECRET), "the secret leaked:\n{output}");
        assert!(!output.contains("hunter2"), "a part of it leaked:\n{output}");
        assert!(!output.contains("typed\""), "a part of it leaked:\n{output}");
    }
}

#[test]
fn a_secret_the_screen_wrapped_is_hidden_across_its_rows() {
    // 10 columns: the 17-character secret runs on into the next row.
    let mut terminal = cat(10);
    typed(&mut terminal);
    let failed = terminal
        .step(AutomationStep::wait_for_terminal(
            common::screen_contains("not-there"),
            Duration::from_millis(50),
        ))
        .unwrap_err();
    let shown = shown(&failed.error);
    for piece in ["Zq9-hunter", "2-typed"] {
        assert!(!shown.contains(piece), "{piece} leaked:\n{shown}");
    }
    let markdown = terminal.tree().to_markdown();
    assert!(!markdown.contains("Zq9-hunter") && !markdown.contains("2-typed"), "{markdown}");
    // The terminal-state golden hides each piece on its own row.
    let golden = terminal.pty().terminal_golden();
    assert!(!golden.contains("Zq9-hunter") && !golden.contains("2-typed"), "{golden}");
    assert!(golden.matches("<redacted>").count() >= 2, "{golden}");
}

/// Every checkpoint's tree (diagnostic ones too), as JSON and Markdown.
struct Capture(Arc<Mutex<Vec<String>>>);

impl CheckpointSink for Capture {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        let tree = &checkpoint.frame.tree;
        self.0.lock().unwrap().extend([tree.to_json(), tree.to_markdown()]);
        Ok(())
    }
}

#[test]
fn text_artifacts_and_the_scrollback_file_hide_the_secret() {
    use rehearse_core::artifacts::{Artifacts, Format};
    let dir = tempfile::tempdir().unwrap();
    let options = PtySessionOptions::new("sh").args(["-c", "seq 1 12; exec cat"]).size(40, 6);
    let mut terminal = Terminal::spawn(options).unwrap();
    // PNG keeps the pixels as drawn (documented as sensitive); this crate's
    // tests build without the PNG encoder.
    let formats = [Format::Text, Format::Styled, Format::Cells];
    terminal.add_artifacts(Artifacts::new(dir.path()).formats(formats)).unwrap();
    let counted = TerminalCondition::Text {
        region: TextRegion::Screen,
        matcher: TextMatcher::Contains("12".into()),
    };
    terminal.step(AutomationStep::wait_for_terminal(counted, Duration::from_secs(10))).unwrap();
    typed(&mut terminal);
    terminal.step(AutomationStep::checkpoint("typed")).unwrap();
    for format in [Format::Text, Format::Styled, Format::Cells] {
        let written = std::fs::read_to_string(dir.path().join(format.file_name("typed"))).unwrap();
        assert!(!written.contains(SECRET), "{format}: {written}");
    }
    let text = std::fs::read_to_string(dir.path().join("typed.txt")).unwrap();
    assert!(text.contains(&"*".repeat(SECRET.len())), "each cell of it is masked: {text}");
    // What scrolled off the top is written beside the text snapshot.
    let scrollback = std::fs::read_to_string(dir.path().join("typed.scrollback.txt")).unwrap();
    assert!(scrollback.starts_with("1\n2\n"), "{scrollback}");

    // The secret's lines scroll off the top: the scrollback file hides them.
    terminal.step(AutomationStep::type_text("aaa\nbbb\nccc\n")).unwrap();
    let echoed = TerminalCondition::Text {
        region: TextRegion::Screen,
        matcher: TextMatcher::Matches(rehearse_lang::Pattern::new("(?s)ccc.*ccc").unwrap()),
    };
    terminal.step(AutomationStep::wait_for_terminal(echoed, Duration::from_secs(10))).unwrap();
    assert!(terminal.pty().scrollback_text().contains(SECRET), "the secret did scroll off");
    terminal.step(AutomationStep::checkpoint("scrolled")).unwrap();
    let scrollback = std::fs::read_to_string(dir.path().join("scrolled.scrollback.txt")).unwrap();
    assert!(!scrollback.contains(SECRET), "{scrollback}");
    assert!(scrollback.contains("<redacted>"), "{scrollback}");
}

#[test]
fn a_style_wait_on_a_line_holding_the_secret_names_cells_never_the_secret() {
    let mut terminal = cat(80);
    typed(&mut terminal);
    // The line is found by its redacted name; the failure says which cell
    // had which style, and the line's label is the redacted one.
    let bold = WaitCondition::new(
        Predicate::Style(rehearse_lang::StyleCheck::Attribute(
            rehearse_lang::StyleAttribute::Bold,
            true,
        )),
        Selector::text_contains("redacted"),
    );
    let failed =
        terminal.step(AutomationStep::wait_for(bold, Duration::from_millis(50))).unwrap_err();
    let shown = shown(&failed.error);
    assert!(shown.contains(": was not bold at 0,0"), "{shown}");
    assert!(!shown.contains(SECRET), "{shown}");
}

/// Runs cat under a baseline of `formats` in `mode`, types the secret and
/// takes checkpoint `typed`.
fn baseline_run(
    dir: &std::path::Path,
    mode: rehearse_core::artifacts::SnapshotMode,
) -> Result<(), AutomationError> {
    use rehearse_core::artifacts::{Baseline, Format};
    let formats = [Format::Text, Format::Styled, Format::Cells];
    let baseline = Baseline::with_mode(dir, mode).formats(formats);
    let mut terminal = cat(40);
    baseline.attach(&mut terminal);
    typed(&mut terminal);
    terminal.step(AutomationStep::checkpoint("typed")).unwrap();
    drop(terminal);
    baseline.finish()
}

#[test]
fn a_baseline_on_the_terminal_hides_the_secret_in_goldens_pending_files_and_diffs() {
    use rehearse_core::artifacts::{Format, SnapshotMode, pending_path};
    let dir = tempfile::tempdir().unwrap();
    baseline_run(dir.path(), SnapshotMode::Update).unwrap();
    for format in [Format::Text, Format::Styled, Format::Cells] {
        let golden = std::fs::read_to_string(dir.path().join(format.file_name("typed"))).unwrap();
        assert!(!golden.contains(SECRET), "{format}: {golden}");
    }
    let text = std::fs::read_to_string(dir.path().join("typed.txt")).unwrap();
    assert!(text.contains(&"*".repeat(SECRET.len())), "each cell of it is masked: {text}");
    // The same run again matches: what is compared is hidden the same way.
    baseline_run(dir.path(), SnapshotMode::Compare).unwrap();

    // A golden that differs: the diff and the pending file hide it too.
    std::fs::write(dir.path().join("typed.txt"), "something else\n").unwrap();
    let error = baseline_run(dir.path(), SnapshotMode::New).unwrap_err();
    assert!(matches!(error, AutomationError::GoldensDiffer { .. }), "{error:?}");
    assert!(!shown(&error).contains(SECRET), "{}", shown(&error));
    assert!(shown(&error).contains("*****"), "the diff shows the masked line: {error}");
    let pending = pending_path(&dir.path().join("typed.txt"));
    let pending = std::fs::read_to_string(pending).unwrap();
    assert!(!pending.contains(SECRET) && pending.contains("*****"), "{pending}");
}

/// A sink of one's own, told what the steps typed with each checkpoint.
struct Seen(Arc<Mutex<Vec<bool>>>);

impl CheckpointSink for Seen {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        let told = checkpoint.secrets.is_some_and(|secrets| secrets.redact_text(SECRET) != SECRET);
        self.0.lock().unwrap().push(told);
        Ok(())
    }
}

#[test]
fn every_checkpoint_sink_is_told_what_was_typed_as_a_secret_once_it_was() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut terminal = cat(40);
    terminal.add_checkpoint_sink(Seen(Arc::clone(&seen)));
    terminal.step(AutomationStep::checkpoint("before")).unwrap();
    typed(&mut terminal);
    terminal.step(AutomationStep::checkpoint("after")).unwrap();
    assert_eq!(*seen.lock().unwrap(), [false, true]);
}
