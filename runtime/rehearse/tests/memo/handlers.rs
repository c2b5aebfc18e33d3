//! Handlers on memoized nodes: attached from outside or from an enclosing
//! body they are attached once, and a mouse region whose hit cells grow
//! reaches a carried child.

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::semantic::SemanticFacts;
use rehearse::ui::WidgetEvent;
use rehearse::widgets::{Button, MouseRegion, Text};

use super::support::{agree, check, click};

/// A button-like widget with no behaviour of its own.
#[derive(rehearse::Semantic)]
#[semantic(role = button)]
struct Bare {
    #[semantic(name)]
    label: &'static str,
    #[semantic(id)]
    id: &'static str,
}

impl ratatui::widgets::Widget for Bare {
    fn render(self, area: Rect, buf: &mut ratatui::buffer::Buffer) {
        buf.set_string(area.x, area.y, self.label, ratatui::style::Style::new());
    }
}

/// A view that memoizes its own button; the code using it attaches the
/// click handler (and focusability) from outside, through `ui.add`.
struct MemoButton;

impl View<u32> for MemoButton {
    fn show(self, area: Rect, ui: &mut Ui<'_, u32>) {
        ui.memo("button", area, &(), |ui| {
            ui.add(area, Bare { label: "add", id: "add" });
        });
    }
}

#[derive(Default)]
struct Adder {
    total: u32,
}

impl Component for Adder {
    type Message = u32;
    fn update(&mut self, amount: u32, _: &mut Context<'_, Self>) {
        self.total += amount;
    }
    fn view(&self, ui: &mut Ui<'_, u32>) {
        ui.add(Rect::new(0, 0, 10, 1), Text::new(format!("{}", self.total)).automation_id("total"));
        // A handler that lets the event bubble on: every copy of it runs.
        ui.add(Rect::new(0, 1, 10, 1), MemoButton)
            .on_event(|event, cx| {
                if matches!(event, WidgetEvent::Click { .. }) {
                    cx.emit(1);
                }
                false
            })
            .focusable();
    }
}

#[test]
fn changes_made_from_outside_to_a_memoized_node_are_not_carried_over_twice() {
    // The handler attached from outside lands on a node the memo recorded:
    // carrying that node over with the handler, then attaching it again,
    // would add one more on every render.
    let options = SessionOptions::default().viewport(10, 3);
    let mut check = rehearse::MemoCheck::new(Adder::default, options).expect("same start");
    let click = AutomationStep::click(Selector::id("add"));
    for _ in 0..3 {
        // Renders that carry the button over, then a click.
        for step in [AutomationStep::drain(), AutomationStep::drain(), click.clone()] {
            check.step(&step).expect("both sessions agree").expect("the step runs");
        }
    }
    let session = check.memoized();
    assert_eq!(session.app().total, 3, "one message per click");
    assert!(session.tree().by_id("add").unwrap().actions.contains(SemanticAction::Focus));
}

// --- hit_cells_subtree mutates carried nodes -----------------------------

#[derive(Debug, Clone, Copy)]
enum HitMsg {
    Widen,
    Hit,
}

/// A MouseRegion whose hit cells grow, around a memoized button.
struct Region {
    wide: bool,
    hits: u32,
}

impl Component for Region {
    type Message = HitMsg;
    fn update(&mut self, msg: HitMsg, _: &mut Context<'_, Self>) {
        match msg {
            HitMsg::Widen => self.wide = true,
            HitMsg::Hit => self.hits += 1,
        }
    }
    fn view(&self, ui: &mut Ui<'_, HitMsg>) {
        let area = Rect::new(0, 0, 10, 1);
        let width = if self.wide { 10 } else { 5 };
        MouseRegion::new().hit_test([Rect::new(0, 0, width, 1)]).show(ui, area, |ui, area| {
            ui.memo("button", area, &(), |ui| {
                ui.add(area, Button::new("B").automation_id("b").on_click(|| HitMsg::Hit));
            });
        });
        ui.add(
            Rect::new(0, 2, 20, 1),
            Text::new(format!("hits {}", self.hits)).automation_id("hits"),
        );
        ui.add(
            Rect::new(0, 3, 10, 1),
            Button::new("widen").automation_id("widen").on_click(|| HitMsg::Widen),
        );
    }
}

#[test]
fn a_mouse_region_that_grows_its_hit_cells_reaches_a_carried_child() {
    let mut check = check(|| Region { wide: false, hits: 0 }, 20, 5);
    agree(&mut check, click("widen"));
    // Outside the old hit cells, inside the new ones.
    agree(&mut check, AutomationStep::click(Selector::point(7, 0)));
    assert_eq!(check.memoized().app().hits, 1, "the click reaches the carried button");
}

// --- A handler attached from an enclosing memo body stacks up ------------

/// A view that memoizes itself: a button under its own memo.
struct SelfMemo;

impl<M: Send + 'static> View<M> for SelfMemo {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        ui.memo("self", area, &(), |ui| {
            // A plain button node: clicks go to whatever handler is attached.
            ui.leaf(
                area,
                SemanticFacts::new(SemanticRole::Button).name("Go").automation_id("go"),
                |area, buf| {
                    buf.set_string(area.x, area.y, "Go", ratatui::style::Style::new());
                },
            );
        });
    }
}

#[derive(Debug, Clone, Copy)]
enum StackMsg {
    Relabel,
    Go,
}

struct Stacking {
    label: u32,
    clicks: u32,
}

impl Component for Stacking {
    type Message = StackMsg;
    fn update(&mut self, msg: StackMsg, _: &mut Context<'_, Self>) {
        match msg {
            StackMsg::Relabel => self.label += 1,
            StackMsg::Go => self.clicks += 1,
        }
    }
    fn view(&self, ui: &mut Ui<'_, StackMsg>) {
        let panel = Rect::new(0, 0, 20, 2);
        // The outer body depends on `label`; the inner one on nothing.
        ui.memo("outer", panel, &self.label, |ui| {
            // An observer: counts clicks and lets them bubble on.
            ui.add(Rect::new(0, 0, 10, 1), SelfMemo).on_event(|event, cx| {
                if matches!(event, WidgetEvent::Click { .. }) {
                    cx.emit(StackMsg::Go);
                }
                false
            });
            ui.add(Rect::new(0, 1, 20, 1), Text::new(format!("label {}", self.label)));
        });
        ui.add(
            Rect::new(0, 3, 20, 1),
            Text::new(format!("clicks {}", self.clicks)).automation_id("clicks"),
        );
        ui.add(
            Rect::new(0, 4, 10, 1),
            Button::new("relabel").automation_id("relabel").on_click(|| StackMsg::Relabel),
        );
    }
}

#[test]
fn a_handler_attached_inside_an_enclosing_body_is_attached_once() {
    // The inner body is carried over into the outer one, which renders
    // afresh and attaches its observer again.
    let mut check = check(|| Stacking { label: 0, clicks: 0 }, 20, 5);
    agree(&mut check, click("relabel"));
    agree(&mut check, click("go"));
    assert_eq!(check.memoized().app().clicks, 1, "one click sends one message");
}
