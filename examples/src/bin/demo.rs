//! The main job: a real scenario run headlessly against the todo app.
//!
//! Prints each step (index, operation, generation), the final screen and the
//! final semantic tree as Markdown, and writes the checkpoint artifacts —
//! Markdown, text, cells and PNG for each checkpoint, plus an asciicast
//! recording of the whole run — into `target/rehearse-demo/` (or the
//! directory given with `--out DIR`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use rehearse::artifacts::{Artifacts, Format, Recorder};
use rehearse::prelude::*;
use rehearse_examples::todo::{Filter, TodoApp, ids};

/// The formats each checkpoint writes.
const FORMATS: [Format; 4] = [Format::Markdown, Format::Text, Format::Cells, Format::Png];

fn scenario() -> Vec<AutomationStep> {
    let wait = Duration::from_millis(500);
    vec![
        AutomationStep::click(Selector::id(ids::NEW_TODO)),
        AutomationStep::type_text("Buy milk"),
        AutomationStep::key(KeyCode::Enter),
        AutomationStep::type_text("Walk the dog"),
        AutomationStep::key(KeyCode::Enter),
        AutomationStep::type_text("Write the report"),
        AutomationStep::key(KeyCode::Enter),
        AutomationStep::click(Selector::id(ids::toggle(1))),
        AutomationStep::click(Selector::id(ids::filter(Filter::Active))),
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::Count(2), Selector::role(SemanticRole::ListItem)),
            wait,
        ),
        AutomationStep::click(Selector::id(ids::delete(2))),
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::Exists, Selector::id(ids::CONFIRM)),
            wait,
        ),
        AutomationStep::checkpoint("confirm"),
        AutomationStep::click(Selector::role(SemanticRole::Button).name("Delete")),
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::Missing, Selector::id(ids::item(2))),
            wait,
        ),
        AutomationStep::click(Selector::id(ids::filter(Filter::All))),
        AutomationStep::checkpoint("done"),
    ]
}

/// `--out DIR` (or `--out=DIR`); `target/rehearse-demo` by default.
fn out_dir() -> Result<PathBuf, String> {
    let mut args = std::env::args().skip(1);
    let mut out = PathBuf::from("target/rehearse-demo");
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out = args.next().ok_or("--out needs a directory")?.into(),
            "-h" | "--help" => {
                return Err("usage: demo [--out DIR]   (default target/rehearse-demo)".into());
            }
            other => match other.strip_prefix("--out=") {
                Some(dir) if !dir.is_empty() => out = dir.into(),
                _ => return Err(format!("unknown argument `{other}`; usage: demo [--out DIR]")),
            },
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    let out = match out_dir() {
        Ok(out) => out,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 20));
    let artifacts = Artifacts::new(&out).formats(FORMATS);
    session.add_checkpoint_sink(artifacts.clone());
    let recorder = Recorder::new(out.join("demo.cast"));
    recorder.attach(&mut session);
    println!("rehearse demo: todo app, 80x20, controlled clock\n");
    println!("generation {} committed at mount\n", session.generation());
    let mut failed = None;
    for step in scenario() {
        match session.step(step) {
            Ok(result) => println!(
                "  step {:>2}  {:<48} -> generation {}",
                result.index,
                result.step.to_string(),
                result.generation
            ),
            Err(error) => {
                println!("  step {:>2}  {:<48} FAILED", error.index, error.step.to_string());
                failed = Some(error);
                break;
            }
        }
    }
    println!("\nScreen:\n");
    for line in rehearse::artifacts::Screen::from_frame(session.frame()).text().to_string().lines()
    {
        println!("  │{line}");
    }
    println!("\n{}", session.tree().to_markdown());
    let recording = recorder.finish();
    println!("Artifacts in {}:", out.display());
    for (name, _) in session.checkpoints() {
        let files: Vec<String> = FORMATS
            .iter()
            .map(|&format| artifacts.path(name, format))
            .filter(|path| path.exists())
            .map(|path| path.display().to_string())
            .collect();
        println!("  checkpoint {name}: {}", files.join(", "));
    }
    match &recording {
        Ok(path) => println!("  recording: {} (asciinema play {0})\n", path.display()),
        Err(error) => println!("  recording failed: {error}\n"),
    }
    println!("PNGs and recordings show what the user sees and are not redacted.\n");
    match (failed, recording) {
        (Some(error), _) => {
            eprintln!("scenario failed: {error}");
            ExitCode::FAILURE
        }
        (None, Err(error)) => {
            eprintln!("writing the recording failed: {error}");
            ExitCode::FAILURE
        }
        (None, Ok(_)) => {
            println!(
                "scenario passed: {} todos, {} left",
                session.app().todos().len(),
                session.app().remaining()
            );
            ExitCode::SUCCESS
        }
    }
}
