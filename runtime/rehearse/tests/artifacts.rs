//! Checkpoint artifacts end to end: the file sink and its atomic writes,
//! formats that parse back, PNG determinism, recordings, golden baselines
//! with their closed manifest and modes, the deterministic render and
//! viewport matrices. Runs with and without the `png` feature:
//! `cargo test -p rehearse --no-default-features --test artifacts`.

use std::fs;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::layout::Rect;
use ratatui::layout::{Constraint, Layout, Size};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use rehearse::artifacts::encode;
use rehearse::artifacts::{
    Artifacts, Baseline, Format, Matrix, Recorder, Screen, SnapshotMode, parse_key_script, render,
    render_screen, write_atomic,
};
use rehearse::engine::Checkpoint;
use rehearse::engine::CheckpointSink;
use rehearse::prelude::*;
use rehearse::widgets::{Heading, Status, TextInput};
use rehearse::{AutomationIds, StepError, engine::CommittedFrame};

/// A small form: a heading, a name field, a masked PIN field, a line with
/// colours and a wide glyph, a status bar.
#[derive(Default)]
struct Form {
    name: String,
    pin: String,
}

#[derive(Debug)]
enum Msg {
    Name(String),
    Pin(String),
}

impl Component for Form {
    type Message = Msg;
    const AUTOMATION_IDS: AutomationIds = AutomationIds::new(&["name", "pin", "status"])
        .refusing(&[KeyPress { code: KeyCode::F(6), modifiers: Modifiers::NONE }]);

    fn update(&mut self, msg: Msg, _: &mut Context<'_, Self>) {
        match msg {
            Msg::Name(name) => self.name = name,
            Msg::Pin(pin) => self.pin = pin,
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        let [title, name, pin, line, _, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(3),
            Constraint::Length(3),
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
        ])
        .areas(ui.area());
        ui.add(title, Heading::new("Profile"));
        ui.add(
            name,
            TextInput::new(self.name.as_str())
                .label("Name")
                .automation_id("name")
                .on_change(Msg::Name),
        );
        ui.add(
            pin,
            TextInput::new(self.pin.as_str())
                .label("PIN")
                .masked(true)
                .automation_id("pin")
                .on_change(Msg::Pin),
        );
        ui.draw(
            line,
            Line::from(vec![
                Span::styled("中文", Style::new().fg(Color::Rgb(0x12, 0xab, 0xef))),
                Span::styled(
                    " idx ",
                    Style::new().bg(Color::Indexed(17)).add_modifier(Modifier::ITALIC),
                ),
                Span::styled(
                    "ul",
                    Style::new().underline_color(Color::Red).add_modifier(Modifier::UNDERLINED),
                ),
            ]),
        );
        ui.add(status, Status::new(format!("{} chars", self.name.len())).automation_id("status"));
    }
}

/// A fresh temporary directory, removed when the returned guard drops;
/// tests write into a not-yet-existing directory inside it, so creating
/// it is part of what they check.
fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("rehearse-test-").tempdir().expect("a temporary directory")
}

fn files(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> =
        entries.map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn session() -> Session<Form> {
    Session::new(Form::default(), SessionOptions::default().viewport(40, 12))
}

fn fill(session: &mut Session<Form>) {
    session
        .run([
            AutomationStep::click(Selector::id("name")),
            AutomationStep::type_text("Ada"),
            AutomationStep::click(Selector::id("pin")),
            AutomationStep::type_text("4321"),
        ])
        .expect("the form fills");
}

fn frame_after_fill() -> CommittedFrame {
    let mut session = session();
    fill(&mut session);
    session.frame().clone()
}

fn text_formats() -> Vec<Format> {
    vec![Format::Json, Format::Markdown, Format::Text, Format::Styled, Format::Cells]
}

// ---------------------------------------------------------------- atomic

#[test]
fn a_reader_never_sees_a_partial_file() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("reader");
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.txt");
    let (a, b) = (vec![b'a'; 1 << 20], vec![b'b'; 1 << 20]);
    write_atomic(&path, &a).unwrap();
    let done = Arc::new(AtomicBool::new(false));
    let reader = {
        let (path, done) = (path.clone(), Arc::clone(&done));
        std::thread::spawn(move || {
            let mut reads = 0;
            while !done.load(Ordering::Relaxed) || reads < 10 {
                let bytes = fs::read(&path).expect("the file always exists");
                assert_eq!(bytes.len(), 1 << 20, "a partial file");
                assert!(bytes.iter().all(|&byte| byte == bytes[0]), "a mixed file");
                reads += 1;
            }
            reads
        })
    };
    for round in 0..40 {
        write_atomic(&path, if round % 2 == 0 { &b } else { &a }).unwrap();
    }
    done.store(true, Ordering::Relaxed);
    assert!(reader.join().expect("the reader saw only whole files") >= 10);
    assert_eq!(files(&dir), ["big.txt"], "no temporary file is left");
}

