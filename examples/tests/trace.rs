//! Traces of real runs of the todo app: a failing run keeps its trace
//! (`trace.json`, `trace.md`, `trace.html`) and its error names where; a
//! passing one keeps nothing unless the mode is `on`; every step records
//! what it was, where it was written, its inputs, its target, its waits,
//! the screen and the tree; typed secrets never reach a file.

use rehearse::prelude::*;
use rehearse::trace::model::{InputRecord, StepStatus};
use rehearse::trace::{TraceDocument, TraceMode, TraceNote, TraceOptions, TracePaths};
use rehearse_examples::todo::TodoApp;

fn traced(app: TodoApp, mode: TraceMode, dir: &std::path::Path) -> Session<TodoApp> {
    Session::new(app, SessionOptions::default().viewport(60, 12))
        .traced(TraceOptions::new().mode(mode).dir(dir).title("todo trace"))
}

fn written(note: Option<&TraceNote>) -> TracePaths {
    match note {
        Some(TraceNote::Written(paths)) => paths.clone(),
        other => panic!("expected a written trace, got {other:?}"),
    }
}

#[test]
fn a_failing_run_keeps_its_trace_and_its_error_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = traced(TodoApp::with_items(3), TraceMode::RetainOnFailure, dir.path());
    let error = session
        .run(scenario! {
            click:#new-todo;
            type:"Buy milk";
            key:enter;
            wait-for:count=9,@list-item,200;
        })
        .unwrap_err();
    let paths = written(error.failed.trace.as_deref());
    let message = error.to_string();
    assert!(message.contains(&paths.html.display().to_string()), "{message}");
    assert!(message.contains("trace.md"), "{message}");

    let document =
        TraceDocument::from_json(&std::fs::read_to_string(&paths.json).unwrap()).unwrap();
    assert_eq!(document.steps.len(), 4);
    assert_eq!(document.failed_step, Some(3));
    assert_eq!(document.plane, "engine");
    assert_eq!(document.title, "todo trace");
    let click = &document.steps[0];
    assert_eq!(click.spelling, "click:#new-todo");
    let origin = click.origin.as_ref().expect("written in this file");
    assert!(origin.file.as_deref().unwrap().ends_with("tests/trace.rs"), "{origin:?}");
    let target = click.target.as_ref().expect("the click's target");
    assert_eq!(target.id.as_deref(), Some("new-todo"));
    assert_eq!(target.role.as_deref(), Some("text-box"));
    let [x, y, w, h] = target.bounds.unwrap();
    let [col, row] = target.hit.unwrap();
    assert!(
        (x..x + w).contains(&i32::from(col)) && (y..y + h).contains(&i32::from(row)),
        "{target:?}"
    );
    assert!(matches!(&click.inputs[..], [InputRecord::Pointer { .. }, _, _]), "{:?}", click.inputs);
    assert_eq!(click.settle.as_ref().unwrap().kind, "drain");
    assert!(click.generation.after > click.generation.before);

    let typed = &document.steps[1];
    assert_eq!(typed.inputs, vec![InputRecord::Text { text: "Buy milk".into() }]);
    let screen = document.screen_text(typed.screen.unwrap()).join("\n");
    assert!(screen.contains("Buy milk"), "{screen}");
    assert_ne!(typed.screen, typed.screen_before, "typing changed the screen");

    let wait = &document.steps[3];
    assert_eq!(wait.status, StepStatus::Failed);
    assert!(
        !wait.waits.is_empty() && wait.waits.iter().all(|wait| !wait.holds),
        "{:?}",
        wait.waits
    );
    assert!(wait.waits[0].why.as_deref().unwrap().starts_with("4 matched"), "{:?}", wait.waits);
    let failure = wait.error.as_ref().unwrap();
    assert!(failure.message.contains("count=9"), "{}", failure.message);
    // The tree after the last step holds the new item.
    let tree = &document.trees[wait.tree.unwrap()];
    let names: Vec<&str> = document.nodes.iter().map(|node| node.name.as_str()).collect();
    assert!(names.contains(&"Buy milk"), "{names:?}");
    assert_eq!(document.nodes[tree.root].role, "application");

    let markdown = std::fs::read_to_string(&paths.markdown).unwrap();
    let failure_at = markdown.find("## Failure").expect("the failure section");
    assert!(failure_at < markdown.find("## Steps").unwrap(), "the failure comes first");
    assert!(markdown.contains("wait-for:count=9,@list-item,200"), "{markdown}");
    assert!(markdown.contains("tests/trace.rs:"), "{markdown}");
    let html = std::fs::read_to_string(&paths.html).unwrap();
    // The page embeds trace.json itself (gzipped), so it shows the new item too.
    let embedded = rehearse::trace::write::html::embedded_json(&html).expect("the embedded trace");
    assert_eq!(embedded, std::fs::read_to_string(&paths.json).unwrap());
    assert!(embedded.contains("Buy milk"));
}

