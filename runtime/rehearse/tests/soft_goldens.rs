//! Soft goldens: a mismatch does not stop the scenario; `finish()` reports
//! every checkpoint and format that differs, each with its diff, and
//! `stop_at_first` keeps the old behaviour.

use std::fs;

use ratatui::layout::Rect;
use rehearse::artifacts::{Baseline, Format, SnapshotMode};
use rehearse::prelude::*;
use rehearse::widgets::{Button, Text};

/// A counter: its text changes with every click.
#[derive(Default)]
struct Counter {
    clicks: u32,
}

impl Component for Counter {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.clicks += 1;
    }
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(Rect::new(0, 0, 20, 1), Text::new(format!("{} clicks", self.clicks)));
        ui.add(Rect::new(0, 1, 10, 1), Button::new("+1").automation_id("inc").on_click(|| ()));
    }
}

fn session() -> Session<Counter> {
    Session::new(Counter::default(), SessionOptions::default().viewport(20, 3))
}

fn steps() -> [AutomationStep; 4] {
    [
        AutomationStep::checkpoint("zero"),
        AutomationStep::click(Selector::id("inc")),
        AutomationStep::checkpoint("one"),
        AutomationStep::checkpoint("again"),
    ]
}

#[test]
fn soft_goldens_run_every_checkpoint_and_report_every_difference_at_the_end() {
    let scratch =
        tempfile::Builder::new().prefix("rehearse-test-").tempdir().expect("a temporary directory");
    let dir = scratch.path().join("soft");
    let formats = [Format::Text, Format::Markdown];
    let baseline = Baseline::with_mode(&dir, SnapshotMode::Update).formats(formats);
    let mut writer = session();
    baseline.attach(&mut writer);
    writer.run(steps()).unwrap();
    baseline.finish().unwrap();
    // Both formats of `zero` and the text of `again` change; `one` does not.
    for file in ["zero.txt", "zero.md", "again.txt"] {
        let path = dir.join(file);
        fs::write(&path, fs::read_to_string(&path).unwrap() + "edited\n").unwrap();
    }

    let baseline = Baseline::with_mode(&dir, SnapshotMode::Compare).formats(formats);
    let mut compared = session();
    baseline.attach(&mut compared);
    let report = compared.run(steps()).expect("a golden mismatch does not stop the scenario");
    assert_eq!(report.steps.len(), 4, "every step ran");
    assert_eq!(baseline.failures().len(), 3);
    let error = baseline.finish().unwrap_err();
    let AutomationError::GoldensDiffer { failures, .. } = &error else { panic!("{error}") };
    let found: Vec<(String, Format)> = failures
        .iter()
        .map(|failure| match failure {
            AutomationError::BaselineMismatch { checkpoint, format, .. } => {
                (checkpoint.clone(), *format)
            }
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(
        found,
        [
            ("zero".to_owned(), Format::Text),
            ("zero".to_owned(), Format::Markdown),
            ("again".to_owned(), Format::Text)
        ]
    );
    let message = error.to_string();
    assert!(message.starts_with("3 goldens in "), "{message}");
    assert!(message.contains("1. checkpoint `zero` differs from its text golden"), "{message}");
    assert!(message.contains("3. checkpoint `again` differs"), "{message}");
    assert!(message.contains("- edited"), "each with its diff: {message}");

    // The setting keeps stop-at-first: the run stops at the first checkpoint.
    let baseline =
        Baseline::with_mode(&dir, SnapshotMode::Compare).formats(formats).stop_at_first(true);
    let mut stopping = session();
    baseline.attach(&mut stopping);
    let stopped = stopping.run(steps()).unwrap_err();
    assert_eq!(stopped.failed.index, 0);
    assert!(matches!(stopped.failed.error, AutomationError::BaselineMismatch { .. }));
    // What the stopped run never reached is stale to the closed manifest.
    let error = baseline.finish().unwrap_err();
    assert!(matches!(error, AutomationError::StaleGoldens { .. }), "{error}");
}

#[test]
fn a_missing_golden_is_reported_at_the_end_and_never_written() {
    let scratch =
        tempfile::Builder::new().prefix("rehearse-test-").tempdir().expect("a temporary directory");
    let dir = scratch.path().join("missing");
    let baseline = Baseline::with_mode(&dir, SnapshotMode::Compare).formats([Format::Text]);
    let mut session = session();
    baseline.attach(&mut session);
    session.run(steps()).expect("every checkpoint runs");
    let error = baseline.finish().unwrap_err();
    let AutomationError::GoldensDiffer { failures, .. } = &error else { panic!("{error}") };
    assert_eq!(failures.len(), 3);
    assert!(
        failures.iter().all(|failure| matches!(failure, AutomationError::MissingGolden { .. }))
    );
    assert!(!dir.exists(), "compare mode never writes");
}
