//! The adopt harness as a plane: trees from tags, scopes and lists,
//! checkpoints in every format, goldens, redaction, and the app's end.

use std::path::Path;

use rehearse_adopt::{EventSource, Harness, HarnessOptions};
use rehearse_core::artifacts::{Artifacts, Baseline, Format, SnapshotMode};
use rehearse_core::semantic::{Bounds, ScrollPosition};
use rehearse_core::{AutomationError, AutomationIds};
use rehearse_lang::{AutomationStep, KeyCode, Predicate, Selector, SemanticRole, WaitCondition};

use crate::support;

fn start() -> Harness {
    Harness::start(HarnessOptions::default().viewport(24, 8), support::run).expect("starts")
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the directory")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn scopes_nest_what_renders_inside_them_and_lists_read_their_state() {
    let mut harness = start();
    let tree = harness.tree();
    let group = &tree.root.children[0];
    assert_eq!((group.role, group.name.as_str()), (SemanticRole::Group, "Login"));
    let ids: Vec<_> = group
        .children
        .iter()
        .map(|child| child.automation_id.as_ref().map(|id| id.as_str()))
        .collect();
    assert_eq!(ids, [Some("pin"), Some("user")]);
    let list = tree.by_id("things").expect("the list");
    assert_eq!(list.bounds, Bounds::new(0, 2, 24, 6));
    // Four rows inside the block hold three items; all in view.
    let rows: Vec<_> =
        list.children.iter().map(|item| (item.name.as_str(), item.bounds.y)).collect();
    assert_eq!(rows, [("Alpha", 3), ("Beta", 4), ("Gamma", 5)]);
    assert_eq!(list.states.scroll, Some(ScrollPosition::new(0, 3)), "at the top of three");
    harness.step(AutomationStep::key(KeyCode::Down)).expect("moves");
    let selected: Vec<_> = harness
        .tree()
        .nodes()
        .filter(|node| node.states.selected == Some(true))
        .map(|node| node.name.clone())
        .collect();
    assert_eq!(selected, ["Beta"]);
}

#[test]
fn a_list_scrolled_by_its_state_keeps_the_rows_above_offscreen() {
    let mut harness =
        Harness::start(HarnessOptions::default().viewport(24, 5), support::run).expect("starts");
    // Three rows tall: the block leaves one row for items.
    harness.step(AutomationStep::key(KeyCode::Down)).expect("moves");
    let list = harness.tree().by_id("things").expect("the list").clone();
    let alpha = &list.children[0];
    assert!(alpha.states.offscreen && !alpha.in_view, "{alpha:?}");
    assert_eq!(alpha.bounds.y, 2, "laid out above the visible row");
    let beta = &list.children[1];
    assert!(beta.in_view && beta.states.selected == Some(true));
    assert_eq!(beta.bounds.y, 3);
    // The state's offset, of the three items.
    assert_eq!(list.states.scroll, Some(ScrollPosition::new(1, 3)));
}