#[test]
fn a_passing_run_keeps_nothing_unless_the_mode_is_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = traced(TodoApp::with_items(2), TraceMode::RetainOnFailure, dir.path());
    let report = session.run(scenario! { key:tab; }).unwrap();
    assert_eq!(report.trace, None);
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none(), "nothing written");

    let mut session = traced(TodoApp::with_items(2), TraceMode::On, dir.path());
    let report = session.run(scenario! { key:tab; }).unwrap();
    let paths = written(report.trace.as_deref());
    let document =
        TraceDocument::from_json(&std::fs::read_to_string(&paths.json).unwrap()).unwrap();
    assert_eq!(document.failed_step, None);
    assert_eq!(document.steps[0].inputs, vec![InputRecord::Key { key: "tab".into() }]);
}

#[test]
fn a_typed_secret_reaches_no_file_of_the_trace() {
    let secret = "correct-horse-battery";
    let dir = tempfile::tempdir().unwrap();
    let mut session = traced(TodoApp::with_items(1), TraceMode::RetainOnFailure, dir.path());
    session.step(AutomationStep::click(Selector::id("new-todo"))).unwrap();
    session.step(AutomationStep::type_secret(Secret::value(secret))).unwrap();
    // The app shows what was typed: the screen and the tree hold it.
    assert!(session.tree().nodes().any(|node| node.public_value() == Some(secret)));
    let error = session.step(AutomationStep::click(Selector::id("nowhere"))).unwrap_err();
    let paths = written(error.trace.as_deref());
    for file in [&paths.json, &paths.markdown, &paths.html] {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(!text.contains(secret), "{} holds the secret", file.display());
    }
    let document =
        TraceDocument::from_json(&std::fs::read_to_string(&paths.json).unwrap()).unwrap();
    let typed = &document.steps[1];
    assert!(matches!(&typed.inputs[..], [InputRecord::Secret { .. }]), "{:?}", typed.inputs);
    let screen = document.screen_text(typed.screen.unwrap()).join("\n");
    assert!(screen.contains("<redacted>"), "{screen}");
}

/// A tree of the document, node by node in document order: what the
/// recorder kept of it.
fn recorded_tree(document: &TraceDocument, at: usize) -> Vec<String> {
    fn walk(document: &TraceDocument, at: usize, out: &mut Vec<String>) {
        let node = &document.nodes[at];
        let states = &node.states;
        out.push(format!(
            "{} {:?} {:?} {:?} {:?} checked={} focused={} selected={}",
            node.role,
            node.name,
            node.id,
            node.bounds,
            node.value.as_ref().and_then(|value| value.get("text")),
            states.get("checked").map_or("-".into(), ToString::to_string),
            states.get("focused").map_or("-".into(), ToString::to_string),
            states.get("selected").map_or("-".into(), ToString::to_string),
        ));
        for &child in &node.children {
            walk(document, child, out);
        }
    }
    let mut out = Vec::new();
    walk(document, document.trees[at].root, &mut out);
    out
}

/// The committed tree, spelled as [`recorded_tree`] spells it.
fn committed_tree(tree: &SemanticTree) -> Vec<String> {
    let json: serde_json::Value = serde_json::from_str(&tree.to_json()).unwrap();
    fn walk(node: &serde_json::Value, out: &mut Vec<String>) {
        let states = &node["states"];
        let bounds = &node["bounds"];
        let bounds = [&bounds["x"], &bounds["y"], &bounds["width"], &bounds["height"]]
            .map(|value| i32::try_from(value.as_i64().unwrap()).unwrap());
        out.push(format!(
            "{} {:?} {:?} {:?} {:?} checked={} focused={} selected={}",
            node["role"].as_str().unwrap(),
            node["name"].as_str().unwrap_or(""),
            node.get("id").and_then(|id| id.as_str()),
            bounds,
            node.get("value").and_then(|value| value.get("text")),
            states.get("checked").map_or("-".into(), ToString::to_string),
            states.get("focused").map_or("-".into(), ToString::to_string),
            states.get("selected").map_or("-".into(), ToString::to_string),
        ));
        for child in node.get("children").and_then(|c| c.as_array()).into_iter().flatten() {
            walk(child, out);
        }
    }
    let mut out = Vec::new();
    walk(&json["root"], &mut out);
    out
}