#[test]
fn a_failed_rename_leaves_no_temporary_file() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("rename");
    // The target is a non-empty directory: the rename onto it fails.
    fs::create_dir_all(dir.join("start.md").join("occupied")).unwrap();
    let mut session = session();
    session.add_checkpoint_sink(Artifacts::new(&dir).formats([Format::Text, Format::Markdown]));
    let error = session.step(AutomationStep::checkpoint("start")).unwrap_err();
    assert!(matches!(error.error, AutomationError::Io(_)), "{error}");
    assert!(error.to_string().contains("start.md"), "{error}");
    // The text file was written before (files are atomic each, not as a
    // group); the failed one left no temporary file.
    assert_eq!(files(&dir), ["start.md", "start.txt"]);
    assert!(dir.join("start.md").join("occupied").is_dir());
}

// ---------------------------------------------------------------- the file sink

#[test]
fn every_file_is_named_after_its_format_and_holds_it() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("sink");
    let mut session = session();
    session.add_checkpoint_sink(
        Artifacts::new(&dir).formats(Format::ALL.into_iter().filter(|f| f.is_available())),
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

// ---------------------------------------------------------------- formats

#[test]
fn every_screen_format_round_trips_a_real_frame() {
    let frame = frame_after_fill();
    let screen = Screen::from_frame(&frame);
    assert!(screen.cursor().is_some(), "the focused field shows the cursor");
    assert_eq!(screen.to_buffer(), frame.buffer, "lossless for the buffer");
    assert_eq!(Screen::parse_cells(&screen.cells().to_string()).unwrap(), screen);
    assert_eq!(Screen::parse_styled(&screen.styled().to_string()).unwrap(), screen);
    let text = screen.text().to_string();
    let from_text = Screen::parse_text(&text, screen.cols(), screen.rows()).unwrap();
    assert_eq!(from_text.text().to_string(), text, "lossless for layout");
    assert_eq!(text.lines().count(), 12);
    let line = text.lines().nth(7).unwrap();
    assert_eq!(line, "中文 idx ul", "a wide glyph's trailing cell is not a glyph");
    let styled = screen.styled().to_string();
    // ratatui resets a wide glyph's trailing cell, style included: the spans say so.
    assert!(styled.contains("style 0-1 fg=#12abef\n      style 2-3 fg=#12abef\n"), "{styled}");
    assert!(styled.contains("style 4-9 bg=idx17 italic"), "{styled}");
    assert!(styled.contains("style 9-11 ul=red underlined"), "{styled}");
    let cells = screen.cells().to_string();
    assert!(
        cells.contains("{\"n\":1,\"ch\":\"中\",\"fg\":\"#12abef\"},{\"n\":1,\"ch\":\"\"},"),
        "{cells}"
    );
}

// ---------------------------------------------------------------- PNG

#[cfg(feature = "png")]
mod png {
    use super::*;
    use rehearse::artifacts::png::{decode, encode, rasterize};

    fn hash(bytes: &[u8]) -> u64 {
        // FNV-1a: a stable hash, the same on every machine.
        bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
        })
    }

    #[test]
    fn png_bytes_are_the_same_twice_and_across_sessions() {
        let first = rehearse::artifacts::encode(Format::Png, &frame_after_fill()).unwrap().bytes;
        let again = rehearse::artifacts::encode(Format::Png, &frame_after_fill()).unwrap().bytes;
        assert_eq!(hash(&first), hash(&again));
        assert_eq!(first, again);
        let screen = Screen::from_frame(&frame_after_fill());
        assert_eq!(encode(&screen), first);
        let image = decode(&first).unwrap();
        assert_eq!((image.width, image.height), (40 * 8, 12 * 16));
        assert_eq!(image, rasterize(&screen));
    }

    #[test]
    fn png_shows_true_colours_and_the_cursor() {
        let frame = frame_after_fill();
        let screen = Screen::from_frame(&frame);
        let image = rasterize(&screen);
        // Row 7: "中文" in #12abef, then " idx " on xterm colour 17.
        let on_row = |col: u32, color: [u8; 3]| {
            (0..8).any(|dx| (0..16).any(|dy| image.pixel(col * 8 + dx, 7 * 16 + dy) == color))
        };
        assert!(on_row(0, [0x12, 0xab, 0xef]), "the wide glyph's box in its colour");
        assert!(on_row(4, [0x00, 0x00, 0x5f]), "indexed colour 17 as background");
        let (col, row) = screen.cursor().unwrap();
        let cursor_bg = image.pixel(u32::from(col) * 8, u32::from(row) * 16);
        assert_eq!(cursor_bg, rehearse::artifacts::png::palette::DEFAULT_FG, "a block cursor");
    }
}

