//! Overlays: toasts and modals above the app, and the identity of what is beneath.

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::{Button, ScrollView, Text, Toast};

/// A toast that may appear before a scroll view with no id.
struct Scrolled {
    toast: bool,
}

impl Component for Scrolled {
    type Message = bool;
    fn update(&mut self, toast: bool, _: &mut Context<'_, Self>) {
        self.toast = toast;
    }
    fn view(&self, ui: &mut Ui<'_, bool>) {
        if self.toast {
            ui.add(Rect::new(10, 0, 10, 3), Toast::new("Saved"));
        }
        ScrollView::new().show(ui, Rect::new(0, 0, 20, 4), 40, |ui, content| {
            for row in 0..40 {
                let line = Rect::new(content.x, content.y + row, content.width, 1);
                ui.add(line, Text::new(format!("line {row}")).automation_id(format!("line-{row}")));
            }
        });
    }
}

#[test]
fn showing_an_overlay_keeps_the_identity_of_later_siblings() {
    let mut session =
        Session::new(Scrolled { toast: false }, SessionOptions::default().viewport(20, 4));
    session.step(AutomationStep::scroll_at(Selector::point(2, 2), ScrollDirection::Down)).unwrap();
    assert!(!session.tree().by_id("line-0").unwrap().in_view);
    session.send(true).unwrap();
    assert!(
        !session.tree().by_id("line-0").unwrap().in_view,
        "the scroll offset survived the toast"
    );
    assert!(session.tree().by_id("line-3").unwrap().in_view);
}

/// Two memoized texts under the root, a dialog whose button closes it and
/// adds a third text in the same step.
struct Flip {
    open: bool,
}

impl Component for Flip {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.open = !self.open;
    }
    fn view(&self, ui: &mut Ui<'_, ()>) {
        for (row, id) in ["a", "b"].into_iter().enumerate() {
            let area = Rect::new(0, row as u16, 10, 1);
            ui.memo(id, area, &(), |ui| {
                ui.add(area, Text::new(id).automation_id(id));
            });
        }
        if self.open {
            rehearse::widgets::Modal::new("Flip").automation_id("dialog").show(ui, |ui, inner| {
                ui.add(inner, Button::new("close").automation_id("close").on_click(|| ()));
            });
        } else {
            ui.add(Rect::new(0, 2, 10, 1), Text::new("c").automation_id("c"));
        }
    }
}

#[test]
fn closing_an_overlay_while_the_root_gains_a_child_reuses_only_its_rendered_children() {
    // The committed root held [a, b, dialog]; the next one holds [a, b, c]:
    // as many children, but the dialog was an overlay root, not one of the
    // children whose projections line up with the memos.
    let mut session = Session::new(Flip { open: true }, SessionOptions::default().viewport(30, 12));
    session.step(AutomationStep::click(Selector::id("close"))).expect("the dialog closes");
    let tree = session.tree();
    let ids: Vec<&str> = tree
        .root
        .children
        .iter()
        .filter_map(|node| node.automation_id.as_ref().map(|id| id.as_str()))
        .collect();
    assert_eq!(ids, ["a", "b", "c"]);
    assert!(tree.by_id("dialog").is_none());
    assert_eq!(tree.by_id("a").map(|node| node.name.as_str()), Some("a"));
}

/// A row with a Delete button (memoized), a toast beneath a modal that also
/// has a Delete button, and a toast above the modal.
struct Covered {
    open: bool,
}

impl Component for Covered {
    type Message = bool;
    fn update(&mut self, open: bool, _: &mut Context<'_, Self>) {
        self.open = open;
    }
    fn view(&self, ui: &mut Ui<'_, bool>) {
        let row = Rect::new(0, 0, 20, 1);
        ui.memo("row", row, &(), |ui| {
            ui.add(row, Button::new("Delete").automation_id("row-delete").on_click(|| true));
        });
        ui.add(Rect::new(0, 10, 10, 1), Toast::new("Below").automation_id("below"));
        if self.open {
            rehearse::widgets::Modal::new("Sure?").automation_id("dialog").show(ui, |ui, inner| {
                let area = Rect::new(inner.x, inner.y, 10, 1);
                ui.add(area, Button::new("Delete").automation_id("yes").on_click(|| false));
            });
            ui.add(Rect::new(20, 11, 10, 1), Toast::new("Above").automation_id("above"));
        }
    }
}

#[test]
fn a_modal_makes_everything_beneath_it_inert_and_out_of_reach_until_it_closes() {
    let mut session =
        Session::new(Covered { open: false }, SessionOptions::default().viewport(40, 12));
    let inert =
        |session: &Session<Covered>, id: &str| session.tree().by_id(id).unwrap().states.inert;
    assert!(!inert(&session, "row-delete") && !inert(&session, "below"));

    session
        .step(AutomationStep::click(Selector::role(SemanticRole::Button).name("Delete")))
        .unwrap();
    assert!(session.app().open);
    for covered in ["row-delete", "below"] {
        assert!(inert(&session, covered), "{covered} is beneath the modal");
    }
    for reachable in ["dialog", "yes", "above"] {
        assert!(!inert(&session, reachable), "{reachable} is the modal or above it");
    }
    let row = session.tree().by_id("row-delete").unwrap().clone();
    assert!(!row.actionable && row.in_view, "still drawn, still in the tree");
    assert!(session.tree().to_markdown().contains("#row-delete [inert]"));
    assert!(session.tree().to_json().contains("\"inert\": true"));

    // `@button=Delete` means the dialog's button now, not two matches.
    let delete = Selector::from(Selector::role(SemanticRole::Button).name("Delete"));
    assert_eq!(
        session.tree().resolve(&delete).unwrap().automation_id.as_ref().unwrap().as_str(),
        "yes"
    );
    let error = session.step(AutomationStep::focus(Selector::id("row-delete"))).unwrap_err();
    assert!(error.to_string().contains("it is inert"), "{error}");

    session.step(AutomationStep::click(delete)).unwrap();
    assert!(!session.app().open);
    assert!(
        !inert(&session, "row-delete") && !inert(&session, "below"),
        "live again once it closed"
    );
    assert!(session.tree().by_id("row-delete").unwrap().actionable);
}

/// A modal always open; the root binds one shortcut plainly and one
/// globally.
#[derive(Default)]
struct Shortcuts {
    log: Vec<&'static str>,
}

impl Component for Shortcuts {
    type Message = &'static str;
    fn update(&mut self, what: &'static str, _: &mut Context<'_, Self>) {
        self.log.push(what);
    }
    fn view(&self, ui: &mut Ui<'_, &'static str>) {
        ui.on_key("ctrl+s".parse::<KeyPress>().unwrap(), || "save");
        ui.on_key_global("ctrl+q".parse::<KeyPress>().unwrap(), || "quit");
        ui.on_key_global("ctrl+h".parse::<KeyPress>().unwrap(), || "app help");
        rehearse::widgets::Modal::new("Busy").show(ui, |ui, _| {
            ui.on_key("ctrl+h".parse::<KeyPress>().unwrap(), || "dialog help");
        });
    }
}

#[test]
fn only_global_key_bindings_pass_through_an_open_modal() {
    let mut session =
        Session::new(Shortcuts::default(), SessionOptions::default().viewport(40, 12));
    for key in ["ctrl+s", "ctrl+q", "ctrl+h"] {
        session.step(AutomationStep::key(key.parse::<KeyPress>().unwrap())).unwrap();
    }
    assert_eq!(
        session.app().log,
        ["quit", "dialog help"],
        "ctrl+s is covered; ctrl+q is global; the modal's own ctrl+h wins over the global one"
    );
}
