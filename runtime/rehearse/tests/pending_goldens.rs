//! Pending goldens: a comparison never overwrites a golden and never loses
//! the actual output — on a mismatch or a missing golden it writes
//! `NAME.FORMAT.new` beside the golden, for every format, in `new` mode and
//! in `auto` outside CI; `compare` writes nothing; a golden that matches
//! again removes its stale pending file; the trace records each result.

use std::fs;
use std::path::Path;

use ratatui::layout::Rect;
use rehearse::artifacts::{Baseline, Format, SnapshotMode, pending_path};
use rehearse::prelude::*;
use rehearse::trace::model::GoldenStatus;
use rehearse::trace::{TraceMode, TraceOptions};
use rehearse::widgets::{Button, Text};

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

fn every_format() -> Vec<Format> {
    Format::ALL
        .into_iter()
        .filter(|format| rehearse::artifacts::ensure_available(*format).is_ok())
        // The terminal's own formats need a program in a terminal.
        .filter(|format| !format.needs_terminal())
        .collect()
}

/// Runs `clicks` clicks then checkpoint `end` against `dir` in `mode`.
fn run(dir: &Path, mode: SnapshotMode, clicks: usize) -> Result<(), AutomationError> {
    let baseline = Baseline::with_mode(dir, mode).formats(every_format());
    let mut session = Session::new(Counter::default(), SessionOptions::default().viewport(20, 3))
        .traced(TraceOptions::new().mode(TraceMode::Off));
    baseline.attach(&mut session);
    for _ in 0..clicks {
        session.step(AutomationStep::click(Selector::id("inc"))).unwrap();
    }
    session.step(AutomationStep::checkpoint("end")).unwrap();
    baseline.finish()
}

#[test]
fn a_mismatch_keeps_the_golden_and_writes_the_actual_beside_it_in_every_format() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    run(dir, SnapshotMode::Update, 0).unwrap();
    let goldens: Vec<(Format, Vec<u8>)> = every_format()
        .into_iter()
        .map(|format| (format, fs::read(dir.join(format.file_name("end"))).unwrap()))
        .collect();

    let error = run(dir, SnapshotMode::New, 1).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("rehearse review"), "{message}");
    for (format, golden) in &goldens {
        let path = dir.join(format.file_name("end"));
        assert_eq!(&fs::read(&path).unwrap(), golden, "{format} golden untouched");
        let pending = pending_path(&path);
        assert!(pending.ends_with(format!("{}.new", format.file_name("end"))));
        let actual = fs::read(&pending).unwrap_or_else(|_| panic!("{format} pending file"));
        assert_ne!(&actual, golden, "{format}: the pending file holds the new output");
        assert!(message.contains(&pending.display().to_string()), "{format}: {message}");
    }
    // The text golden's pending file is what the screen shows now.
    let text = fs::read_to_string(pending_path(&dir.join("end.txt"))).unwrap();
    assert!(text.starts_with("1 clicks"), "{text}");

    // Matching again removes the stale pending files.
    run(dir, SnapshotMode::New, 0).unwrap();
    for format in every_format() {
        assert!(!pending_path(&dir.join(format.file_name("end"))).exists(), "{format}");
    }
}

#[test]
fn a_missing_golden_is_written_as_pending_and_compare_writes_nothing() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    run(dir, SnapshotMode::Compare, 0).unwrap_err();
    assert!(fs::read_dir(dir).unwrap().next().is_none(), "compare wrote nothing");
    let error = run(dir, SnapshotMode::New, 0).unwrap_err();
    assert!(error.to_string().contains("end.txt.new"), "{error}");
    assert!(pending_path(&dir.join("end.txt")).exists());
    assert!(!dir.join("end.txt").exists(), "no golden is written outside update mode");
}

#[test]
fn auto_writes_pending_files_except_under_ci() {
    let ci =
        std::env::var("CI").is_ok_and(|value| value.eq_ignore_ascii_case("true") || value == "1");
    assert_eq!(SnapshotMode::Auto.writes_pending(), !ci);
    assert!(SnapshotMode::New.writes_pending());
    assert!(!SnapshotMode::Compare.writes_pending());
    assert_eq!(SnapshotMode::default(), SnapshotMode::Auto);
}

#[test]
fn the_trace_records_each_golden_with_its_pending_file() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("goldens");
    run(&dir, SnapshotMode::Update, 0).unwrap();
    let baseline =
        Baseline::with_mode(&dir, SnapshotMode::New).formats([Format::Text]).stop_at_first(true);
    let traces = scratch.path().join("trace");
    let mut session = Session::new(Counter::default(), SessionOptions::default().viewport(20, 3))
        .traced(TraceOptions::new().mode(TraceMode::RetainOnFailure).dir(&traces));
    baseline.attach(&mut session);
    let error = session
        .run([AutomationStep::click(Selector::id("inc")), AutomationStep::checkpoint("end")])
        .unwrap_err();
    // The other formats' goldens are stale to this text-only baseline.
    baseline.finish().unwrap_err();
    assert!(error.to_string().contains("trace.html"), "{error}");
    let json = fs::read_to_string(traces.join("trace.json")).unwrap();
    let document = rehearse::trace::TraceDocument::from_json(&json).unwrap();
    let checkpoint = &document.steps[1].checkpoints[0];
    assert_eq!(checkpoint.name, "end");
    let golden = &checkpoint.goldens[0];
    assert_eq!(golden.format, "text");
    assert_eq!(golden.status, GoldenStatus::Differs);
    assert!(golden.actual.as_deref().unwrap().ends_with("end.txt.new"), "{golden:?}");
    assert!(golden.diff.as_deref().unwrap().contains("1 clicks"), "{golden:?}");
}
