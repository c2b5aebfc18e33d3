//! The examples' artifacts: a todo scenario checked against goldens kept
//! under version control (`tests/goldens/todo/`), redaction of the login
//! form's password in every semantic artifact, insta snapshots of the
//! deterministic render, and a viewport matrix.
//!
//! After an intended change: `REHEARSE_SNAPSHOT=update cargo test -p
//! rehearse-examples --test integration artifacts::`, review the golden
//! diff, commit it.
//! insta snapshots (`tests/goldens/insta/`) update with `cargo insta
//! review` or `INSTA_UPDATE=always`.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use ratatui::layout::Size;
use rehearse::artifacts::{Artifacts, Baseline, Format, Screen, matrix, render, render_screen};
use rehearse::prelude::*;
use rehearse_examples::login::{self, LoginApp};
use rehearse_examples::todo::{Filter, TodoApp, ids};

fn goldens(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/goldens").join(name)
}

/// A fresh temporary directory, removed when the returned guard drops;
/// tests write into a not-yet-existing directory inside it, so creating
/// it is part of what they check.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("rehearse-test-").tempdir().expect("a temporary directory")
}

/// Add three todos, check one, open the delete dialog, delete, show all.
fn todo_scenario() -> Vec<AutomationStep> {
    let wait = Duration::from_millis(500);
    let mut steps = Vec::new();
    for title in ["Buy milk", "Walk the dog", "Write the report"] {
        steps.extend([
            AutomationStep::click(Selector::id(ids::NEW_TODO)),
            AutomationStep::type_text(title),
            AutomationStep::key(KeyCode::Enter),
        ]);
    }
    steps.extend([
        AutomationStep::checkpoint("added"),
        AutomationStep::click(Selector::id(ids::toggle(1))),
        AutomationStep::click(Selector::id(ids::filter(Filter::Active))),
        AutomationStep::checkpoint("active"),
        AutomationStep::click(Selector::id(ids::delete(2))),
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::Exists, Selector::id(ids::CONFIRM)),
            wait,
        ),
        AutomationStep::checkpoint("confirm"),
        AutomationStep::click(Selector::id(ids::CONFIRM_YES)),
        AutomationStep::click(Selector::id(ids::filter(Filter::All))),
        AutomationStep::checkpoint("done"),
    ]);
    steps
}

#[test]
fn the_todo_scenario_matches_its_goldens() {
    let baseline = Baseline::new(goldens("todo/add-toggle-delete"))
        .expect("REHEARSE_SNAPSHOT is compare or update")
        .formats([
            Format::Styled,
            Format::Text,
            Format::Cells,
            Format::Markdown,
            Format::Json,
            Format::Png,
        ]);
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    baseline.attach(&mut session);
    if let Err(error) = session.run(todo_scenario()) {
        panic!("{error}");
    }
    baseline.finish().expect("no missing or stale goldens");
}

#[test]
fn the_login_password_is_redacted_in_json_and_markdown() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("login");
    let mut session = Session::new(LoginApp::default(), SessionOptions::default().viewport(60, 20));
    session.add_checkpoint_sink(Artifacts::new(&dir).formats([
        Format::Json,
        Format::Markdown,
        Format::Text,
        Format::Styled,
        Format::Cells,
    ]));
    session
        .run([
            AutomationStep::click(Selector::id(login::ids::USER)),
            AutomationStep::type_text(login::DEMO_USER),
            AutomationStep::click(Selector::id(login::ids::PASSWORD)),
            AutomationStep::type_text(login::DEMO_PASSWORD),
            AutomationStep::checkpoint("typed"),
        ])
        .expect("the form fills");
    let read = |ext: &str| fs::read_to_string(dir.join(format!("typed.{ext}"))).unwrap();
    let (json, markdown) = (read("json"), read("md"));
    for (name, artifact) in [("json", &json), ("markdown", &markdown)] {
        assert!(!artifact.contains(login::DEMO_PASSWORD), "{name} holds the password:\n{artifact}");
        assert!(artifact.contains(login::DEMO_USER), "{name} keeps public values:\n{artifact}");
    }
    let tree: serde_json::Value = serde_json::from_str(&json).unwrap();
    let password = find(&tree["root"], "password").expect("the password node");
    assert_eq!(password["value"], serde_json::json!({"redacted": true, "sensitivity": "masked"}));
    assert!(markdown.contains("#password value=<masked>"), "{markdown}");
    // The visual formats show what the user sees: the field's mask.
    for ext in ["txt", "styled.txt", "cells.json"] {
        let artifact = read(ext);
        assert!(!artifact.contains(login::DEMO_PASSWORD), "{ext} holds the password");
        assert!(artifact.contains("•"), "{ext} shows the mask");
    }
}

