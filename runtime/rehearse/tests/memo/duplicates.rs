//! Things used twice next to a carried-over body are reported as they are
//! without memoizing: an automation id, a memo key, a reconciliation key.

use ratatui::layout::{Constraint, Rect};
use rehearse::engine::{StepError, StepResult};
use rehearse::prelude::*;
use rehearse::widgets::{Button, Text};

use super::runs::Runs;
use super::support::{check, click, node};

// --- Duplicate ids across a carried-over subtree ---------------------

struct Dupes {
    before: bool,
    after: bool,
    runs: Runs,
}

#[derive(Debug)]
enum DupeMsg {
    Before(bool),
    After(bool),
}

impl Component for Dupes {
    type Message = DupeMsg;

    fn update(&mut self, msg: DupeMsg, _: &mut Context<'_, Self>) {
        match msg {
            DupeMsg::Before(on) => self.before = on,
            DupeMsg::After(on) => self.after = on,
        }
    }

    fn view(&self, ui: &mut Ui<'_, DupeMsg>) {
        if self.before {
            ui.add(Rect::new(0, 0, 20, 1), Text::new("before").automation_id("go"));
        }
        ui.memo("m", Rect::new(0, 1, 20, 1), &(), |ui| {
            self.runs.bump();
            ui.add(
                Rect::new(0, 1, 20, 1),
                Button::new("Go").automation_id("go").on_click(|| DupeMsg::After(false)),
            );
        });
        ui.add(
            Rect::new(0, 2, 20, 1),
            Button::new("Dup before")
                .automation_id("dup-before")
                .on_click(|| DupeMsg::Before(true)),
        );
        ui.add(
            Rect::new(0, 3, 20, 1),
            Button::new("Dup after").automation_id("dup-after").on_click(|| DupeMsg::After(true)),
        );
        if self.after {
            ui.add(Rect::new(0, 4, 20, 1), Text::new("after").automation_id("go"));
        }
    }
}

fn assert_duplicate(result: Result<StepResult, StepError>) {
    match result {
        Err(error) => match &error.error {
            AutomationError::DuplicateAutomationId { id, .. } => assert_eq!(id, "go"),
            other => panic!("expected DuplicateAutomationId, got {other}"),
        },
        Ok(done) => panic!("expected a duplicate id, but {done}"),
    }
}

#[test]
fn a_duplicate_of_an_id_inside_a_carried_over_body_fails_the_commit() {
    for (toggle, off) in
        [("dup-before", DupeMsg::Before(false)), ("dup-after", DupeMsg::After(false))]
    {
        let runs = Runs::default();
        let app = Dupes { before: false, after: false, runs: runs.clone() };
        let mut session = Session::new(app, SessionOptions::default().viewport(20, 5));
        session.step(AutomationStep::drain()).unwrap();
        let carried = runs.get();
        let generation = session.generation();
        let before = session.render_stats();

        assert_duplicate(session.step(AutomationStep::click(Selector::id(toggle))));
        assert!(
            session.render_stats().bodies_carried > before.bodies_carried,
            "{toggle}: the body was carried over into the failing frame"
        );
        // That frame is rendered afresh before it fails, so the failure is
        // the one a fresh render reports: the body ran once more.
        assert_eq!(runs.get(), carried + 1, "{toggle}");
        assert_eq!(session.generation(), generation, "{toggle}: nothing was committed");
        // Still duplicated on the next step (now two carried-over renders).
        assert_duplicate(session.step(AutomationStep::drain()));
        assert_duplicate(session.step(AutomationStep::drain()));

        session.send(off).unwrap();
        let ids = session
            .tree()
            .nodes()
            .filter(|n| n.automation_id.as_ref().map(AutomationId::as_str) == Some("go"));
        assert_eq!(ids.count(), 1, "{toggle}");
        assert_eq!(node(&session, "go").role, SemanticRole::Button);
    }
}

/// Two memos whose keys the app makes equal.
struct SameKeys {
    same: bool,
}

impl Component for SameKeys {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.same = true;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let area = Rect::new(0, 0, 20, 1);
        ui.memo("a", area, &(), |ui| {
            ui.add(area, Text::new("first"));
        });
        ui.memo(if self.same { "a" } else { "b" }, area, &(), |ui| {
            ui.add(area, Text::new("second"));
        });
        ui.add(Rect::new(0, 2, 12, 1), Button::new("Same").automation_id("same").on_click(|| ()));
    }
}

#[test]
fn a_memo_key_used_twice_is_a_render_error() {
    let mut session =
        Session::new(SameKeys { same: false }, SessionOptions::default().viewport(20, 3));
    session.step(AutomationStep::drain()).unwrap();
    let error = session.step(AutomationStep::click(Selector::id("same"))).unwrap_err();
    assert!(
        matches!(&error.error, AutomationError::Render(message) if message.contains("used twice")),
        "{error}"
    );
    // Without memoizing it is the same render error.
    let options = SessionOptions::default().viewport(20, 3).memoize(false);
    let mut plain = Session::new(SameKeys { same: false }, options);
    let error = plain.step(AutomationStep::click(Selector::id("same"))).unwrap_err();
    assert!(matches!(&error.error, AutomationError::Render(_)), "{error}");
}

// --- A reconciliation key used twice goes unnoticed next to a carried group

/// A lazy list whose last row can take the first row's key (an app bug the
/// session must report, as it does without memoizing).
struct Keys {
    keys: Vec<u64>,
}

impl Component for Keys {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        let last = self.keys.len() - 1;
        self.keys[last] = self.keys[0];
    }
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let keys = &self.keys;
        let [list, button] =
            ratatui::layout::Layout::vertical([Constraint::Fill(1), Constraint::Length(1)])
                .areas(ui.area());
        ui.add(button, Button::new("dup").automation_id("dup").on_click(|| ()));
        rehearse::widgets::List::new().show_lazy(
            ui,
            list,
            keys.len(),
            |index| (ReconcileKey::from(keys[index]), keys[index]),
            |index| rehearse::widgets::ListItem::new(format!("row {}", keys[index])),
        );
    }
}

#[test]
fn a_key_used_twice_is_reported_also_when_its_twin_was_carried_in_a_group() {
    // The first row is carried over in its group; the last one, in a
    // group that renders afresh, takes its key.
    let mut check = check(|| Keys { keys: (0..20).collect() }, 30, 24);
    let result = check.step(&click("dup")).unwrap_or_else(|mismatch| panic!("{mismatch}"));
    let error = result.expect_err("a key used twice fails the step").to_string();
    assert!(error.contains("reconciliation key ReconcileKey(0) is used twice"), "{error}");
}
