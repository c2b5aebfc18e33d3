//! The main job: a real scenario run headlessly against the todo app.
//!
//! Prints each step (index, operation, generation), the final screen and the
//! final semantic tree as Markdown.

use std::process::ExitCode;
use std::time::Duration;

use rehearse::prelude::*;
use rehearse_examples::todo::{Filter, TodoApp, ids};

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
        AutomationStep::click(Selector::role(SemanticRole::Button).name("Delete")),
        AutomationStep::wait_for(
            WaitCondition::new(Predicate::Missing, Selector::id(ids::item(2))),
            wait,
        ),
        AutomationStep::click(Selector::id(ids::filter(Filter::All))),
        AutomationStep::checkpoint("done"),
    ]
}

fn main() -> ExitCode {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 20));
    println!("rehearse demo: todo app, 80x20, controlled clock\n");
    println!("generation {} committed at mount\n", session.generation());
    let steps = scenario();
    let mut failed = None;
    for step in steps {
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
    let buffer = session.buffer();
    for row in 0..buffer.area.height {
        let line: String = (0..buffer.area.width).map(|col| buffer[(col, row)].symbol()).collect();
        println!("  │{}", line.trim_end());
    }
    println!("\n{}", session.tree().to_markdown());
    match failed {
        Some(error) => {
            eprintln!("scenario failed: {error}");
            ExitCode::FAILURE
        }
        None => {
            println!(
                "scenario passed: {} todos, {} left",
                session.app().todos().len(),
                session.app().remaining()
            );
            ExitCode::SUCCESS
        }
    }
}
