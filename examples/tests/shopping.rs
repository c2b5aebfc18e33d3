//! The shopping list — a plain ratatui app adopted with tags and the event
//! shim — driven by `scenario!` and text scripts through the adopt harness.

use std::borrow::Cow;
use std::time::Duration;

use rehearse::adopt::{Harness, HarnessOptions};
use rehearse::prelude::*;
use rehearse::{AutomationError, scenario};
use rehearse_examples::shopping::{App, ids};

fn harness() -> Harness {
    let options = HarnessOptions::default().viewport(60, 16).declared(ids::DECLARED);
    Harness::start(options, |terminal, events| App::default().run(terminal, events))
        .expect("the app starts and blocks waiting for input")
}

fn names(harness: &Harness, role: SemanticRole) -> Vec<String> {
    harness.tree().nodes().filter(|node| node.role == role).map(|node| node.name.clone()).collect()
}

#[test]
fn the_first_frame_publishes_the_tree_its_tags_describe() {
    let harness = harness();
    let tree = harness.tree();
    let input = tree.by_id(ids::NEW_ITEM).expect("the field is tagged");
    assert_eq!((input.role, input.name.as_str()), (SemanticRole::TextBox, "New item"));
    assert_eq!(input.public_value(), Some(""));
    assert!(input.is_focused());
    assert_eq!(input.bounds, Bounds::new(0, 0, 60, 3));
    let list = tree.by_id(ids::ITEMS).expect("the list is tagged");
    assert_eq!(list.bounds, Bounds::new(0, 3, 60, 12));
    let items: Vec<(&str, Option<bool>, Bounds)> = list
        .children
        .iter()
        .map(|item| (item.name.as_str(), item.states.selected, item.bounds))
        .collect();
    assert_eq!(
        items,
        [
            ("Milk", Some(true), Bounds::new(1, 4, 58, 1)),
            ("Eggs", Some(false), Bounds::new(1, 5, 58, 1)),
            ("Bread", Some(false), Bounds::new(1, 6, 58, 1)),
        ]
    );
    let status = tree.by_id(ids::STATUS).expect("the status line is tagged");
    assert_eq!(status.role, SemanticRole::Status);
    assert!(status.name.starts_with("3 items"), "{}", status.name);
    assert!(tree.by_id(ids::CONFIRM).is_none(), "no popup yet");
}

#[test]
fn typing_adds_an_item_and_the_flash_clears_on_the_controlled_clock() {
    let mut harness = harness();
    harness
        .run(scenario! {
            // `App` declares its ids (`rehearse::DeclaresIds`): every `#id`
            // below is checked at compile time.
            app = rehearse_examples::shopping::App;
            type:"Apples";
            key:enter;
            wait-for:count=4,@list-item,0;
            wait-for:text="Added Apples",#status,0;
            wait-for:value="",#new-item,0;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", harness.tree().to_markdown()));
    assert_eq!(names(&harness, SemanticRole::ListItem), ["Milk", "Eggs", "Bread", "Apples"]);
    // The flash lasts 2 s of the app's clock, which only `wait:` moves.
    let before = harness.now();
    harness.run(scenario! { wait:1500ms; wait-for:text="Added",#status,0; }).expect("still shown");
    harness.run(scenario! { wait:1000; wait-for:text="4 items",#status,0; }).expect("cleared");
    assert_eq!(harness.now().since_start() - before.since_start(), Duration::from_millis(2500));
}

#[test]
fn the_mouse_selects_items_and_scrolls_the_list() {
    let mut harness = harness();
    harness
        .run(scenario! {
            click:@list-item="Bread";
            wait-for:selected,@list-item="Bread",0;
            wait-for:focused,#items,0;
            scroll:#items,up;
            wait-for:selected,@list-item="Eggs",0;
            click:#new-item;
            wait-for:focused,#new-item,0;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", harness.tree().to_markdown()));
}

#[test]
fn the_popup_is_a_modal_overlay_over_the_list_and_its_buttons_answer() {
    let mut harness = harness();
    harness
        .run(scenario! { key:tab; key:down; key:delete; wait-for:exists,#confirm,0; })
        .expect("the popup opens");
    let tree = harness.tree();
    let dialog = tree.by_id(ids::CONFIRM).expect("the popup is tagged");
    assert_eq!(dialog.overlay_order, Some(1));
    assert_eq!(dialog.role, SemanticRole::Dialog);
    assert!(dialog.descendants().any(|node| node.name == "Remove Eggs?"));
    assert!(
        tree.root.children.last().is_some_and(|last| last.automation_id == dialog.automation_id)
    );

    // The popup is modal: the list beneath it is inert, so selectors pass
    // over its rows and the error says why.
    assert!(tree.by_id(ids::ITEMS).is_some_and(|list| list.states.inert && !list.actionable));
    let error =
        harness.run(scenario! { click:@list-item="Bread"; }).expect_err("the popup covers the row");
    let message = error.to_string();
    assert!(message.contains("beneath the open modal dialog"), "{message}");

    harness
        .run(scenario! { click:#confirm-no; wait-for:missing,#confirm,0; })
        .expect("No closes the popup");
    assert_eq!(names(&harness, SemanticRole::ListItem), ["Milk", "Eggs", "Bread"]);
    harness
        .run(scenario! { key:delete; click:#confirm-yes; wait-for:missing,#confirm,0; })
        .expect("Yes removes");
    assert_eq!(names(&harness, SemanticRole::ListItem), ["Milk", "Bread"]);
}

#[test]
fn a_resize_reaches_the_app_and_the_tree_is_laid_out_again() {
    let mut harness = harness();
    harness.run(scenario! { resize:40x10; }).expect("resizes");
    let list = harness.tree().by_id(ids::ITEMS).expect("the list");
    assert_eq!(list.bounds, Bounds::new(0, 3, 40, 6));
    assert_eq!(harness.frame().buffer.area.width, 40);
}

#[test]
fn quitting_ends_the_loop_and_later_steps_say_so() {
    let mut harness = harness();
    harness.run(scenario! { key:tab; key:q; }).expect("q quits from the list");
    assert_eq!(harness.ended().as_deref(), Some("the app's loop returned"));
    let error = harness.run(scenario! { key:down; }).expect_err("the loop has ended");
    assert!(
        matches!(error.failed.error, AutomationError::TargetEnded { .. }),
        "{:?}",
        error.failed.error
    );
}

#[test]
fn focus_steps_are_refused_because_the_app_owns_its_focus() {
    let mut harness = harness();
    let error = harness.run(scenario! { focus:#items; }).expect_err("not available");
    assert!(matches!(error.failed.error, AutomationError::NotAvailable { .. }));
}

#[test]
fn the_script_file_runs_against_the_declared_ids() {
    let mut harness = harness();
    let path = format!("{}/tests/scripts/shopping.rehearse", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the script");
    let origin = Cow::Borrowed("tests/scripts/shopping.rehearse");
    let report = harness
        .run_named_script(&text, Some(origin))
        .unwrap_or_else(|error| panic!("{error}\n{}", harness.tree().to_markdown()));
    assert_eq!(report.steps.len(), 12);
    assert_eq!(names(&harness, SemanticRole::ListItem), ["Milk", "Bread", "Apples"]);
    assert_eq!(harness.checkpoints()[0].0, "after-remove");
    // An id the app does not declare is refused before any step runs.
    let error = harness.run_script("click:#item").expect_err("undeclared");
    assert!(error.to_string().contains("item"), "{error}");
}
