//! What runs a carried-over body again besides its deps: hovering or
//! focusing inside it, the caret of a text field in it, and moving its area.

use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use rehearse::prelude::*;
use rehearse::widgets::{Button, Text, TextInput};

use super::runs::Runs;
use super::support::{name_of, node, row, style_of};

// --- Interaction invalidates -----------------------------------------

/// A card whose body shows whether its button is hovered and focused.
struct Card {
    runs: Runs,
}

impl Component for Card {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}

    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.memo("card", Rect::new(0, 0, 30, 3), &(), |ui| {
            self.runs.bump();
            let go = ui
                .add(Rect::new(0, 0, 12, 1), Button::new("Go").automation_id("go").on_click(|| ()))
                .node()
                .expect("a button records a node");
            let (hovered, focused) = (ui.is_hovered(go), ui.is_focused(go));
            ui.add(
                Rect::new(0, 1, 30, 1),
                Text::new(format!("hovered={hovered}")).automation_id("hover-state"),
            );
            ui.add(
                Rect::new(0, 2, 30, 1),
                Text::new(format!("focused={focused}")).automation_id("focus-state"),
            );
        });
        ui.add(
            Rect::new(0, 4, 12, 1),
            Button::new("Else").automation_id("elsewhere").on_click(|| ()),
        );
    }
}

#[test]
fn hovering_or_focusing_inside_a_body_runs_it_again() {
    let runs = Runs::default();
    let mut session =
        Session::new(Card { runs: runs.clone() }, SessionOptions::default().viewport(30, 5));
    session.step(AutomationStep::drain()).unwrap();
    let rest = runs.get();
    assert_eq!(name_of(&session, "hover-state"), "hovered=false");
    assert!(!style_of(session.buffer(), 0, "G").add_modifier.contains(Modifier::UNDERLINED));

    session.step(AutomationStep::hover(Selector::id("go"))).unwrap();
    assert!(runs.get() > rest, "hover inside the body runs it");
    assert_eq!(name_of(&session, "hover-state"), "hovered=true");
    assert!(row(session.buffer(), 1).starts_with("hovered=true"));
    assert!(style_of(session.buffer(), 0, "G").add_modifier.contains(Modifier::UNDERLINED));
    assert!(session.frame().interaction.hovered.as_deref().is_some_and(|h| h.contains("#go")));

    // Still hovered: carried over, hover state and all.
    let hovered = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), hovered);
    assert_eq!(name_of(&session, "hover-state"), "hovered=true");
    assert!(style_of(session.buffer(), 0, "G").add_modifier.contains(Modifier::UNDERLINED));

    // Hover leaves the body.
    session.step(AutomationStep::hover(Selector::id("elsewhere"))).unwrap();
    assert!(runs.get() > hovered, "hover leaving the body runs it");
    assert_eq!(name_of(&session, "hover-state"), "hovered=false");
    assert!(!style_of(session.buffer(), 0, "G").add_modifier.contains(Modifier::UNDERLINED));

    let before_focus = runs.get();
    session.step(AutomationStep::focus(Selector::id("go"))).unwrap();
    assert!(runs.get() > before_focus, "focus inside the body runs it");
    assert!(node(&session, "go").is_focused());
    assert_eq!(name_of(&session, "focus-state"), "focused=true");
    assert_eq!(style_of(session.buffer(), 0, "G").fg, Some(Color::Yellow));

    let focused = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), focused);
    assert_eq!(name_of(&session, "focus-state"), "focused=true");

    session.step(AutomationStep::focus(Selector::id("elsewhere"))).unwrap();
    assert!(runs.get() > focused, "focus leaving the body runs it");
    assert!(!node(&session, "go").is_focused());
    assert_eq!(name_of(&session, "focus-state"), "focused=false");
    assert_ne!(style_of(session.buffer(), 0, "G").fg, Some(Color::Yellow));
}

// --- A carried-over text field keeps its caret ------------------------

struct Form {
    value: String,
    runs: Runs,
}

#[derive(Debug)]
enum FormMsg {
    Changed(String),
}

impl Component for Form {
    type Message = FormMsg;

    fn update(&mut self, FormMsg::Changed(value): FormMsg, _: &mut Context<'_, Self>) {
        self.value = value;
    }

    fn view(&self, ui: &mut Ui<'_, FormMsg>) {
        ui.memo("form", Rect::new(0, 0, 30, 3), &self.value, |ui| {
            self.runs.bump();
            ui.add(
                Rect::new(0, 0, 30, 3),
                TextInput::new(self.value.as_str())
                    .label("Name")
                    .automation_id("name")
                    .on_change(FormMsg::Changed),
            );
        });
        ui.add(
            Rect::new(0, 4, 12, 1),
            Button::new("Other")
                .automation_id("other")
                .on_click(|| FormMsg::Changed(String::from("clicked"))),
        );
    }
}

