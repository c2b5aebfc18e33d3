//! Probe (passes): strict automation ids failing commits between carried
//! frames; both sessions fail the same steps and carry bodies between them.

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::{Button, Text};
use rehearse::{AutomationIds, MemoCheck};

use super::support::click;

#[derive(Debug, Clone, Copy)]
pub enum Msg {
    Oops,
    Relabel,
    Hit,
}

pub struct Strict {
    oops: bool,
    label: u32,
    hits: u32,
}

impl Component for Strict {
    type Message = Msg;
    const AUTOMATION_IDS: AutomationIds =
        AutomationIds::new(&["oops-toggle", "relabel", "m-btn", "label", "hits"]);
    fn update(&mut self, msg: Msg, _: &mut Context<'_, Self>) {
        match msg {
            Msg::Oops => self.oops = !self.oops,
            Msg::Relabel => self.label += 1,
            Msg::Hit => self.hits += 1,
        }
    }
    fn view(&self, ui: &mut Ui<'_, Msg>) {
        ui.add(
            Rect::new(0, 0, 8, 1),
            Button::new("oops").automation_id("oops-toggle").on_click(|| Msg::Oops),
        );
        ui.add(
            Rect::new(8, 0, 10, 1),
            Button::new("relabel").automation_id("relabel").on_click(|| Msg::Relabel),
        );
        let label = self.label;
        ui.memo("m", Rect::new(0, 1, 30, 2), &label, |ui| {
            ui.memo("btn", Rect::new(0, 1, 10, 1), &(), |ui| {
                ui.add(
                    Rect::new(0, 1, 10, 1),
                    Button::new("hit").automation_id("m-btn").on_click(|| Msg::Hit),
                );
            });
            ui.add(
                Rect::new(0, 2, 20, 1),
                Text::new(format!("label {label}")).automation_id("label"),
            );
        });
        ui.add(
            Rect::new(0, 3, 20, 1),
            Text::new(format!("hits {}", self.hits)).automation_id("hits"),
        );
        if self.oops {
            ui.add(Rect::new(20, 0, 10, 1), Text::new("oops").automation_id("undeclared"));
        }
    }
}

#[test]
fn probe_strict_failures_between_carried_frames_agree() {
    let options = SessionOptions::default().viewport(30, 5).strict_ids(true);
    let make = || Strict { oops: false, label: 0, hits: 0 };
    let steps = [
        click("m-btn"),
        click("oops-toggle"),
        click("relabel"),
        click("m-btn"),
        AutomationStep::focus_next(),
        AutomationStep::hover(Selector::id("m-btn")),
        click("oops-toggle"),
        click("m-btn"),
        click("relabel"),
        AutomationStep::focus_next(),
        click("oops-toggle"),
        AutomationStep::focus_next(),
        click("oops-toggle"),
        click("m-btn"),
    ];
    let mut check = MemoCheck::new(make, options).expect("first frames agree");
    let mut failed = 0;
    for step in &steps {
        let result = check.step(step).unwrap_or_else(|mismatch| panic!("{mismatch}"));
        if let Err(error) = result {
            assert!(error.to_string().contains("undeclared"), "{error}");
            failed += 1;
        }
    }
    // Both sessions failed the same steps on the undeclared id, and
    // carried bodies between those failures.
    assert!(failed > 0, "no step failed on strict ids");
    assert!(check.memoized().render_stats().bodies_carried > 0);
}