#[test]
fn every_step_records_the_screen_and_the_tree_it_committed() {
    // Recording reuses what did not change (subtrees the engine carried
    // over, rows seen before at their place): after each of many steps
    // that toggle rows back and forth, type, filter, delete and move the
    // focus, the step's recorded screen and tree are the committed ones.
    use rehearse_examples::todo::ids;
    let dir = tempfile::tempdir().unwrap();
    let mut session =
        Session::new(TodoApp::with_items(30), SessionOptions::default().viewport(60, 16))
            .traced(TraceOptions::new().mode(TraceMode::On).dir(dir.path()));
    let mut steps = Vec::new();
    for round in 0..4u64 {
        for n in [1, 2, 1, 3, 2, 1] {
            steps.push(AutomationStep::click(Selector::id(ids::toggle(n + round))));
        }
        steps.push(AutomationStep::click(Selector::id(ids::NEW_TODO)));
        steps.push(AutomationStep::type_text(format!("item {round}")));
        steps.push(AutomationStep::key(KeyCode::Enter));
        steps.push(AutomationStep::focus(Selector::id(ids::LIST)));
        steps.push(AutomationStep::key(KeyCode::Down));
        steps.push(AutomationStep::key(KeyCode::Down));
        steps.push(AutomationStep::key(KeyCode::Up));
        steps.push(AutomationStep::click(Selector::id(ids::filter("done"))));
        steps.push(AutomationStep::click(Selector::id(ids::filter("all"))));
        steps.push(AutomationStep::click(Selector::id(ids::delete(10 + round))));
        steps.push(AutomationStep::click(Selector::id(ids::CONFIRM_YES)));
    }
    let mut committed = Vec::new();
    for step in steps {
        session.step(step.clone()).unwrap_or_else(|error| panic!("{step}: {error}"));
        let screen = rehearse::artifacts::Screen::from_frame(session.frame()).text().to_string();
        let screen: Vec<String> = screen.lines().map(|line| line.trim_end().to_owned()).collect();
        committed.push((step, screen, committed_tree(session.tree())));
    }
    let report = session.run(Vec::<AutomationStep>::new()).unwrap();
    let paths = written(report.trace.as_deref());
    let document =
        TraceDocument::from_json(&std::fs::read_to_string(&paths.json).unwrap()).unwrap();
    assert_eq!(document.steps.len(), committed.len());
    for (record, (step, screen, tree)) in document.steps.iter().zip(&committed) {
        let recorded_screen: Vec<String> = document
            .screen_text(record.screen.unwrap())
            .into_iter()
            .map(|line| line.trim_end().to_owned())
            .collect();
        assert_eq!(&recorded_screen[..screen.len()], &screen[..], "the screen after `{step}`");
        assert_eq!(
            &recorded_tree(&document, record.tree.unwrap()),
            tree,
            "the tree after `{step}`"
        );
    }
}

#[test]
fn the_engine_stamps_what_it_projects_afresh_and_keeps_what_it_carries() {
    // What lets a trace skip a subtree: the engine leaves the stamp of a
    // subtree it carried over as it was, and stamps anew what it projected.
    use rehearse_examples::todo::ids;
    let mut session =
        Session::new(TodoApp::with_items(50), SessionOptions::default().viewport(60, 40));
    session.step(AutomationStep::click(Selector::id(ids::toggle(1)))).unwrap();
    let stamps = |tree: &SemanticTree| -> Vec<(Option<String>, u64)> {
        tree.nodes()
            .map(|node| (node.automation_id.as_ref().map(|id| id.to_string()), node.stamp.0))
            .collect()
    };
    let before = stamps(session.tree());
    session.step(AutomationStep::click(Selector::id(ids::toggle(3)))).unwrap();
    let after = stamps(session.tree());
    assert_eq!(before.len(), after.len());
    assert!(after.iter().all(|(_, stamp)| *stamp != 0), "every node is stamped");
    let toggled = after.iter().position(|(id, _)| id.as_deref() == Some("toggle-3")).unwrap();
    assert_ne!(before[toggled].1, after[toggled].1, "the toggled row was projected afresh");
    let untouched = after.iter().position(|(id, _)| id.as_deref() == Some("toggle-30")).unwrap();
    assert_eq!(before[untouched].1, after[untouched].1, "a row carried over keeps its stamp");
    let kept = before.iter().zip(&after).filter(|(a, b)| a.1 == b.1).count();
    assert!(kept > 100, "most of the 150 row nodes were carried: {kept} of {}", after.len());
}

#[test]
fn by_default_a_failing_step_names_its_trace() {
    // The default mode is `retain-on-failure`: a session whose options
    // choose no mode keeps a failing step's trace and names it — unless
    // the environment running the tests chooses a mode, which then rules.
    assert_eq!(TraceMode::DEFAULT, TraceMode::RetainOnFailure);
    let mut session =
        Session::new(TodoApp::with_items(2), SessionOptions::default().viewport(60, 12));
    let error = session.step(AutomationStep::click(Selector::id("nowhere"))).unwrap_err();
    let message = error.to_string();
    match TraceMode::from_env().unwrap().unwrap_or(TraceMode::DEFAULT) {
        TraceMode::Off => assert!(message.contains("no trace was recorded"), "{message}"),
        _ => {
            let paths = written(error.trace.as_deref());
            assert!(message.contains(&paths.html.display().to_string()), "{message}");
            assert!(paths.html.is_file() && paths.markdown.is_file());
            let dir = paths.dir.display().to_string();
            assert!(dir.contains("rehearse/traces/trace.by_default"), "{dir}");
        }
    }
}
