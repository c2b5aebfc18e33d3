//! Checkpoint files and their directory (issue 16, defect 9): temporary
//! files of writers killed mid-write are cleaned when a sink opens the
//! directory; names Windows reserves, or that collide ignoring case, are
//! refused; a directory that cannot be created is named.

use std::path::{Path, PathBuf};

use ratatui::layout::Rect;
use rehearse::artifacts::{Artifacts, Format};
use rehearse::prelude::*;

struct Plain;

impl Component for Plain {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.draw_with(Rect::new(0, 0, 2, 1), |area, buf| {
            buf[(area.x, area.y)].set_symbol("x");
        });
    }
}

fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("rehearse-housekeeping-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn session_writing_to(dir: &Path) -> Session<Plain> {
    let mut session = Session::new(Plain, SessionOptions::default().viewport(10, 2));
    session.add_checkpoint_sink(Artifacts::new(dir).formats([Format::Text]));
    session
}

#[test]
fn a_sink_opening_a_directory_removes_temporary_files_of_dead_writers() {
    let dir = scratch("stale");
    std::fs::create_dir_all(&dir).unwrap();
    // What `kill -9` mid-write leaves: a process id no process has (Linux
    // ids stop at 2^22), and one of a live process (this one) that stays.
    let dead = dir.join(".start.txt.4194999.0.tmp");
    let live = dir.join(format!(".other.txt.{}.99.tmp", std::process::id()));
    std::fs::write(&dead, b"half a fi").unwrap();
    std::fs::write(&live, b"in flight").unwrap();
    let mut session = session_writing_to(&dir);
    session.step(AutomationStep::checkpoint("start")).unwrap();
    let live_name = live.file_name().unwrap().to_string_lossy().into_owned();
    assert_eq!(entries(&dir), [live_name, "start.txt".to_owned()]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn names_windows_reserves_are_refused_by_the_grammar_and_the_sink() {
    let dir = scratch("reserved");
    let mut session = session_writing_to(&dir);
    for name in ["CON", "nul", "com1", "LPT1", "Aux.final"] {
        let error = session.step(AutomationStep::checkpoint(name)).unwrap_err();
        assert!(
            matches!(&error.error, AutomationError::InvalidCheckpointName { name: n, .. } if n == name),
            "{error}"
        );
        assert!(error.to_string().contains("a device name Windows reserves"), "{error}");
        let parsed = session.run_script(&format!("checkpoint:{name}")).unwrap_err();
        assert!(parsed.to_string().contains("Windows reserves"), "{parsed}");
    }
    assert!(!dir.exists(), "nothing was written");
    session.step(AutomationStep::checkpoint("console")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn names_that_differ_only_in_case_are_refused_within_a_run() {
    let dir = scratch("case");
    let mut session = session_writing_to(&dir);
    session.step(AutomationStep::checkpoint("Home")).unwrap();
    let error = session.step(AutomationStep::checkpoint("home")).unwrap_err();
    let message = error.to_string();
    assert!(matches!(error.error, AutomationError::InvalidCheckpointName { .. }), "{message}");
    assert!(
        message.contains("`home.txt` differs from `Home.txt` of checkpoint `Home` only in case"),
        "{message}"
    );
    assert_eq!(entries(&dir), ["Home.txt"]);
    let script = session.run_script("checkpoint:Away; checkpoint:AWAY").unwrap_err();
    assert!(script.to_string().contains("only in case"), "{script}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_that_cannot_be_created_is_named() {
    let base = scratch("uncreatable");
    std::fs::create_dir_all(&base).unwrap();
    let file = base.join("a-file");
    std::fs::write(&file, b"not a directory").unwrap();
    let dir = file.join("artifacts");
    let mut session = session_writing_to(&dir);
    let error = session.step(AutomationStep::checkpoint("start")).unwrap_err();
    let message = error.to_string();
    assert!(matches!(error.error, AutomationError::Io(_)), "{message}");
    assert!(
        message.contains(&format!("creating the artifact directory {}", dir.display())),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&base);
}
