//! The todo example driven by `scenario!`s checked against the app's
//! declared ids at compile time, asserting on the semantic tree, the
//! rendered buffer and the app state.

use rehearse::Scenario;
use rehearse::engine::RunReport;
use rehearse::prelude::*;
use rehearse::script::ScriptRunError;
use rehearse_examples::todo::{TodoApp, ids};

fn session(app: TodoApp) -> Session<TodoApp> {
    Session::new(app, SessionOptions::default().viewport(80, 24))
}

fn run(session: &mut Session<TodoApp>, scenario: Scenario) -> RunReport {
    match session.run(scenario) {
        Ok(report) => report,
        Err(error) => panic!("{error}\n{}", session.tree().to_markdown()),
    }
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
    run(
        &mut session,
        scenario! {
            app = TodoApp;
            click:#new-todo;
            type:"Buy milk";
            key:enter;
        },
    );
    let tree = session.tree();
    let items = tree.by_role_and_name(SemanticRole::ListItem, Some("Buy milk"));
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].automation_id.as_ref().unwrap().as_str(), ids::item(1));
    assert_eq!(tree.by_id(ids::NEW_TODO).unwrap().public_value(), Some(""));
    assert_eq!(tree.by_id(ids::STATUS).unwrap().name, "1 item left · 0 done · 1 total");
    assert!(screen(&session).contains("Buy milk"));
}

