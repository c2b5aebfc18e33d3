//! The semantic tree a commit publishes: names, values and what is redacted.

use ratatui::layout::Rect;
use ratatui::widgets::Paragraph;
use rehearse::engine::MAX_TREE_DEPTH;
use rehearse::prelude::*;

/// A drawn sensitive value, and a text with no name of its own.
struct Secret;

impl Component for Secret {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let token = "sk-live-SECRET";
        ui.add(
            Rect::new(0, 0, 20, 1),
            Semantics::new(Paragraph::new(token))
                .value(token, Sensitivity::Sensitive)
                .automation_id("token"),
        );
        ui.add(Rect::new(0, 1, 20, 1), Semantics::new(Paragraph::new("Plain words")));
    }
}

#[test]
fn a_node_with_a_redacted_value_is_never_named_by_what_it_drew() {
    let session = Session::new(Secret, SessionOptions::default().viewport(20, 2));
    let tree = session.tree();
    let token = tree.by_id("token").unwrap();
    assert_eq!(token.name, "token", "named by its id, not by the secret it drew");
    for output in [tree.to_json(), tree.to_markdown()] {
        assert!(!output.contains("SECRET"), "{output}");
    }
    assert!(tree.containing_text("SECRET").is_empty());
    // Render inference still names a text that has no value.
    assert_eq!(tree.containing_text("Plain words").len(), 1);
}

/// A chain of `groups` nested groups under the root; the deepest has an id.
struct Deep {
    groups: usize,
}

fn nest(ui: &mut Ui<'_, usize>, left: usize) {
    let mut facts = SemanticFacts::new(SemanticRole::Group);
    if left == 1 {
        facts.automation_id = Some("deepest".into());
    }
    ui.node(Rect::new(0, 0, 4, 1), facts, |ui, _| {
        if left > 1 {
            nest(ui, left - 1);
        }
    });
}

impl Component for Deep {
    type Message = usize;
    fn update(&mut self, groups: usize, _: &mut Context<'_, Self>) {
        self.groups = groups;
    }
    fn view(&self, ui: &mut Ui<'_, usize>) {
        if self.groups > 0 {
            nest(ui, self.groups);
        }
    }
}

/// Runs `body` on a thread with the 2 MiB stack test threads get.
fn on_a_test_thread(body: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(2 << 20).spawn(body).unwrap().join().unwrap();
}

#[test]
fn a_tree_at_the_depth_limit_projects_and_prints_on_a_test_thread() {
    on_a_test_thread(|| {
        // The root is level 1: MAX_TREE_DEPTH - 1 groups reach the limit.
        let groups = MAX_TREE_DEPTH - 1;
        let mut session = Session::new(Deep { groups }, SessionOptions::default().viewport(8, 2));
        let tree = session.tree().clone();
        let deepest = tree.by_id("deepest").expect("the deepest group is in the tree");
        assert!(deepest.children.is_empty());
        assert_eq!(
            tree.path_to(|node| node.automation_id.is_some()).unwrap().matches('>').count(),
            groups
        );
        assert!(tree.to_json().contains("\"deepest\""));
        assert!(tree.to_markdown().contains("#deepest"));
        assert_eq!(&tree, session.tree());
        session.step(AutomationStep::click(Selector::id("deepest"))).unwrap_err();
        drop(tree);
    });
}

#[test]
fn a_tree_past_the_depth_limit_fails_its_commit_cleanly() {
    on_a_test_thread(|| {
        let too_deep = Deep { groups: MAX_TREE_DEPTH };
        let error = Session::try_new(too_deep, SessionOptions::default().viewport(8, 2))
            .err()
            .expect("too deep to start");
        assert!(
            matches!(&error, AutomationError::TreeTooDeep { limit: MAX_TREE_DEPTH, at } if at == "a `group` node #deepest"),
            "{error}"
        );
        assert_eq!(
            error.to_string(),
            "the semantic tree is deeper than the limit of 256 levels (MAX_TREE_DEPTH, docs/limits.md): a `group` node #deepest is at level 257; flatten the view"
        );
        // A running session: the step fails, the committed tree stays.
        let mut session =
            Session::new(Deep { groups: 3 }, SessionOptions::default().viewport(8, 2));
        let before = session.tree().clone();
        let error = session.send(MAX_TREE_DEPTH + 1000).unwrap_err();
        assert!(matches!(error, AutomationError::TreeTooDeep { .. }), "{error}");
        assert_eq!(session.tree(), &before);
        session.send(5).unwrap();
        assert!(session.tree().by_id("deepest").is_some());
    });
}

/// A heading with a test id and a wrapped gauge.
struct Board;

impl Component for Board {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(
            Rect::new(0, 0, 20, 1),
            Semantics::new(Paragraph::new("Kanban board"))
                .role(SemanticRole::Heading)
                .automation_id("board-title"),
        );
        ui.add(
            Rect::new(0, 1, 20, 1),
            Semantics::gauge(0.6, |gauge| gauge).label("Sync").automation_id("sync"),
        );
    }
}

#[test]
fn an_automation_id_never_shadows_the_name_the_drawn_text_gives() {
    let mut session = Session::new(Board, SessionOptions::default().viewport(20, 2));
    let title = session.tree().by_id("board-title").unwrap();
    assert_eq!(title.name, "Kanban board", "render inference ranks above the id");
    session
        .step(AutomationStep::wait_for(
            WaitCondition::new(
                Predicate::Exists,
                Selector::role(SemanticRole::Heading).name("Kanban board"),
            ),
            std::time::Duration::from_millis(10),
        ))
        .unwrap();
}

#[test]
fn a_wrapped_gauge_publishes_its_ratio_as_its_value() {
    let session = Session::new(Board, SessionOptions::default().viewport(20, 2));
    let sync = session.tree().by_id("sync").unwrap();
    assert_eq!((sync.role, sync.name.as_str()), (SemanticRole::ProgressBar, "Sync"));
    assert_eq!(sync.public_value(), Some("60%"));
}
