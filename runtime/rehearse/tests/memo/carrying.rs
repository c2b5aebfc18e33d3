//! What a render carries over: a memo whose deps are unchanged skips its
//! body and its handlers still work; bodies reading the clock or binding
//! keys run every render.

use std::time::Duration;

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::{Button, Text};

use super::runs::Runs;
use super::support::{name_of, row};

// --- Unchanged dependencies skip the body ---------------------------

/// A memoized panel (a label and a button) and, outside it, a counter.
struct Panel {
    label: String,
    other: u32,
    clicked: Vec<String>,
    runs: Runs,
    views: Runs,
}

impl Panel {
    fn new(runs: &Runs, views: &Runs) -> Self {
        Self {
            label: "Hello".into(),
            other: 0,
            clicked: Vec::new(),
            runs: runs.clone(),
            views: views.clone(),
        }
    }
}

#[derive(Debug)]
enum PanelMsg {
    Label(String),
    Other,
    Clicked(String),
}

impl Component for Panel {
    type Message = PanelMsg;

    fn update(&mut self, msg: PanelMsg, _: &mut Context<'_, Self>) {
        match msg {
            PanelMsg::Label(label) => self.label = label,
            PanelMsg::Other => self.other += 1,
            PanelMsg::Clicked(label) => self.clicked.push(label),
        }
    }

    fn view(&self, ui: &mut Ui<'_, PanelMsg>) {
        self.views.bump();
        ui.memo("panel", Rect::new(0, 0, 30, 2), &self.label, |ui| {
            self.runs.bump();
            ui.add(Rect::new(0, 0, 30, 1), Text::new(self.label.as_str()).automation_id("label"));
            let label = self.label.clone();
            ui.add(
                Rect::new(0, 1, 12, 1),
                Button::new("Go")
                    .automation_id("go")
                    .on_click(move || PanelMsg::Clicked(label.clone())),
            );
        });
        ui.add(
            Rect::new(0, 3, 30, 1),
            Text::new(format!("other {}", self.other)).automation_id("other"),
        );
    }
}

#[test]
fn unchanged_deps_skip_the_body_and_changed_deps_run_it_again() {
    let (runs, views) = (Runs::default(), Runs::default());
    let mut session =
        Session::new(Panel::new(&runs, &views), SessionOptions::default().viewport(30, 5));
    let (runs_at_start, views_at_start) = (runs.get(), views.get());
    assert!(runs_at_start >= 1, "the first render runs the body");
    let root = session.tree().root.clone();
    let buffer = session.buffer().clone();

    session.step(AutomationStep::drain()).unwrap();
    assert!(views.get() > views_at_start, "drain renders the view again");
    assert_eq!(runs.get(), runs_at_start, "the memo body was carried over");
    assert_eq!(session.tree().root, root);
    assert_eq!(session.buffer(), &buffer);

    // A message the body does not depend on.
    session.send(PanelMsg::Other).unwrap();
    assert_eq!(runs.get(), runs_at_start, "an unrelated message does not run the body");
    assert_eq!(name_of(&session, "other"), "other 1");
    assert_eq!(name_of(&session, "label"), "Hello");
    assert!(row(session.buffer(), 0).starts_with("Hello"));
    assert!(row(session.buffer(), 3).starts_with("other 1"));

    // A dependency changed: the body runs and shows it.
    session.send(PanelMsg::Label("World".into())).unwrap();
    assert!(runs.get() > runs_at_start, "changed deps run the body");
    assert_eq!(name_of(&session, "label"), "World");
    assert!(row(session.buffer(), 0).starts_with("World "), "{:?}", row(session.buffer(), 0));

    let runs_after_change = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), runs_after_change);
    assert_eq!(name_of(&session, "label"), "World");
}

// --- Handlers of a carried-over subtree ------------------------------