// ---------------------------------------------------------------- recordings

#[test]
fn a_recording_has_one_frame_per_commit_and_a_marker_per_checkpoint() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("recording");
    let record = |path: &Path| {
        let recorder = Recorder::new(path);
        let mut session = session();
        recorder.attach(&mut session);
        fill(&mut session);
        session.step(AutomationStep::checkpoint("filled")).unwrap();
        assert!(path.exists(), "written at the checkpoint");
        session.step(AutomationStep::resize(50, 14)).unwrap();
        let path = recorder.finish().unwrap();
        (fs::read_to_string(path).unwrap(), session.generation().0)
    };
    let (cast, generations) = record(&dir.join("run.cast"));
    let (again, _) = record(&dir.join("again.cast"));
    assert_eq!(cast, again, "the same session records the same bytes");

    let lines: Vec<&str> = cast.lines().collect();
    let header: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(header["version"], 2);
    assert_eq!((header["width"].as_u64(), header["height"].as_u64()), (Some(40), Some(12)));
    assert!(header.get("timestamp").is_none(), "no wall clock in the header");
    let events: Vec<serde_json::Value> =
        lines[1..].iter().map(|line| serde_json::from_str(line).unwrap()).collect();
    let kind = |kind: &str| events.iter().filter(|event| event[1] == kind).count();
    // The mount frame plus one per step's commit.
    assert_eq!(kind("o") as u64, generations);
    assert_eq!(kind("m"), 1);
    assert_eq!(kind("r"), 1);
    let marker = events.iter().find(|event| event[1] == "m").unwrap();
    assert_eq!(marker[2], "filled");
    let times: Vec<f64> = events.iter().map(|event| event[0].as_f64().unwrap()).collect();
    assert!(times.windows(2).all(|pair| pair[0] <= pair[1]), "{times:?}");
    assert_eq!(times[1] - times[0], 0.25, "the default pace");
    let resize = events.iter().find(|event| event[1] == "r").unwrap();
    assert_eq!(resize[2], "50x14");
    let last_frame =
        events.iter().rev().find(|event| event[1] == "o").unwrap()[2].as_str().unwrap();
    assert!(
        last_frame.contains("Profile") && last_frame.contains("\u{1b}[14;1H"),
        "{last_frame:?}"
    );
    assert!(!cast.contains("4321"), "the PIN is masked on screen, so in the recording too");
    assert_eq!(files(&dir), ["again.cast", "run.cast"], "no temporary files");
}

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
        AutomationError::MissingGolden { checkpoint, format, golden } => {
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
    assert_eq!(SnapshotMode::parse("").unwrap(), SnapshotMode::Compare);
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
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "unknown_mode_child", "--nocapture", "--test-threads=1"])
        .env("REHEARSE_ARTIFACTS_CHILD", "1")
        .env("REHEARSE_SNAPSHOT", "record")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        stdout.contains(
            "CHILD-OK REHEARSE_SNAPSHOT=\"record\" is not a snapshot mode; valid modes: `compare`"
        ),
        "{stdout}"
    );
}

// ---------------------------------------------------------------- render and matrices

#[test]
fn render_is_a_pure_function_of_factory_size_and_script() {
    let a = render(Form::default, Size::new(40, 12), "Tab A d a").unwrap();
    let b = render(Form::default, Size::new(40, 12), "tab A d a").unwrap();
    assert_eq!(a, b);
    let text = Screen::from_buffer(&a).text().to_string();
    assert!(text.contains("Ada"), "{text}");
    assert_ne!(a, render(Form::default, Size::new(40, 12), "").unwrap());
    let screen = render_screen(Form::default, Size::new(40, 12), "Tab A d a").unwrap();
    assert_eq!(screen.to_buffer(), a);
    assert!(screen.cursor().is_some());
}

#[test]
fn key_scripts_fail_hard_on_unknown_and_refused_keys() {
    assert_eq!(parse_key_script("Down Down Enter Shift+Tab F5").unwrap().len(), 5);
    let error = render(Form::default, Size::new(40, 12), "Down Dwn Enter").unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("key script token 2 `Dwn`: unknown key `Dwn`; did you mean `down`?"),
        "{error}"
    );
    let error = render(Form::default, Size::new(40, 12), "Down F6").unwrap_err();
    assert!(
        error.to_string().contains("token 2 `F6`") && error.to_string().contains("refuses `f6`"),
        "{error}"
    );
}