fn find<'a>(node: &'a serde_json::Value, id: &str) -> Option<&'a serde_json::Value> {
    if node["id"] == id {
        return Some(node);
    }
    node["children"].as_array()?.iter().find_map(|child| find(child, id))
}

#[test]
fn the_headless_render_snapshots_with_insta() {
    // Focus starts in the new-todo field: two Tabs reach the list.
    let script = "Tab Tab Down Down Space";
    let screen = render_screen(|| TodoApp::with_items(3), Size::new(60, 10), script).unwrap();
    let buffer = render(|| TodoApp::with_items(3), Size::new(60, 10), script).unwrap();
    assert_eq!(screen.to_buffer(), buffer, "the same inputs give the same buffer");
    let mut session =
        Session::new(TodoApp::with_items(3), SessionOptions::default().viewport(60, 10));
    session.run([AutomationStep::key(KeyCode::Tab)]).unwrap();
    insta::with_settings!({ snapshot_path => "goldens/insta", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("todo-render-text", screen.text());
        insta::assert_snapshot!("todo-render-styled", screen.styled());
        insta::assert_snapshot!("todo-tab-semantic-json", session.tree().to_json());
    });
}

#[test]
fn a_viewport_matrix_writes_one_artifact_set_per_viewport() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("matrix");
    let runs = matrix(TodoApp::default, [(80, 24), (120, 40)], todo_scenario(), &dir).unwrap();
    assert_eq!(runs.len(), 2);
    for (run, (cols, rows)) in runs.iter().zip([(80u16, 24u16), (120, 40)]) {
        let done = fs::read_to_string(run.dir.join("done.txt")).unwrap();
        assert_eq!(done.lines().count(), usize::from(rows));
        let cells =
            Screen::parse_cells(&fs::read_to_string(run.dir.join("done.cells.json")).unwrap())
                .unwrap();
        assert_eq!((cells.cols(), cells.rows()), (cols, rows));
        assert!(done.contains("Buy milk") && !done.contains("Walk the dog"), "{done}");
    }
}

/// Every committed golden the readers accept reads back the same through
/// cells, styled and text, byte for byte.
#[test]
fn every_committed_screen_golden_round_trips() {
    let dir = goldens("todo/add-toggle-delete");
    let mut checked = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some((format, stem)) = Format::of_file_name(&name) else { continue };
        let golden = fs::read_to_string(&path).unwrap_or_default();
        let screen = match format {
            Format::Cells => Screen::parse_cells(&golden),
            Format::Styled => Screen::parse_styled(&golden),
            _ => continue,
        }
        .unwrap_or_else(|error| panic!("{name}: {error}"));
        let respelled = match format {
            Format::Cells => screen.cells().to_string(),
            _ => screen.styled().to_string(),
        };
        assert_eq!(respelled, golden, "{name} is written back byte for byte");
        assert_eq!(Screen::parse_cells(&screen.cells().to_string()).unwrap(), screen, "{name}");
        assert_eq!(Screen::parse_styled(&screen.styled().to_string()).unwrap(), screen, "{name}");
        let text = screen.text().to_string();
        let from_text = Screen::parse_text(&text, screen.cols(), screen.rows()).unwrap();
        assert_eq!(from_text.text().to_string(), text, "{name}");
        if let Ok(golden_text) = fs::read_to_string(dir.join(Format::Text.file_name(stem))) {
            assert_eq!(text, golden_text, "{name} and its text golden show the same glyphs");
        }
        checked += 1;
    }
    let snapshot = fs::read_to_string(goldens("insta/todo-render-styled.snap")).unwrap();
    let styled = snapshot.splitn(3, "---\n").nth(2).expect("an insta header");
    let screen = Screen::parse_styled(styled).unwrap();
    assert_eq!(Screen::parse_cells(&screen.cells().to_string()).unwrap(), screen);
    assert_eq!(screen.styled().to_string().trim_end(), styled.trim_end());
    assert_eq!(checked, 8, "four checkpoints, cells and styled each");
}