#[test]
fn every_step_reports_its_index_a_new_generation_and_where_it_was_written() {
    let mut session = session(TodoApp::default());
    let start = session.generation();
    let line = line!();
    let report = run(
        &mut session,
        scenario! {
            app = TodoApp;
            click:#new-todo;
            type:"Buy milk";
            key:enter;
        },
    );
    let indices: Vec<usize> = report.steps.iter().map(|step| step.index).collect();
    assert_eq!(indices, [0, 1, 2]);
    let generations: Vec<u64> = report.steps.iter().map(|step| step.generation.0).collect();
    assert_eq!(generations, [start.0 + 1, start.0 + 2, start.0 + 3]);
    assert_eq!(report.last_generation(), Some(session.generation()));
    assert_eq!(session.tree().generation, session.generation());
    // Each step keeps its spelling (free text quoted, as written) and the
    // file, line and column of its first token.
    let spellings: Vec<&str> = report.steps.iter().map(|step| &*step.source.spelling).collect();
    assert_eq!(spellings, ["click:#new-todo", r#"type:"Buy milk""#, "key:enter"]);
    let origin = report.steps[1].source.origin.as_ref().unwrap();
    assert!(origin.file.as_deref().unwrap().ends_with("tests/todo.rs"), "{origin}");
    assert_eq!((origin.line, origin.column), (line + 6, 13));
    assert_eq!(report.steps[2].source.origin.as_ref().unwrap().line, line + 7);
}

#[test]
fn toggling_a_todo_checks_it_and_updates_the_counts() {
    let mut session = session(TodoApp::default());
    run(
        &mut session,
        scenario! {
            app = TodoApp;
            click:#new-todo; type:"Buy milk"; key:enter;
            click:#new-todo; type:"Walk dog"; key:enter;
            click:#toggle-1;
        },
    );
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
    run(
        &mut session,
        scenario! {
            app = TodoApp;
            click:#new-todo; type:"Buy milk"; key:enter;
            click:#new-todo; type:"Walk dog"; key:enter;
            click:#delete-1;
        },
    );

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

    // What the modal covers is inert: in the tree, out of reach.
    let covered = tree.by_id(&ids::toggle(2)).unwrap();
    assert!(covered.states.inert && !covered.actionable);
    assert!(!dialog.states.inert && dialog.children.iter().all(|child| !child.states.inert));
    let error = session.run(scenario! { app = TodoApp; click:#toggle-2; }).unwrap_err();
    assert!(matches!(error.failed.error, AutomationError::NotActionable { .. }), "{error}");
    assert!(error.to_string().contains("it is inert: a modal dialog is open above it"), "{error}");
    // Role, name and text selectors pass over it.
    assert!(session.tree().by_role_and_name(SemanticRole::Checkbox, None).is_empty());
    assert!(session.tree().containing_text("Walk dog").is_empty());
    let error = session.run(scenario! { click:@checkbox="Walk dog"; }).unwrap_err();
    assert_eq!(
        error.failed.error.to_string(),
        "no `@checkbox` named `Walk dog`; there are no checkboxes; 1 match lies beneath the \
         open modal dialog `dialog \"Delete “Buy milk”?\" #confirm-delete` (inert until it closes)"
    );

    run(&mut session, scenario! { app = TodoApp; click:#confirm-yes; });
    assert!(session.tree().by_id(ids::CONFIRM).is_none());
    assert_eq!(session.app().todos().len(), 1);
    assert_eq!(session.app().todos()[0].title, "Walk dog");
}

#[test]
fn escape_dismisses_the_dialog_and_focus_returns() {
    let mut session = session(TodoApp::default());
    run(&mut session, scenario! { app = TodoApp; click:#new-todo; type:"Buy milk"; key:enter; });
    run(&mut session, scenario! { app = TodoApp; focus:#delete-1; key:enter; });
    assert!(session.tree().by_id(ids::CONFIRM).is_some());
    run(&mut session, scenario! { key:esc; });
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
    assert_eq!(focused(&session), ids::NEW_TODO, "the app focuses its input when it mounts");
    let mut order = Vec::new();
    for _ in 0..5 {
        run(&mut session, scenario! { key:tab; });
        order.push(focused(&session));
    }
    assert_eq!(order, [ids::FILTERS, ids::LIST, &ids::delete(1), &ids::delete(2), ids::NEW_TODO]);
    run(&mut session, scenario! { key:backtab; });
    assert_eq!(focused(&session), ids::delete(2));

    run(&mut session, scenario! { key:enter; });
    let mut inside = Vec::new();
    for _ in 0..3 {
        run(&mut session, scenario! { key:tab; });
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
    let error = session.run(scenario! { app = TodoApp; click:#toggle-150; }).unwrap_err();
    assert!(matches!(error.failed.error, AutomationError::NotInView { .. }), "{error}");

    // Selecting with the keyboard scrolls the selection into view.
    run(&mut session, scenario! { app = TodoApp; focus:#todos; key:end; });
    let last = session.tree().by_id(&ids::item(200)).unwrap().clone();
    assert!(last.in_view);
    assert_eq!(last.states.selected, Some(true));
    assert!(!session.tree().by_id(&ids::item(1)).unwrap().in_view);

    // The wheel scrolls too.
    run(&mut session, scenario! { app = TodoApp; scroll:#todos,up; });
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
    // Without `app = TodoApp;` the id is not checked at compile time, so the
    // misspelling reaches the session, which names the step, where it was
    // written and the closest id in the tree.
    let error = session.run(scenario! { click:#new-todoo; }).unwrap_err();
    let error = &error.failed;
    assert_eq!(error.index, 0);
    assert_eq!(error.generation, session.generation());
    let message = error.to_string();
    assert!(message.starts_with("step 0 `click:#new-todoo` ("), "{message}");
    assert!(message.contains("tests/todo.rs:"), "{message}");
    assert!(message.contains("did you mean `#new-todo`?"), "{message}");

    // Step indices continue from the run.
    let error =
        session.step(AutomationStep::click(Selector::role(SemanticRole::Checkbox))).unwrap_err();
    assert_eq!(error.index, 1);
    let AutomationError::AmbiguousMatch { matches, .. } = &error.error else { panic!("{error}") };
    assert_eq!(matches.len(), 3);
    assert!(matches[0].contains("checkbox \"Todo 1\" #toggle-1"), "{matches:?}");
    assert!(matches[2].contains("#toggle-3"), "{matches:?}");

    // Discovery returns every match in document order: the deepest node
    // that holds the text, not the row named after its checkbox too.
    let all = session.tree().find_all(&Selector::text_contains("Todo")).unwrap();
    let labels: Vec<String> = all.iter().map(|node| node.label()).collect();
    assert_eq!(labels[0], "checkbox \"Todo 1\" #toggle-1");
    assert_eq!(labels[1], "button \"Delete “Todo 1”\" #delete-1");
    assert_eq!(labels.len(), 6, "{labels:?}");

    // A role and name that match nothing list what is there.
    let error = session.run(scenario! { click:@tab="Finished"; }).unwrap_err();
    assert_eq!(
        error.failed.error.to_string(),
        "no `@tab` named `Finished`; tabs: `All`, `Active`, `Done`"
    );
    // So does a wait whose selector matches nothing.
    let error = session.run(scenario! { wait-for:selected,@tab="Finished",0; }).unwrap_err();
    let message = error.failed.error.to_string();
    assert!(
        message.contains("the selector matched nothing (tabs: `All`, `Active`, `Done`)"),
        "{message}"
    );
}

#[test]
fn keyboard_toggle_and_delete_on_the_selection() {
    let mut session = session(TodoApp::with_items(3));
    run(&mut session, scenario! { app = TodoApp; focus:#todos; key:down; key:space; });
    assert!(session.app().todos()[0].done, "Space toggled the selected todo");
    run(&mut session, scenario! { app = TodoApp; key:delete; key:enter; });
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

    run(&mut session, scenario! { app = TodoApp; click:#filter-done; });
    assert_eq!(titles(&session), ["Todo 3", "Todo 6"]);
    assert_eq!(session.tree().by_id("filter-done").unwrap().states.selected, Some(true));
    assert_eq!(session.tree().by_id("filter-all").unwrap().states.selected, Some(false));

    run(&mut session, scenario! { app = TodoApp; click:@tab="Active"; });
    assert_eq!(titles(&session), ["Todo 1", "Todo 2", "Todo 4", "Todo 5"]);
    // Toggling an active item moves it out of the Active view.
    run(&mut session, scenario! { app = TodoApp; click:#toggle-1; });
    assert_eq!(titles(&session), ["Todo 2", "Todo 4", "Todo 5"]);
    assert_eq!(session.tree().by_id(ids::STATUS).unwrap().name, "3 items left · 3 done · 6 total");
}

#[test]
fn the_declared_ids_cover_everything_the_view_renders() {
    // Strict ids: every commit fails if the tree holds an id `ids::DECLARED`
    // does not declare, so the declarations cannot drift from the view.
    let options = SessionOptions::default().viewport(80, 24).strict_ids(true);
    let mut session = Session::new(TodoApp::with_items(3), options);
    run(
        &mut session,
        scenario! {
            app = TodoApp;
            click:#new-todo; type:"Buy milk"; key:enter;
            click:#toggle-4;
            click:#filter-active; click:#filter-done; click:#filter-all;
            click:#delete-1;
            wait-for:exists,#confirm-delete,0;
            click:#confirm-no;
            focus:#todos; key:down; key:delete;
            click:#confirm-yes;
            wait-for:count=3,@list-item,0;
        },
    );
    assert_eq!(session.app().todos().len(), 3);
    for node in session.tree().nodes() {
        if let Some(id) = &node.automation_id {
            assert!(ids::DECLARED.contains(id.as_str()), "{id} is not declared");
        }
    }
}

#[test]
fn f6_copies_to_the_clipboard_so_automation_refuses_it() {
    let mut session = session(TodoApp::with_items(2));
    let before = session.generation();
    // `scenario! { app = TodoApp; key:f6; }` does not compile (see
    // ui-tests/fail/scenario/refused_key_todo.rs). Without the header, or
    // built in code, the session refuses the key before the app sees it.
    let error = session.run(scenario! { key:f6; }).unwrap_err();
    let AutomationError::RefusedKey { key, app } = &error.failed.error else { panic!("{error}") };
    assert_eq!(key.to_string(), "f6");
    assert!(app.ends_with("TodoApp"), "{app}");
    assert!(error.to_string().contains("refuses `f6` in automation"), "{error}");
    let error = session.step(AutomationStep::key(KeyCode::F(6))).unwrap_err();
    assert!(matches!(error.error, AutomationError::RefusedKey { .. }), "{error}");
    assert_eq!(session.generation(), before, "nothing ran");
    // A text script is rejected when it is parsed, before any step runs.
    let Err(ScriptRunError::Invalid(errors)) = session.run_script("key:tab\nkey:F6") else {
        panic!("a script pressing F6 runs");
    };
    let [error] = &errors.errors[..] else { panic!("{errors}") };
    assert_eq!((error.line, error.column), (2, 5));
    assert!(error.message.contains("refuses `f6`"), "{}", error.message);
    assert_eq!(session.generation(), before, "not even the first step ran");
    // Other function keys are the app's to handle.
    run(&mut session, scenario! { app = TodoApp; key:f5; });
}

#[test]
fn a_misspelled_id_in_a_text_script_fails_before_running_with_its_line_and_column() {
    // The same misspelling as ui-tests/fail/scenario/undeclared_id_todo.rs,
    // which does not compile; in a text script it is found at run time,
    // before any step runs.
    let mut session = session(TodoApp::default());
    let before = session.generation();
    let script = "click:#new-todo\ntype:\"Buy milk\"\n  click:#new-todoo\n";
    let Err(ScriptRunError::Invalid(errors)) = session.run_script(script) else {
        panic!("the script ran");
    };
    let [error] = &errors.errors[..] else { panic!("{errors}") };
    assert_eq!((error.line, error.column), (3, 10));
    assert_eq!(
        error.message,
        "`#new-todoo` is not an automation id the app declares; did you mean `#new-todo`? (declared: new-todo, todos, filters, status, confirm-delete, confirm-yes, confirm-no, item-{n}, toggle-{n}, delete-{n}, filter-{name})"
    );
    assert_eq!(error.suggestions, ["new-todo"]);
    let shown = ScriptRunError::Invalid(errors.clone()).to_string();
    assert!(shown.contains("line 3, column 10: `#new-todoo`"), "{shown}");
    assert!(shown.contains("    click:#new-todoo\n           ^^^^^^^^^"), "{shown}");
    assert_eq!(session.generation(), before, "no step ran");
}

#[test]
fn regular_expressions_find_names_texts_and_values() {
    let mut session = session(TodoApp::default());
    run(
        &mut session,
        scenario! { app = TodoApp;
            click:#new-todo; type:"Buy milk"; key:enter;
            click:#new-todo; type:"Walk dog"; key:enter;
            click:#new-todo; type:"Draft 42";
            wait-for:value=/r"^Draft \d+$"/,#new-todo,0;
            wait-for:count=2,@checkbox=/"^(Buy|Walk) "/,0;
            click:@checkbox=/"dog$"/;
            wait-for:text=/r"\b1 done\b"/,#status,0;
        },
    );
    let done: Vec<&str> = session
        .app()
        .visible()
        .iter()
        .filter(|todo| todo.done)
        .map(|todo| todo.title.as_str())
        .collect();
    assert_eq!(done, ["Walk dog"]);

    // A text script reads the same patterns bare, and `i` ignores case.
    session
        .run_script("click:@button=/^delete .buy/i\nwait-for:exists,@dialog=/Buy milk/,0")
        .unwrap_or_else(|error| panic!("{error}"));
    // Beneath the dialog the rows are inert: its own button is the one match.
    session.run_script("click:@button=/^Delete$/").unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(session.app().visible().len(), 1);

    // What matches nothing says what is there, naming the pattern.
    let error = session.run_script("click:@checkbox=/^Buy/").unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("no `@checkbox` whose name matches `/^Buy/`; checkboxes: `Walk dog`"),
        "{message}"
    );
    // Case counts unless the pattern says `i`.
    let error = session.run_script("wait-for:exists,text~/WALK/,0").unwrap_err();
    assert!(error.to_string().contains("text~/WALK/"), "{error}");
    session.run_script("wait-for:exists,text~/WALK/i,0").unwrap_or_else(|error| panic!("{error}"));

    // An interpolated pattern is checked when the step runs.
    let walking = "^Walk";
    run(&mut session, scenario! { app = TodoApp; wait-for:count=1,@checkbox=/{walking}/,0; });
    let broken = "Walk(";
    let error = session
        .run(scenario! { app = TodoApp; wait-for:exists,@checkbox=/{broken}/,0; })
        .unwrap_err();
    let AutomationError::InvalidStep { spelling, reason } = &error.failed.error else {
        panic!("{error}")
    };
    assert_eq!(spelling, r#"wait-for:exists,@checkbox=/"Walk("/,0"#);
    assert!(reason.contains("`Walk(` is not a regular expression: unclosed group"), "{reason}");
}

#[test]
fn waits_on_checked_modal_and_where_the_list_is_scrolled() {
    let mut session = session(TodoApp::with_items(200));
    run(
        &mut session,
        scenario! { app = TodoApp;
            wait-for:scroll=0,#todos,0;
            wait-for:scroll-extent=200,#todos,0;
            wait-for:checked=false,#toggle-1,0;
            click:#toggle-1;
            wait-for:checked,#toggle-1,0;
            focus:#todos;
            key:end;
        },
    );
    // The last item is in view: the list is scrolled by all but a screenful.
    let rows = u64::from(session.tree().by_id(ids::LIST).unwrap().bounds.height);
    let bottom = 200 - rows;
    session
        .run_script(&format!("wait-for:scroll={bottom},#todos,0\nwait-for:modal=false,#todos,0"))
        .unwrap_or_else(|error| panic!("{error}"));
    let error = session.run_script("wait-for:scroll=0,#todos,0").unwrap_err();
    assert!(error.to_string().contains("waiting for `scroll=0,#todos`"), "{error}");

    // Delete asks in a modal dialog: it is modal, the list beneath is not.
    run(&mut session, scenario! { app = TodoApp; key:delete; wait-for:modal,#confirm-delete,0; });
    let error = session.run_script("wait-for:modal,#todos,0").unwrap_err();
    assert!(error.to_string().contains("`modal,#todos`"), "{error}");
    // A state the node does not report holds neither way.
    for script in
        ["wait-for:expanded=false,#confirm-delete,0", "wait-for:readonly=false,#new-todo,0"]
    {
        assert!(session.run_script(script).is_err(), "{script}");
    }
}

#[test]
fn the_field_places_the_cursor_and_its_text_has_a_style() {
    let mut session = session(TodoApp::default());
    // The focused field places the cursor; with focus elsewhere no widget
    // does, and it is hidden.
    run(
        &mut session,
        scenario! { app = TodoApp; plane = engine;
            wait-for:visible,cursor,0;
            key:tab;
            wait-for:focused,#filters,0;
            wait-for:hidden,cursor,0;
            click:#new-todo;
            wait-for:visible,cursor,0;
        },
    );
    let (col, row) = rehearse::engine::SinkHost::commit_record(&session)
        .frame()
        .cursor
        .expect("the focused field placed it");
    run(&mut session, scenario! { app = TodoApp; type:"ab"; });
    // Two characters on, on the same row.
    let script = format!("wait-for:at={}x{row},cursor,0\nwait-for:fg=default,text~ab,0", col + 2);
    session.run_script(&script).unwrap_or_else(|error| panic!("{error}"));
    let stale = format!("wait-for:at={col}x{row},cursor,0");
    let error = session.run_script(&stale).unwrap_err().to_string();
    let said = format!("(the cursor was at {}x{row}, shown)", col + 2);
    assert!(error.contains(&said), "{error}");
    // The typed text is not bold: the failure names the cell, not the text.
    let error = session.run_script("wait-for:bold,text~ab,0").unwrap_err().to_string();
    assert!(error.contains(&format!(": was not bold at {col},{row} (2 of 2 cells)")), "{error}");
}
