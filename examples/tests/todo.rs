//! The todo example driven through the executor, asserting on the semantic
//! tree, the rendered buffer and the app state.

use rehearse::prelude::*;
use rehearse_examples::todo::{TodoApp, ids};

fn session(app: TodoApp) -> Session<TodoApp> {
    Session::new(app, SessionOptions::default().viewport(80, 24))
}

fn run(session: &mut Session<TodoApp>, steps: Vec<AutomationStep>) {
    if let Err(error) = session.run(steps) {
        panic!("{error}\n{}", session.tree().to_markdown());
    }
}

fn add(title: &str) -> Vec<AutomationStep> {
    vec![
        AutomationStep::click(Selector::id(ids::NEW_TODO)),
        AutomationStep::type_text(title),
        AutomationStep::key(KeyCode::Enter),
    ]
}

fn screen(session: &Session<TodoApp>) -> String {
    let buffer = session.buffer();
    (0..buffer.area.height)
        .map(|row| {
            (0..buffer.area.width).map(|col| buffer[(col, row)].symbol()).collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn enter_adds_a_todo_and_clears_the_field() {
    let mut session = session(TodoApp::default());
    run(&mut session, add("Buy milk"));
    let tree = session.tree();
    let items = tree.by_role_and_name(SemanticRole::ListItem, Some("Buy milk"));
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].automation_id.as_ref().unwrap().as_str(), ids::item(1));
    assert_eq!(tree.by_id(ids::NEW_TODO).unwrap().public_value(), Some(""));
    assert_eq!(tree.by_id(ids::STATUS).unwrap().name, "1 item left · 0 done · 1 total");
    assert!(screen(&session).contains("Buy milk"));
}

#[test]
fn every_step_reports_its_index_and_a_new_generation() {
    let mut session = session(TodoApp::default());
    let start = session.generation();
    let report = session.run(add("Buy milk")).unwrap();
    let indices: Vec<usize> = report.steps.iter().map(|step| step.index).collect();
    assert_eq!(indices, [0, 1, 2]);
    let generations: Vec<u64> = report.steps.iter().map(|step| step.generation.0).collect();
    assert_eq!(generations, [start.0 + 1, start.0 + 2, start.0 + 3]);
    assert_eq!(report.last_generation(), Some(session.generation()));
    assert_eq!(session.tree().generation, session.generation());
}

#[test]
fn toggling_a_todo_checks_it_and_updates_the_counts() {
    let mut session = session(TodoApp::default());
    run(&mut session, [add("Buy milk"), add("Walk dog")].concat());
    run(&mut session, vec![AutomationStep::click(Selector::id(ids::toggle(1)))]);
    let toggle = session.tree().by_id(&ids::toggle(1)).unwrap().clone();
    assert_eq!(toggle.role, SemanticRole::Checkbox);
    assert_eq!(toggle.name, "Buy milk");
    assert_eq!(toggle.states.checked, Some(Checked::True));
    assert_eq!(session.tree().by_id(&ids::toggle(2)).unwrap().states.checked, Some(Checked::False));
    assert_eq!(session.tree().by_id(ids::STATUS).unwrap().name, "1 item left · 1 done · 2 total");
    assert!(session.app().todos()[0].done);
}

#[test]
fn delete_asks_in_a_modal_dialog_hoisted_after_the_app_content() {
    let mut session = session(TodoApp::default());
    run(&mut session, [add("Buy milk"), add("Walk dog")].concat());
    run(&mut session, vec![AutomationStep::click(Selector::id(ids::delete(1)))]);

    let tree = session.tree();
    let root = &tree.root;
    let dialog = root.children.last().unwrap();
    assert_eq!(dialog.role, SemanticRole::Dialog, "the overlay root comes last");
    assert_eq!(dialog.automation_id.as_ref().unwrap().as_str(), ids::CONFIRM);
    assert_eq!(dialog.name, "Delete “Buy milk”?");
    assert_eq!(dialog.overlay_order, Some(1));
    assert_eq!(dialog.bounds, Bounds::new(18, 9, 44, 7), "the dialog's own bounds, centred");
    assert!(
        root.children[..root.children.len() - 1].iter().all(|node| node.overlay_order.is_none())
    );
    // One dialog node, no placeholder group beside it.
    assert_eq!(tree.by_role_and_name(SemanticRole::Dialog, None).len(), 1);
    assert!(dialog.children.iter().all(|child| child.role != SemanticRole::Group));
    // The modal traps focus on its first button.
    assert!(tree.by_id(ids::CONFIRM_YES).unwrap().is_focused());

    // The modal blocks the pointer beneath it.
    let error = session.step(AutomationStep::click(Selector::id(ids::toggle(2)))).unwrap_err();
    assert!(matches!(error.error, AutomationError::NotActionable { .. }), "{error}");
    assert!(error.to_string().contains("reaches nothing"), "{error}");

    run(&mut session, vec![AutomationStep::click(Selector::id(ids::CONFIRM_YES))]);
    assert!(session.tree().by_id(ids::CONFIRM).is_none());
    assert_eq!(session.app().todos().len(), 1);
    assert_eq!(session.app().todos()[0].title, "Walk dog");
}

#[test]
fn escape_dismisses_the_dialog_and_focus_returns() {
    let mut session = session(TodoApp::default());
    run(&mut session, add("Buy milk"));
    run(&mut session, vec![AutomationStep::focus(Selector::id(ids::delete(1)))]);
    run(&mut session, vec![AutomationStep::key(KeyCode::Enter)]);
    assert!(session.tree().by_id(ids::CONFIRM).is_some());
    run(&mut session, vec![AutomationStep::key(KeyCode::Esc)]);
    assert!(session.tree().by_id(ids::CONFIRM).is_none());
    assert_eq!(session.app().todos().len(), 1);
    assert!(session.tree().by_id(&ids::delete(1)).unwrap().is_focused(), "focus restored by key");
}

#[test]
fn tab_order_follows_the_render_and_is_trapped_in_the_modal() {
    let mut session = session(TodoApp::with_items(2));
    let focused = |session: &Session<TodoApp>| {
        let node = session.tree().focused().expect("something focused");
        node.automation_id.as_ref().map(|id| id.to_string()).unwrap_or_else(|| node.label())
    };
    let mut order = Vec::new();
    for _ in 0..6 {
        run(&mut session, vec![AutomationStep::key(KeyCode::Tab)]);
        order.push(focused(&session));
    }
    assert_eq!(
        order,
        [ids::NEW_TODO, ids::FILTERS, ids::LIST, &ids::delete(1), &ids::delete(2), ids::NEW_TODO]
    );
    run(&mut session, vec![AutomationStep::key(KeyCode::BackTab)]);
    assert_eq!(focused(&session), ids::delete(2));

    run(&mut session, vec![AutomationStep::key(KeyCode::Enter)]);
    let mut inside = Vec::new();
    for _ in 0..3 {
        run(&mut session, vec![AutomationStep::key(KeyCode::Tab)]);
        inside.push(focused(&session));
    }
    assert_eq!(inside, [ids::CONFIRM_NO, ids::CONFIRM_YES, ids::CONFIRM_NO]);
}

#[test]
fn a_long_list_scrolls_and_reports_what_is_out_of_view() {
    let mut session = session(TodoApp::with_items(200));
    let tree = session.tree();
    let list = tree.by_id(ids::LIST).unwrap();
    assert_eq!(list.children.len(), 200, "every item is in the tree");
    let first = tree.by_id(&ids::item(1)).unwrap();
    assert!(first.in_view);
    let far = tree.by_id(&ids::item(150)).unwrap();
    assert!(!far.in_view);
    assert!(far.states.offscreen && far.states.hidden);
    assert!(far.clipped_bounds.is_empty());
    assert_eq!(far.bounds.height, 1, "layout bounds keep their size");

    // Acting on an item out of view is refused, not guessed.
    let error = session.step(AutomationStep::click(Selector::id(ids::toggle(150)))).unwrap_err();
    assert!(matches!(error.error, AutomationError::NotInView { .. }), "{error}");

    // Selecting with the keyboard scrolls the selection into view.
    run(
        &mut session,
        vec![AutomationStep::focus(Selector::id(ids::LIST)), AutomationStep::key(KeyCode::End)],
    );
    let last = session.tree().by_id(&ids::item(200)).unwrap().clone();
    assert!(last.in_view);
    assert_eq!(last.states.selected, Some(true));
    assert!(!session.tree().by_id(&ids::item(1)).unwrap().in_view);

    // The wheel scrolls too.
    run(
        &mut session,
        vec![AutomationStep::scroll_at(Selector::id(ids::LIST), ScrollDirection::Up)],
    );
    let viewport_rows = session.tree().by_id(ids::LIST).unwrap().bounds.height as usize;
    let visible = session
        .tree()
        .by_id(ids::LIST)
        .unwrap()
        .children
        .iter()
        .filter(|item| item.in_view)
        .count();
    assert_eq!(visible, viewport_rows);
    assert!(!session.tree().by_id(&ids::item(200)).unwrap().in_view);
}

#[test]
fn selectors_that_match_nothing_or_too_much_say_so() {
    let mut session = session(TodoApp::with_items(3));
    let error = session.step(AutomationStep::click(Selector::id("new-todoo"))).unwrap_err();
    assert_eq!(error.index, 0);
    assert_eq!(error.generation, session.generation());
    let message = error.to_string();
    assert!(message.starts_with("step 0 `click:#new-todoo` failed"), "{message}");
    assert!(message.contains("did you mean `#new-todo`?"), "{message}");

    let error =
        session.step(AutomationStep::click(Selector::role(SemanticRole::Checkbox))).unwrap_err();
    assert_eq!(error.index, 1);
    let AutomationError::AmbiguousMatch { matches, .. } = &error.error else { panic!("{error}") };
    assert_eq!(matches.len(), 3);
    assert!(matches[0].contains("checkbox \"Todo 1\" #toggle-1"), "{matches:?}");
    assert!(matches[2].contains("#toggle-3"), "{matches:?}");

    // Discovery returns every match in document order.
    let all = session.tree().find_all(&Selector::text_contains("Todo")).unwrap();
    let labels: Vec<String> = all.iter().map(|node| node.label()).collect();
    assert_eq!(labels[0], "list-item \"Todo 1\" #item-1");
    assert_eq!(labels[1], "checkbox \"Todo 1\" #toggle-1");
}

#[test]
fn keyboard_toggle_and_delete_on_the_selection() {
    let mut session = session(TodoApp::with_items(3));
    run(
        &mut session,
        vec![
            AutomationStep::focus(Selector::id(ids::LIST)),
            AutomationStep::key(KeyCode::Down),
            AutomationStep::key(KeyCode::Char(' ')),
        ],
    );
    assert!(session.app().todos()[0].done, "Space toggled the selected todo");
    run(
        &mut session,
        vec![AutomationStep::key(KeyCode::Delete), AutomationStep::key(KeyCode::Enter)],
    );
    assert_eq!(session.app().todos().len(), 2);
}

#[test]
fn filter_tabs_show_all_active_or_done_items() {
    let mut session = session(TodoApp::with_items(6));
    let titles = |session: &Session<TodoApp>| -> Vec<String> {
        session
            .tree()
            .by_id(ids::LIST)
            .unwrap()
            .children
            .iter()
            .map(|item| item.name.clone())
            .collect()
    };
    let tabs = session.tree().by_id(ids::FILTERS).unwrap().clone();
    assert_eq!(tabs.role, SemanticRole::TabList);
    let names: Vec<&str> = tabs.children.iter().map(|tab| tab.name.as_str()).collect();
    assert_eq!(names, ["All", "Active", "Done"]);
    assert_eq!(tabs.children[0].states.selected, Some(true));
    assert_eq!(titles(&session).len(), 6);

    run(&mut session, vec![AutomationStep::click(Selector::id("filter-done"))]);
    assert_eq!(titles(&session), ["Todo 3", "Todo 6"]);
    assert_eq!(session.tree().by_id("filter-done").unwrap().states.selected, Some(true));
    assert_eq!(session.tree().by_id("filter-all").unwrap().states.selected, Some(false));

    run(
        &mut session,
        vec![AutomationStep::click(Selector::role(SemanticRole::Tab).name("Active"))],
    );
    assert_eq!(titles(&session), ["Todo 1", "Todo 2", "Todo 4", "Todo 5"]);
    // Toggling an active item moves it out of the Active view.
    run(&mut session, vec![AutomationStep::click(Selector::id(ids::toggle(1)))]);
    assert_eq!(titles(&session), ["Todo 2", "Todo 4", "Todo 5"]);
    assert_eq!(session.tree().by_id(ids::STATUS).unwrap().name, "3 items left · 3 done · 6 total");
}
