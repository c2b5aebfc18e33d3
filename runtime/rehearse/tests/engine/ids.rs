//! Automation ids a view builds are checked at commit: duplicates name both
//! paths, an invalid dynamic id names its node.

use ratatui::layout::{Constraint, Layout};
use rehearse::prelude::*;
use rehearse::widgets::{Button, Text};

/// An app whose two widgets share an id.
struct Duplicates;

impl Component for Duplicates {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let [a, b] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(ui.area());
        ui.add(a, Text::new("first").automation_id("same"));
        ui.add(b, Button::<()>::new("second").automation_id("same"));
    }
}

#[test]
fn duplicate_automation_ids_fail_the_commit_naming_both_paths() {
    let error =
        Session::try_new(Duplicates, SessionOptions::default()).err().expect("the commit fails");
    let AutomationError::DuplicateAutomationId { id, first, second } = &error else {
        panic!("{error}")
    };
    assert_eq!(id, "same");
    assert_eq!(first, "application > text \"first\" #same");
    assert_eq!(second, "application > button \"second\" #same");
    // This is a plain check, not a debug assertion: CI also runs this file
    // with --release.
    assert!(error.to_string().contains("must be unique"));
}

/// An app whose view builds an id that breaks the rules.
struct BadId;

impl Component for BadId {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let [a, b] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(ui.area());
        ui.add(a, Text::new("first").automation_id("row 1"));
        ui.add(b, Text::new("second").automation_id("row 1"));
    }
}

#[test]
fn an_invalid_dynamic_id_fails_the_commit_at_its_node() {
    let error = Session::try_new(BadId, SessionOptions::default()).err().expect("the commit fails");
    let AutomationError::InvalidAutomationId { id, path, reason } = &error else {
        panic!("{error}")
    };
    assert_eq!(id, "row 1");
    assert_eq!(path, "application > text \"first\"");
    assert_eq!(
        *reason,
        rehearse::vocabulary::AutomationIdError::InvalidCharacter { position: 3, character: ' ' }
    );
}
