//! Nested components: their state follows their key, they mount and unmount
//! exactly once (also when a session fails or closes), and a nested
//! component's key binding wins over its ancestor's.

use std::sync::{Arc, Mutex};

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::Button;

/// A nested counter with its own state, and a parent that can hide it.
struct Counter {
    clicks: u32,
    log: Arc<Mutex<Vec<String>>>,
    name: &'static str,
}

#[derive(Debug)]
struct Bump;

impl Component for Counter {
    type Message = Bump;
    fn update(&mut self, _: Bump, _: &mut Context<'_, Self>) {
        self.clicks += 1;
    }
    fn view(&self, ui: &mut Ui<'_, Bump>) {
        let id = format!("bump-{}", self.name);
        ui.add(
            ui.area(),
            Button::new(format!("{} {}", self.name, self.clicks))
                .automation_id(id)
                .on_click(|| Bump),
        );
    }
    fn mount(&mut self, _: &mut Context<'_, Self>) {
        self.log.lock().unwrap().push(format!("mount {}", self.name));
    }
    fn unmount(&mut self) {
        self.log.lock().unwrap().push(format!("unmount {}", self.name));
    }
}

struct Parent {
    show: Vec<&'static str>,
    log: Arc<Mutex<Vec<String>>>,
}

#[derive(Debug)]
enum ParentMsg {
    Show(Vec<&'static str>),
}

impl Component for Parent {
    type Message = ParentMsg;
    fn update(&mut self, msg: ParentMsg, _: &mut Context<'_, Self>) {
        let ParentMsg::Show(show) = msg;
        self.show = show;
    }
    fn view(&self, ui: &mut Ui<'_, ParentMsg>) {
        for (row, &name) in self.show.iter().enumerate() {
            let log = self.log.clone();
            ui.nest(name, Rect::new(0, row as u16 * 3, 20, 3), move || Counter {
                clicks: 0,
                log,
                name,
            });
        }
    }
    fn unmount(&mut self) {
        self.log.lock().unwrap().push("unmount parent".into());
    }
}

#[test]
fn nested_state_survives_reordering_and_a_removed_key_unmounts_once() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let app = Parent { show: vec!["a", "b"], log: log.clone() };
    let mut session = Session::new(app, SessionOptions::default().viewport(20, 9));
    session.step(AutomationStep::click(Selector::id("bump-b"))).unwrap();
    session.step(AutomationStep::click(Selector::id("bump-b"))).unwrap();
    assert_eq!(session.tree().by_id("bump-b").unwrap().name, "b 2");
    // Reorder: b first. Its state follows its key, and focus follows it too.
    session.send(ParentMsg::Show(vec!["b", "a"])).unwrap();
    let b = session.tree().by_id("bump-b").unwrap();
    assert_eq!(b.name, "b 2");
    assert_eq!(b.bounds.y, 0);
    assert!(b.is_focused(), "focus restored by key after reordering");
    // Remove a: it unmounts exactly once; b keeps its state.
    session.send(ParentMsg::Show(vec!["b"])).unwrap();
    session.send(ParentMsg::Show(vec!["b"])).unwrap();
    assert!(session.tree().by_id("bump-a").is_none());
    assert_eq!(log.lock().unwrap().iter().filter(|entry| *entry == "unmount a").count(), 1);
    drop(session);
    let log = log.lock().unwrap();
    assert_eq!(*log, ["mount a", "mount b", "unmount a", "unmount b", "unmount parent"]);
}

#[test]
fn dropping_a_session_after_an_error_unmounts_everything_once() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let app = Parent { show: vec!["a"], log: log.clone() };
    let mut session = Session::new(app, SessionOptions::default().viewport(20, 9));
    assert!(session.step(AutomationStep::click(Selector::id("missing"))).is_err());
    drop(session);
    assert_eq!(*log.lock().unwrap(), ["mount a", "unmount a", "unmount parent"]);
}

#[test]
fn closing_a_session_unmounts_once_and_later_steps_fail() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let app = Parent { show: vec!["a"], log: log.clone() };
    let mut session = Session::new(app, SessionOptions::default().viewport(20, 9));
    session.engine_mut().close();
    let error = session.step(AutomationStep::drain()).unwrap_err();
    assert!(matches!(error.error, AutomationError::SessionClosed));
    drop(session);
    assert_eq!(*log.lock().unwrap(), ["mount a", "unmount a", "unmount parent"]);
}

/// A root and a nested component that bind the same key.
struct Outer {
    log: Arc<Mutex<Vec<&'static str>>>,
}

struct Inner {
    log: Arc<Mutex<Vec<&'static str>>>,
}

impl Component for Inner {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {
        self.log.lock().unwrap().push("inner");
    }
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.on_key(KeyPress::char('x'), || ());
    }
}

impl Component for Outer {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {
        self.log.lock().unwrap().push("outer");
    }
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.on_key(KeyPress::char('x'), || ());
        let log = self.log.clone();
        ui.nest("inner", ui.area(), move || Inner { log });
    }
}

#[test]
fn a_nested_component_binding_wins_over_its_ancestor() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut session =
        Session::new(Outer { log: log.clone() }, SessionOptions::default().viewport(10, 1));
    session.step(AutomationStep::key(KeyPress::char('x'))).unwrap();
    assert_eq!(*log.lock().unwrap(), ["inner"]);
}