#[test]
fn a_carried_over_text_input_keeps_its_caret_and_takes_typing() {
    let runs = Runs::default();
    let app = Form { value: "hello".into(), runs: runs.clone() };
    let mut session = Session::new(app, SessionOptions::default().viewport(30, 5));
    assert_eq!(session.frame().cursor, None);

    session.step(AutomationStep::focus(Selector::id("name"))).unwrap();
    // Bordered: the text starts at column 1 of row 1; the caret follows it.
    assert_eq!(session.frame().cursor, Some((6, 1)));

    let focused = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), focused, "carried over");
    assert_eq!(session.frame().cursor, Some((6, 1)), "the caret is carried over");

    session.step(AutomationStep::type_text("ab")).unwrap();
    assert_eq!(session.app().value, "helloab");
    assert_eq!(node(&session, "name").public_value(), Some("helloab"));
    assert_eq!(session.frame().cursor, Some((8, 1)));

    let typed = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), typed);
    assert_eq!(session.frame().cursor, Some((8, 1)));

    // Moving the caret changes widget state only: the body runs again.
    session.step(AutomationStep::key(KeyCode::Left)).unwrap();
    assert_eq!(session.frame().cursor, Some((7, 1)));
    let moved = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), moved);
    assert_eq!(session.frame().cursor, Some((7, 1)), "the moved caret is carried over");

    // Typing into the carried-over field inserts at the caret.
    session.step(AutomationStep::type_text("X")).unwrap();
    assert_eq!(session.app().value, "helloaXb");
    assert_eq!(node(&session, "name").public_value(), Some("helloaXb"));
    assert_eq!(session.frame().cursor, Some((8, 1)));
    assert!(row(session.buffer(), 1).contains("helloaXb"));

    session.step(AutomationStep::focus(Selector::id("other"))).unwrap();
    assert_eq!(session.frame().cursor, None, "an unfocused field places no caret");
}

// --- Moving a memo's area ----------------------------------------------

struct Mover {
    top: u16,
    offset: u16,
    runs: Runs,
}

#[derive(Debug)]
enum MoverMsg {
    Top(u16),
    Scroll(u16),
}

impl Component for Mover {
    type Message = MoverMsg;

    fn update(&mut self, msg: MoverMsg, _: &mut Context<'_, Self>) {
        match msg {
            MoverMsg::Top(top) => self.top = top,
            MoverMsg::Scroll(offset) => self.offset = offset,
        }
    }

    fn view(&self, ui: &mut Ui<'_, MoverMsg>) {
        let area = Rect::new(2, self.top, 16, 1);
        ui.memo("moving", area, "label", |ui| {
            self.runs.bump();
            ui.add(area, Button::new("Move").automation_id("mv").on_click(|| MoverMsg::Top(0)));
        });
        // The same area in a scrolled coordinate space.
        ui.scrolled(Rect::new(20, 0, 10, 3), self.offset, 10, |ui, content| {
            let area = Rect::new(content.x, content.y + 2, 10, 1);
            ui.memo("scrolled", area, "label", |ui| {
                self.runs.bump();
                ui.add(area, Text::new("deep").automation_id("deep"));
            });
        });
    }
}

#[test]
fn moving_a_memo_runs_its_body_and_the_bounds_follow() {
    let runs = Runs::default();
    let app = Mover { top: 0, offset: 0, runs: runs.clone() };
    let mut session = Session::new(app, SessionOptions::default().viewport(30, 8));
    assert_eq!(node(&session, "mv").bounds, Bounds::new(2, 0, 16, 1));
    assert_eq!(node(&session, "deep").bounds, Bounds::new(20, 2, 10, 1));
    session.step(AutomationStep::drain()).unwrap();
    let still = runs.get();

    session.send(MoverMsg::Top(5)).unwrap();
    assert_eq!(runs.get(), still + 1, "only the moved body runs");
    assert_eq!(node(&session, "mv").bounds, Bounds::new(2, 5, 16, 1));
    assert!(row(session.buffer(), 5).contains("Move"));
    assert!(!row(session.buffer(), 0).contains("Move"), "{:?}", row(session.buffer(), 0));
    let moved = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), moved);
    assert_eq!(node(&session, "mv").bounds, Bounds::new(2, 5, 16, 1));

    // Clicking at the new place reaches the carried-over button.
    session.step(AutomationStep::click(Selector::id("mv"))).unwrap();
    assert_eq!(session.app().top, 0);
    assert_eq!(node(&session, "mv").bounds, Bounds::new(2, 0, 16, 1));
    assert!(row(session.buffer(), 0).contains("Move"));
    assert!(!row(session.buffer(), 5).contains("Move"));

    // Scrolling moves the body's coordinate space.
    session.step(AutomationStep::drain()).unwrap();
    let before_scroll = runs.get();
    session.send(MoverMsg::Scroll(1)).unwrap();
    assert!(runs.get() > before_scroll, "scrolling runs the body");
    assert_eq!(node(&session, "deep").bounds, Bounds::new(20, 1, 10, 1));
    assert!(row(session.buffer(), 1).contains("deep"));
    assert!(!row(session.buffer(), 2).contains("deep"));
}
