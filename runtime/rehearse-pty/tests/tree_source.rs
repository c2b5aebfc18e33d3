//! A `Terminal` with a `TreeSource`: `#id` and `@role` resolve against the
//! tree the program publishes, a node something is drawn over refuses the
//! click naming what is on top, a source that fails fails the step with the
//! screen's tree committed, and a source that stops publishing gives the
//! screen's lines back. The program is a real shell; the tree stands in for
//! what a rehearse app would serve over its socket.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ratatui::layout::Size;
use rehearse_core::semantic::{Bounds, Generation, SemanticNode, SemanticTree};
use rehearse_core::{AutomationError, TreeSource};
use rehearse_lang::{ActionSet, AutomationStep, Selector, SemanticAction, SemanticRole};
use rehearse_pty::{PtySessionOptions, Terminal};

/// What the source answers next: a tree, nothing, or a failure.
#[derive(Clone)]
enum Answer {
    Tree(Box<SemanticTree>),
    Nothing,
    Fails,
}

#[derive(Clone)]
struct Scripted(Arc<Mutex<Answer>>);

impl TreeSource for Scripted {
    fn fetch(&mut self) -> Result<Option<SemanticTree>, AutomationError> {
        match self.0.lock().unwrap().clone() {
            Answer::Tree(tree) => Ok(Some(*tree)),
            Answer::Nothing => Ok(None),
            Answer::Fails => Err(AutomationError::NotActionable {
                target: self.describe(),
                operation: "reading the program's semantic tree".into(),
                reason: "it answered nonsense".into(),
            }),
        }
    }

    fn describe(&self) -> String {
        "a scripted tree".into()
    }
}

/// A button at the top left, and optionally a dialog over it.
fn tree(dialog: bool) -> SemanticTree {
    let clickable = ActionSet::from_slice(&[SemanticAction::Click]);
    let mut ok = SemanticNode::new(SemanticRole::Button, Bounds::new(0, 0, 10, 1))
        .with_id("ok".parse().unwrap())
        .with_name("OK")
        .with_actions(clickable);
    ok.actionable = true;
    ok.identity.0 = 1;
    let mut root =
        SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 40, 5)).with_child(ok);
    if dialog {
        let mut over =
            SemanticNode::new(SemanticRole::Dialog, Bounds::new(0, 0, 20, 3)).with_name("Busy");
        over.overlay_order = Some(1);
        over.identity.0 = 2;
        root = root.with_child(over);
    }
    SemanticTree::new(Generation(1), Size::new(40, 5), root)
}

fn terminal(answer: &Arc<Mutex<Answer>>) -> Terminal {
    // Mouse reporting on (SGR), so a click can be written.
    let options = PtySessionOptions::new("/bin/sh")
        .args(["-c", "printf '\\033[?1000h\\033[?1006hready'; exec sleep 600"])
        .size(40, 5)
        .quiet_window(Some(Duration::from_millis(50)));
    let mut terminal = Terminal::spawn(options).unwrap().with_tree_source(Scripted(answer.clone()));
    *answer.lock().unwrap() = Answer::Nothing;
    terminal.run_script("wait-for:exists,text~\"ready\",5000").unwrap();
    terminal
}

#[test]
fn ids_resolve_in_the_published_tree_and_a_covered_node_refuses_the_click() {
    let answer = Arc::new(Mutex::new(Answer::Nothing));
    let mut terminal = terminal(&answer);
    *answer.lock().unwrap() = Answer::Tree(Box::new(tree(false)));
    terminal.run(vec![AutomationStep::drain()]).unwrap();
    assert!(terminal.tree().nodes().any(|node| node.name == "OK"));
    terminal.run(vec![AutomationStep::click(Selector::id("ok"))]).unwrap();

    *answer.lock().unwrap() = Answer::Tree(Box::new(tree(true)));
    terminal.run(vec![AutomationStep::drain()]).unwrap();
    let error = terminal.run(vec![AutomationStep::click(Selector::id("ok"))]).unwrap_err();
    let AutomationError::NotActionable { reason, .. } = &error.failed.error else {
        panic!("{error}")
    };
    assert!(reason.contains("dialog \"Busy\""), "{reason}");
    // In the words every plane uses for a covered node.
    assert!(
        reason.ends_with(
            "not it (something drawn over it covers it there, or it takes no pointer there)"
        ),
        "{reason}"
    );
}

#[test]
fn a_failing_source_fails_the_step_and_nothing_published_gives_the_screen_back() {
    let answer = Arc::new(Mutex::new(Answer::Nothing));
    let mut terminal = terminal(&answer);
    *answer.lock().unwrap() = Answer::Tree(Box::new(tree(false)));
    terminal.run(vec![AutomationStep::drain()]).unwrap();
    let published = terminal.generation();

    *answer.lock().unwrap() = Answer::Fails;
    let error = terminal.run(vec![AutomationStep::drain()]).unwrap_err();
    assert!(error.to_string().contains("it answered nonsense"), "{error}");
    // The commit stands, with the screen's tree.
    assert!(terminal.generation() > published);
    assert!(
        terminal.tree().nodes().any(|node| node.name.contains("ready")),
        "{:?}",
        terminal.tree()
    );
    assert!(!terminal.tree().nodes().any(|node| node.name == "OK"));

    *answer.lock().unwrap() = Answer::Tree(Box::new(tree(false)));
    terminal.run(vec![AutomationStep::drain()]).unwrap();
    assert!(terminal.tree().nodes().any(|node| node.name == "OK"));
    *answer.lock().unwrap() = Answer::Nothing;
    terminal.run(vec![AutomationStep::drain()]).unwrap();
    assert!(terminal.tree().nodes().any(|node| node.name.contains("ready")));
    let error = terminal.run(vec![AutomationStep::click(Selector::id("ok"))]).unwrap_err();
    assert!(matches!(error.failed.error, AutomationError::NoMatch { .. }), "{error}");
}