#[test]
fn a_matrix_replays_the_scenario_per_viewport_from_a_fresh_app() {
    let scratch_dir = scratch();
    let dir = scratch_dir.path().join("matrix");
    let scenario = [
        AutomationStep::click(Selector::id("name")),
        AutomationStep::type_text("Ada"),
        AutomationStep::checkpoint("filled"),
        AutomationStep::resize(60, 20),
        AutomationStep::checkpoint("resized"),
    ];
    let runs = Matrix::new(Form::default)
        .viewports([(40, 12), (80, 24)])
        .formats([Format::Text, Format::Markdown])
        .run(scenario.clone(), &dir)
        .unwrap();
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0].dir, dir.join("40x12"));
    assert_eq!(files(&dir.join("80x24")), ["filled.md", "filled.txt", "resized.md", "resized.txt"]);
    let small = fs::read_to_string(dir.join("40x12/filled.txt")).unwrap();
    let large = fs::read_to_string(dir.join("80x24/filled.txt")).unwrap();
    assert_eq!((small.lines().count(), large.lines().count()), (12, 24));
    // Each viewport typed into a fresh app; resize kept the mounted one.
    for viewport in ["40x12", "80x24"] {
        let resized = fs::read_to_string(dir.join(viewport).join("resized.md")).unwrap();
        assert!(
            resized.contains("viewport 60x20") && resized.contains("value=\"Ada\""),
            "{resized}"
        );
    }
    let failing =
        rehearse::artifacts::matrix(Form::default, [(40, 12), (0, 5)], scenario, &dir).unwrap_err();
    assert_eq!(failing.passed.len(), 1);
    assert!(
        failing.to_string().contains("1 of 2 viewports failed:\n  at 0x5: the app did not start"),
        "{failing}"
    );
}

/// Draws control characters straight into cells, past ratatui's filters.
struct Bell {
    symbol: &'static str,
}

impl Component for Bell {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let symbol = self.symbol;
        ui.draw_with(Rect::new(0, 0, 6, 1), move |area, buf| {
            buf[(area.x, area.y)].set_symbol("a");
            buf[(area.x + 1, area.y)].set_symbol(symbol);
            buf[(area.x + 2, area.y)].set_symbol("b");
        });
    }
}

/// A sink that encodes every visual format of each checkpoint in memory.
struct EncodeAll;

impl CheckpointSink for EncodeAll {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        // PNG where this build has it (`--no-default-features` has not).
        let visual = [Format::Text, Format::Styled, Format::Cells, Format::Png];
        let available: Vec<Format> =
            visual.into_iter().filter(|format| format.is_available()).collect();
        rehearse::artifacts::encode_all(&available, checkpoint.frame).map(drop)
    }
}

#[test]
fn control_characters_an_app_draws_are_shown_as_replacement_characters() {
    for symbol in ["\x07", "\x1b", "\x7f", "\u{9b}", "x\ty", "\n"] {
        let mut session = Session::new(Bell { symbol }, SessionOptions::default().viewport(6, 2));
        session.add_checkpoint_sink(EncodeAll);
        session.step(AutomationStep::checkpoint("bell")).expect("the step does not panic");
        // The committed buffer holds what the app drew; every artifact shows
        // the replacement character.
        assert_eq!(session.buffer()[(1, 0)].symbol(), symbol);
        let screen = Screen::from_frame(session.frame());
        assert_eq!(screen.row_text(0), "a\u{fffd}b", "{symbol:?}");
        let text = encode(Format::Text, session.frame()).unwrap().bytes;
        assert_eq!(String::from_utf8(text).unwrap(), "a\u{fffd}b\n\n");
        for (format, shown) in
            [(Format::Styled, "a\u{fffd}b"), (Format::Cells, "\"ch\":\"\u{fffd}\"")]
        {
            let bytes = encode(format, session.frame()).unwrap().bytes;
            assert!(String::from_utf8(bytes).unwrap().contains(shown), "{format}");
        }
        if Format::Png.is_available() {
            encode(Format::Png, session.frame()).expect("rasterizes");
        }
        let cells = screen.cells().to_string();
        assert_eq!(Screen::parse_cells(&cells).unwrap(), screen, "{symbol:?}");
        assert_eq!(Screen::parse_styled(&screen.styled().to_string()).unwrap(), screen);
    }
}