#[test]
fn a_button_in_a_carried_over_body_still_sends_its_message() {
    let (runs, views) = (Runs::default(), Runs::default());
    let mut session =
        Session::new(Panel::new(&runs, &views), SessionOptions::default().viewport(30, 5));
    session.step(AutomationStep::drain()).unwrap();
    let before = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), before, "the frame the click lands on was carried over");

    session.step(AutomationStep::click(Selector::id("go"))).unwrap();
    assert_eq!(session.app().clicked, ["Hello"]);

    // A second click, again on a carried-over subtree.
    session.step(AutomationStep::drain()).unwrap();
    let settled = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), settled);
    session.step(AutomationStep::click(Selector::id("go"))).unwrap();
    assert_eq!(session.app().clicked, ["Hello", "Hello"]);

    // After the deps change the handler captures the new value.
    session.send(PanelMsg::Label("World".into())).unwrap();
    session.step(AutomationStep::drain()).unwrap();
    session.step(AutomationStep::click(Selector::id("go"))).unwrap();
    assert_eq!(session.app().clicked, ["Hello", "Hello", "World"]);
}

// --- Volatile bodies --------------------------------------------------

struct Volatile {
    clock_runs: Runs,
    key_runs: Runs,
    still_runs: Runs,
    keys: usize,
}

#[derive(Debug)]
enum VolatileMsg {
    Key,
}

impl Component for Volatile {
    type Message = VolatileMsg;

    fn update(&mut self, VolatileMsg::Key: VolatileMsg, _: &mut Context<'_, Self>) {
        self.keys += 1;
    }

    fn view(&self, ui: &mut Ui<'_, VolatileMsg>) {
        ui.memo("clock", Rect::new(0, 0, 30, 1), &(), |ui| {
            self.clock_runs.bump();
            let now = ui.now().since_start().as_millis();
            ui.add(Rect::new(0, 0, 30, 1), Text::new(format!("t={now}")).automation_id("clock"));
        });
        ui.memo("keys", Rect::new(0, 1, 30, 1), &self.keys, |ui| {
            self.key_runs.bump();
            ui.on_key(KeyCode::Char('k'), || VolatileMsg::Key);
            ui.add(
                Rect::new(0, 1, 30, 1),
                Text::new(format!("keys={}", self.keys)).automation_id("keys"),
            );
        });
        ui.memo("still", Rect::new(0, 2, 30, 1), &(), |ui| {
            self.still_runs.bump();
            ui.add(Rect::new(0, 2, 30, 1), Text::new("still").automation_id("still"));
        });
    }
}

#[test]
fn bodies_reading_the_clock_or_binding_keys_run_every_render() {
    let app = Volatile {
        clock_runs: Runs::default(),
        key_runs: Runs::default(),
        still_runs: Runs::default(),
        keys: 0,
    };
    let (clock, keys, still) =
        (app.clock_runs.clone(), app.key_runs.clone(), app.still_runs.clone());
    let mut session = Session::new(app, SessionOptions::default().viewport(30, 3));
    for _ in 0..3 {
        let (c, k, s) = (clock.get(), keys.get(), still.get());
        session.step(AutomationStep::drain()).unwrap();
        assert!(clock.get() > c, "a body reading the clock runs every render");
        assert!(keys.get() > k, "a body binding keys runs every render");
        assert_eq!(still.get(), s, "the control body is carried over");
    }

    assert_eq!(name_of(&session, "clock"), "t=0");
    session.step(AutomationStep::advance(Duration::from_millis(250))).unwrap();
    assert_eq!(name_of(&session, "clock"), "t=250");
    assert!(row(session.buffer(), 0).starts_with("t=250"));

    session.step(AutomationStep::key(KeyCode::Char('k'))).unwrap();
    assert_eq!(session.app().keys, 1);
    assert_eq!(name_of(&session, "keys"), "keys=1");
    session.step(AutomationStep::drain()).unwrap();
    session.step(AutomationStep::key(KeyCode::Char('k'))).unwrap();
    session.step(AutomationStep::key(KeyCode::Char('k'))).unwrap();
    assert_eq!(session.app().keys, 3, "the binding keeps working");
    assert_eq!(name_of(&session, "keys"), "keys=3");
}