#[test]
fn checkpoints_write_every_format_and_redact_the_masked_value() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut harness = start();
    // Every format but the terminal's own (an adopted app has no terminal:
    // see the test below).
    let formats = Format::ALL.into_iter().filter(|format| !format.needs_terminal());
    harness.add_checkpoint_sink(Artifacts::new(dir.path()).formats(formats));
    harness.step(AutomationStep::type_text(support::SECRET)).expect("types");
    harness.step(AutomationStep::checkpoint("typed")).expect("checkpoints");
    assert_eq!(
        files(dir.path()),
        [
            "typed.cells.json",
            "typed.json",
            "typed.md",
            "typed.png",
            "typed.styled.txt",
            "typed.txt"
        ]
    );
    for semantic in ["typed.json", "typed.md"] {
        let text = std::fs::read_to_string(dir.path().join(semantic)).expect("written");
        assert!(!text.contains(support::SECRET), "{semantic} leaks the PIN:\n{text}");
        assert!(text.contains("masked"), "{semantic} says the value is masked:\n{text}");
        assert!(text.contains("ada"), "{semantic} keeps the public value:\n{text}");
    }
    let markdown = std::fs::read_to_string(dir.path().join("typed.md")).expect("written");
    assert!(markdown.contains(r#"text-box "PIN" #pin value=<masked> [focused]"#), "{markdown}");
    let screen = std::fs::read_to_string(dir.path().join("typed.txt")).expect("written");
    assert!(screen.starts_with("****\nada\n"), "the screen shows what the user sees:\n{screen}");
}

#[test]
fn a_wait_on_the_masked_value_fails_without_naming_the_guess() {
    let mut harness = start();
    harness.step(AutomationStep::type_text(support::SECRET)).expect("types");
    let wait = AutomationStep::wait_for(
        WaitCondition::new(Predicate::ValueEquals("4712".into()), Selector::id("pin")),
        std::time::Duration::from_millis(100),
    );
    let error = harness.step(wait).expect_err("a masked value never equals anything");
    // As on the engine: the condition is shown redacted, the secret never.
    let message = format!("{error} {error:?}");
    assert!(!message.contains(support::SECRET), "{message}");
    assert!(message.contains(r#"waiting for `value="<redacted>",#pin`"#), "{message}");
}

#[test]
fn goldens_compare_checkpoints_and_name_the_difference() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let formats = [Format::Markdown, Format::Text, Format::Styled];
    let mut harness = start();
    let update = Baseline::with_mode(dir.path(), SnapshotMode::Update).formats(formats);
    update.attach(&mut harness);
    harness.step(AutomationStep::checkpoint("start")).expect("records the golden");
    update.finish().expect("writes the manifest");

    let mut same = start();
    let compare = Baseline::with_mode(dir.path(), SnapshotMode::Compare).formats(formats);
    compare.attach(&mut same);
    same.step(AutomationStep::checkpoint("start")).expect("the same app matches");
    compare.finish().expect("nothing stale");

    let mut moved = start();
    let compare = Baseline::with_mode(dir.path(), SnapshotMode::Compare).formats(formats);
    compare.attach(&mut moved);
    moved.step(AutomationStep::key(KeyCode::Down)).expect("moves");
    // Goldens are soft: the run goes on and `finish` lists every difference.
    moved.step(AutomationStep::checkpoint("start")).expect("a soft golden lets the run go on");
    let error = compare.finish().expect_err("differs");
    assert!(matches!(error, AutomationError::GoldensDiffer { .. }), "{error}");
    assert!(error.to_string().contains("start"), "{error}");
}

#[test]
fn the_terminal_formats_are_refused_naming_the_plane_and_theme_checks_run() {
    use rehearse_core::artifacts::{Check, Checks};
    let dir = tempfile::tempdir().expect("a temporary directory");
    for format in [Format::Terminal, Format::Scrollback] {
        let mut harness = start();
        let baseline = Baseline::with_mode(dir.path(), SnapshotMode::Compare).formats([format]);
        baseline.attach(&mut harness);
        let failed = harness.step(AutomationStep::checkpoint("start")).expect_err("no terminal");
        let message = failed.to_string();
        assert!(matches!(failed.error, AutomationError::NotAvailable { .. }), "{message}");
        for named in [format.name(), "adopt plane", "json, markdown, text, styled, cells and png"] {
            assert!(message.contains(named), "{named} in: {message}");
        }
        drop(harness);
        baseline.finish().expect("nothing compared, nothing stale");
    }
    assert_eq!(std::fs::read_dir(dir.path()).map(Iterator::count).unwrap_or(0), 0, "no file");
    // The theme check reads the screen, which every plane has.
    let mut harness = start();
    harness.add_checkpoint_sink(Checks::new([Check::ThemeNeutral]));
    let checked = harness.step(AutomationStep::checkpoint("start"));
    let violations = rehearse_core::artifacts::theme_violations(&harness.frame().buffer);
    match checked {
        Ok(_) => assert!(violations.is_empty()),
        Err(failed) => {
            assert!(matches!(failed.error, AutomationError::NotThemeNeutral { .. }), "{failed}");
            assert!(!violations.is_empty());
        }
    }
}

#[test]
fn undeclared_ids_fail_the_commit_and_refused_keys_are_never_pressed() {
    static IDS: &[&str] = &["pin", "user"];
    static REFUSED: &[rehearse_lang::KeyPress] = &[rehearse_lang::KeyPress {
        code: KeyCode::Esc,
        modifiers: rehearse_lang::Modifiers::NONE,
    }];
    let options = HarnessOptions::default().viewport(24, 8);
    let error = Harness::start(options.declared(AutomationIds::new(IDS)), support::run)
        .expect_err("`things` is not declared");
    assert!(
        matches!(error, AutomationError::UndeclaredAutomationId { ref id, .. } if id == "things")
    );
    let declared = AutomationIds::new(&["pin", "user", "things"]).refusing(REFUSED);
    let mut harness = Harness::start(options.declared(declared), support::run).expect("starts");
    let error = harness.step(AutomationStep::key(KeyCode::Esc)).expect_err("refused");
    assert!(matches!(error.error, AutomationError::RefusedKey { .. }), "{error}");
    assert_eq!(harness.ended(), None, "the key never reached the app");
    let error = harness.run_script("click:#nope").expect_err("checked before running");
    assert!(error.to_string().contains("nope"), "{error}");
}

#[test]
fn an_app_that_panics_fails_the_step_with_its_message() {
    let error =
        Harness::start(HarnessOptions::default(), |_terminal, _events| -> std::io::Result<()> {
            panic!("the app broke")
        })
        .expect_err("the first frame never comes");
    assert!(
        matches!(&error, AutomationError::ComponentPanicked(message) if message == "the app broke")
    );
}

#[test]
fn an_app_that_never_blocks_reading_fails_with_a_settle_timeout() {
    let options = HarnessOptions::default().settle_timeout(std::time::Duration::from_millis(100));
    let error = Harness::start(options, |terminal, events| -> std::io::Result<()> {
        // Polls with a zero timeout in a loop: never blocked waiting for
        // input, so never settled (the harness closing ends the loop).
        loop {
            terminal.draw(|_| {})?;
            events.poll(std::time::Duration::ZERO)?;
        }
    })
    .expect_err("the app never settles");
    let AutomationError::SettleTimeout { waiting_for, waited, .. } = &error else {
        panic!("{error:?}")
    };
    assert_eq!(waiting_for, "the adopted app to block waiting for input");
    assert_eq!(*waited, std::time::Duration::from_millis(100));
    assert!(error.to_string().contains("never polls with a zero timeout"), "{error}");
}

#[test]
fn dropping_the_harness_ends_the_apps_loop() {
    let harness = start();
    drop(harness); // joins the app's thread: its read failed, its loop returned
}

#[test]
fn an_adopted_apps_trace_records_through_the_harness_driver() {
    use rehearse_core::trace::model::{InputRecord, StepStatus};
    use rehearse_core::trace::{TraceDocument, TraceMode, TraceNote, TraceOptions};

    let dir = tempfile::tempdir().expect("a directory");
    // Off in the options: nothing is recorded, and a failure says how to
    // record one.
    let options = HarnessOptions::default().viewport(24, 8).trace(TraceMode::Off);
    let mut harness = Harness::start(options, support::run).expect("starts");
    let failed = harness.step(AutomationStep::click(Selector::id("nowhere"))).unwrap_err();
    assert_eq!(failed.trace.as_deref(), Some(&TraceNote::Off));
    // The driver's own trace options: a directory and a mode.
    let mut harness = start();
    harness.trace(TraceOptions::new().mode(TraceMode::RetainOnFailure).dir(dir.path()));
    harness.step(AutomationStep::key(KeyCode::Down)).expect("moves");
    let failed = harness.step(AutomationStep::click(Selector::id("nowhere"))).unwrap_err();
    let Some(TraceNote::Written(paths)) = failed.trace.as_deref() else {
        panic!("no trace: {:?}", failed.trace)
    };
    assert!(failed.to_string().contains("trace.html"), "{failed}");
    let json = std::fs::read_to_string(&paths.json).expect("trace.json");
    let document = TraceDocument::from_json(&json).expect("a trace");
    assert_eq!(document.plane, "adopted");
    let [moved, clicked] = &document.steps[..] else { panic!("{:?}", document.steps) };
    assert_eq!(moved.inputs, [InputRecord::Key { key: "down".into() }]);
    assert_eq!(moved.settle.as_ref().map(|settle| settle.kind.as_str()), Some("event-shim"));
    assert!(moved.generation.after > moved.generation.before);
    assert_eq!(clicked.status, StepStatus::Failed);
    assert_eq!(document.failed_step, Some(1));
}
