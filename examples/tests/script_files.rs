//! The examples driven by text scripts in `tests/scripts/`, parsed at run
//! time against each app's declared ids and refused keys.

use std::borrow::Cow;

use rehearse::engine::RunReport;
use rehearse::prelude::*;
use rehearse::script::ScriptRunError;
use rehearse_examples::login::LoginApp;
use rehearse_examples::todo::{Filter, TodoApp};

fn script(name: &str) -> String {
    let path = format!("{}/tests/scripts/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

fn run<C: Component>(session: &mut Session<C>, name: &'static str) -> RunReport {
    let text = script(name);
    let origin = Cow::Owned(format!("tests/scripts/{name}"));
    match session.run_named_script(&text, Some(origin)) {
        Ok(report) => report,
        Err(error) => panic!("{error}\n{}", session.tree().to_markdown()),
    }
}

#[test]
fn the_todo_script_adds_toggles_and_filters() {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    let report = run(&mut session, "todo.rehearse");
    assert_eq!(report.steps.len(), 15);
    // Every step names the file, line and column it was written at.
    let sources: Vec<String> = report.steps.iter().map(|step| step.source.to_string()).collect();
    assert_eq!(sources[0], "`click:#new-todo` (tests/scripts/todo.rehearse:2:1)");
    assert_eq!(sources[4], r#"`type:"Walk the dog; twice"` (tests/scripts/todo.rehearse:5:18)"#);
    assert_eq!(report.steps[4].step, AutomationStep::type_text("Walk the dog; twice"));
    assert_eq!(sources[14], "`checkpoint:active-only` (tests/scripts/todo.rehearse:14:1)");

    let app = session.app();
    let titles: Vec<&str> = app.todos().iter().map(|todo| todo.title.as_str()).collect();
    assert_eq!(titles, ["Buy milk", "Walk the dog; twice"]);
    assert!(app.todos()[0].done && !app.todos()[1].done);
    assert_eq!(app.filter(), Filter::Active);
    let visible: Vec<&str> = app.visible().iter().map(|todo| todo.title.as_str()).collect();
    assert_eq!(visible, ["Walk the dog; twice"]);
}

#[test]
fn the_login_script_fails_once_then_signs_in() {
    let mut session = Session::new(LoginApp::default(), SessionOptions::default().viewport(80, 24));
    let report = run(&mut session, "login.rehearse");
    assert_eq!(report.steps.len(), 11);
    assert_eq!(session.app().failed_attempts(), 1);
    assert_eq!(session.app().signed_in(), Some("ada"));
    assert_eq!(session.tree().by_id("welcome").unwrap().name, "Welcome, ada");
    assert_eq!(
        report.steps[8].source.to_string(),
        "`click:@button=Sign in` (tests/scripts/login.rehearse:10:1)"
    );
}

#[test]
fn a_script_with_mistakes_reports_every_one_and_runs_nothing() {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    let before = session.generation();
    let text =
        script("todo.rehearse").replace("#toggle-1", "#toggle").replace("key:enter", "key:entr");
    let Err(ScriptRunError::Invalid(errors)) =
        session.run_named_script(&text, Some("todo.rehearse".into()))
    else {
        panic!("the broken script ran");
    };
    let found: Vec<(usize, usize, &str)> =
        errors.iter().map(|error| (error.line, error.column, error.kind.as_str())).collect();
    assert_eq!(
        found,
        [(4, 5, "unknown-key"), (5, 50, "unknown-key"), (7, 8, "undeclared-id")],
        "{errors}"
    );
    assert!(errors.errors[2].message.contains("did you mean `#toggle-{n}`?"), "{errors}");
    assert_eq!(session.generation(), before);
}
