//! The List widget: long lists, items with and without selection.

use rehearse::prelude::*;
use rehearse::widgets::{List, ListItem};

struct Long(usize);

impl Component for Long {
    type Message = usize;
    fn update(&mut self, _: usize, _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, usize>) {
        let items = (0..self.0).map(|n| ListItem::new(format!("row {n}"))).collect();
        List::new().automation_id("rows").selected(Some(self.0 - 1)).show(ui, ui.area(), items);
    }
}

#[test]
fn a_list_longer_than_the_coordinate_space_does_not_overflow() {
    let session = Session::new(Long(70_000), SessionOptions::default().viewport(20, 5));
    let rows = session.tree().by_id("rows").unwrap().children.len();
    assert_eq!(rows, usize::from(u16::MAX), "rows past the u16 space are not laid out");
}

struct Plain;

impl Component for Plain {
    type Message = usize;
    fn update(&mut self, _: usize, _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, usize>) {
        List::new().show(ui, ui.area(), vec![ListItem::new("a").automation_id("a")]);
    }
}

#[test]
fn list_items_without_a_selection_handler_promise_no_click() {
    let mut session = Session::new(Plain, SessionOptions::default().viewport(10, 2));
    assert!(!session.tree().by_id("a").unwrap().actions.contains(SemanticAction::Click));
    let error = session.step(AutomationStep::click(Selector::id("a"))).unwrap_err();
    assert!(matches!(error.error, AutomationError::NotActionable { .. }), "{error}");
}
