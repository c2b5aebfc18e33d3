//! The file sink: one file per format, named after it; semantic formats
//! redact, visual ones show the screen; invalid or colliding names write
//! nothing; a format this build lacks fails before any file exists.

use std::fs;

use rehearse::artifacts::{Artifacts, Format, Screen};
// Only the test of a build without PNG uses a baseline.
#[cfg(not(feature = "png"))]
use rehearse::artifacts::{Baseline, SnapshotMode};
use rehearse::prelude::*;

use crate::support::{files, fill, frame_after_fill, scratch, session, text_formats};

// ---------------------------------------------------------------- the file sink

#[test]
fn every_file_is_named_after_its_format_and_holds_it() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("sink");
    let mut session = session();
    session.add_checkpoint_sink(
        Artifacts::new(&dir)
            .formats(Format::ALL.into_iter().filter(|f| f.is_available() && !f.needs_terminal())),
    );
    fill(&mut session);
    session.step(AutomationStep::checkpoint("filled")).unwrap();
    let mut expected =
        vec!["filled.cells.json", "filled.json", "filled.md", "filled.styled.txt", "filled.txt"];
    if cfg!(feature = "png") {
        expected.push("filled.png");
    }
    expected.sort_unstable();
    assert_eq!(files(&dir), expected);

    let read = |ext: &str| fs::read_to_string(dir.join(format!("filled.{ext}"))).unwrap();
    assert!(read("md").starts_with("# Semantic tree"));
    let json: serde_json::Value = serde_json::from_str(&read("json")).unwrap();
    assert_eq!(json["viewport"]["cols"], 40);
    let screen = Screen::from_frame(session.frame());
    assert_eq!(read("txt"), screen.text().to_string());
    assert_eq!(Screen::parse_cells(&read("cells.json")).unwrap(), screen);
    assert_eq!(Screen::parse_styled(&read("styled.txt")).unwrap(), screen);
    if cfg!(feature = "png") {
        assert!(fs::read(dir.join("filled.png")).unwrap().starts_with(b"\x89PNG\r\n\x1a\n"));
    }
}

#[test]
fn semantic_artifacts_redact_the_masked_value_visual_ones_show_the_screen() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("redaction");
    let mut session = session();
    session.add_checkpoint_sink(Artifacts::new(&dir).formats(text_formats()));
    fill(&mut session);
    session.step(AutomationStep::checkpoint("filled")).unwrap();
    let read = |ext: &str| fs::read_to_string(dir.join(format!("filled.{ext}"))).unwrap();
    for ext in ["json", "md", "txt", "styled.txt", "cells.json"] {
        assert!(!read(ext).contains("4321"), "{ext} holds the PIN");
    }
    assert!(read("json").contains("\"redacted\": true"));
    assert!(read("md").contains("value=<masked>"));
    assert!(read("md").contains("value=\"Ada\""));
    // The screen shows what the user sees: the mask.
    assert!(read("txt").contains("••••"));
}

#[test]
fn invalid_names_and_colliding_files_write_nothing() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("names");
    let frame = frame_after_fill();
    let mut artifacts = Artifacts::new(&dir).formats([Format::Json, Format::Cells]);
    for name in ["../escape", "a/b", ".hidden", ""] {
        let error = artifacts.write(name, &frame).unwrap_err();
        assert!(matches!(error, AutomationError::InvalidCheckpointName { .. }), "{name}: {error}");
    }
    assert!(!dir.exists(), "an invalid name creates nothing");
    assert!(!dir.parent().unwrap().join("escape.json").exists());

    // Through a session the step fails the same way.
    let mut session = session();
    session.add_checkpoint_sink(Artifacts::new(&dir));
    let error = session.step(AutomationStep::checkpoint("../escape")).unwrap_err();
    assert!(matches!(error.error, AutomationError::InvalidCheckpointName { .. }), "{error}");

    // `a` writes a.cells.json as cells; `a.cells` would write it as JSON.
    artifacts.write("a", &frame).unwrap();
    let error = artifacts.write("a.cells", &frame).unwrap_err();
    assert!(error.to_string().contains("is the cells file of checkpoint `a`"), "{error}");
    assert_eq!(files(&dir), ["a.cells.json", "a.json"]);
    // Re-recording the same checkpoint replaces its files.
    artifacts.write("a", &frame).unwrap();
}

#[cfg(not(feature = "png"))]
#[test]
fn a_format_absent_from_the_build_fails_before_any_file_exists() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("unsupported");
    let mut session = session();
    session.add_checkpoint_sink(Artifacts::new(&dir).formats([
        Format::Markdown,
        Format::Text,
        Format::Png,
    ]));
    let error = session.step(AutomationStep::checkpoint("start")).unwrap_err();
    match &error.error {
        AutomationError::UnsupportedFormat { format, reason } => {
            assert_eq!(format, "png");
            assert!(reason.contains("`png` cargo feature"), "{reason}");
        }
        other => panic!("expected UnsupportedFormat, got {other}"),
    }
    assert!(!dir.exists(), "not even the directory is created");
    assert!(Artifacts::new(&dir).formats([Format::Png]).check().is_err());
    assert!(!Format::Png.is_available());
    let baseline =
        Baseline::with_mode(&dir, SnapshotMode::Update).formats([Format::Text, Format::Png]);
    let error = baseline.check("start", session.frame()).unwrap_err();
    assert!(matches!(error, AutomationError::UnsupportedFormat { .. }), "{error}");
    assert!(!dir.exists(), "a baseline writes nothing either");
    baseline.finish().unwrap();
}

#[cfg(feature = "png")]
#[test]
fn the_png_feature_provides_png() {
    assert!(Format::Png.is_available());
    assert!(Artifacts::new("unused").formats([Format::Png]).check().is_ok());
}
