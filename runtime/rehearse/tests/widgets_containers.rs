//! The built-in containers and wrappers — Frame, DragSource, DropTarget,
//! PanView, MouseRegion — in headless sessions: Click inheritance from an
//! only child, click capture, per-cell hit areas, drag and drop, panning.

use crate::support::widgets as harness;

use harness::{App, Msg, State, line, node, refused, start};
use ratatui::crossterm::event::{
    Event, KeyModifiers, MouseButton as CtButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Rect, Size};
use rehearse::prelude::*;
use rehearse::widgets::{
    Button, DragSource, DropTarget, Frame, List, ListItem, MouseRegion, PanView, ScrollView, Text,
};

/// A real left click (down and up) at a cell, committed.
fn click_at(session: &mut Session<App>, col: u16, row: u16) {
    for kind in [MouseEventKind::Down(CtButton::Left), MouseEventKind::Up(CtButton::Left)] {
        let event =
            Event::Mouse(MouseEvent { kind, column: col, row, modifiers: KeyModifiers::NONE });
        session.engine_mut().handle_event(&event).unwrap();
    }
    session.engine_mut().commit_now().unwrap();
}

fn add_button(ui: &mut Ui<'_, Msg>, area: Rect, id: &'static str) {
    ui.add(area, Button::new(id).automation_id(id).on_click(move || Msg::Clicked(id)));
}

// ---- Frame -------------------------------------------------------------

#[test]
fn a_frame_around_one_button_supports_click_and_the_click_reaches_the_button() {
    let mut session = start(20, 5, State::default(), |_, ui| {
        Frame::new().title("Todos").automation_id("todos").show(ui, ui.area(), |ui, inner| {
            add_button(ui, inner, "add");
        });
    });
    let frame = node(&session, "todos");
    assert_eq!(frame.role, SemanticRole::Group);
    assert_eq!(frame.name, "Todos");
    assert!(frame.actions.contains(SemanticAction::Click));
    assert_eq!(frame.children.len(), 1);
    assert_eq!(frame.children[0].bounds, Bounds::new(1, 1, 18, 3));
    assert!(line(&session, 0).contains("Todos"));
    session.step(AutomationStep::click(Selector::id("todos"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Clicked("add")]);
}

#[test]
fn a_frame_with_two_children_never_inherits_click() {
    let mut session = start(20, 6, State::default(), |_, ui| {
        Frame::new().title("Two").automation_id("two").show(ui, ui.area(), |ui, inner| {
            add_button(ui, Rect { height: 3, ..inner }, "first");
            ui.add(Rect { y: inner.y + 3, height: 1, ..inner }, Text::new("note"));
        });
    });
    assert!(!node(&session, "two").actions.contains(SemanticAction::Click));
    refused(session.step(AutomationStep::click(Selector::id("two"))));
    assert!(session.app().state.log.is_empty());
    // The child itself is still clickable.
    session.step(AutomationStep::click(Selector::id("first"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Clicked("first")]);
}

#[test]
fn a_frame_whose_only_child_takes_no_clicks_refuses_and_is_not_named_by_it() {
    let mut session = start(20, 3, State::default(), |_, ui| {
        Frame::new().show(ui, ui.area(), |ui, inner| {
            ui.add(inner, Text::new("just words"));
        });
    });
    let frames = session.tree().by_role_and_name(SemanticRole::Group, None);
    assert_eq!(frames.len(), 1);
    assert_eq!(frames[0].name, "", "containers are never named from content");
    assert_eq!(frames[0].children[0].name, "just words");
    assert!(!frames[0].actions.contains(SemanticAction::Click));
    refused(session.step(AutomationStep::click(Selector::role(SemanticRole::Group))));
}

#[test]
fn capture_click_on_a_frame_takes_every_click_and_its_child_refuses() {
    let mut session = start(20, 5, State::default(), |_, ui| {
        Frame::new().automation_id("card").capture_click(|| Msg::Clicked("card")).show(
            ui,
            ui.area(),
            |ui, inner| add_button(ui, inner, "inner"),
        );
    });
    assert!(node(&session, "card").actions.contains(SemanticAction::Click));
    session.step(AutomationStep::click(Selector::id("card"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Clicked("card")]);
    // A real click at the button's centre would reach the frame: refused.
    refused(session.step(AutomationStep::click(Selector::id("inner"))));
    assert_eq!(session.app().state.log, [Msg::Clicked("card")]);
}

#[test]
fn a_disabled_frame_disables_its_content() {
    let mut session = start(20, 5, State::default(), |_, ui| {
        Frame::new().title("Off").enabled(false).show(ui, ui.area(), |ui, inner| {
            add_button(ui, inner, "button");
        });
    });
    let button = node(&session, "button");
    assert!(!button.states.enabled);
    assert!(!button.actionable);
    refused(session.step(AutomationStep::click(Selector::id("button"))));
    assert!(session.app().state.log.is_empty());
}

// ---- DragSource / DropTarget ------------------------------------------

fn drag_app(button_source: bool) -> Session<App> {
    start(40, 4, State::default(), move |_, ui| {
        DragSource::new("card-7").automation_id("src").show(
            ui,
            Rect::new(0, 0, 10, 3),
            |ui, area| {
                if button_source {
                    add_button(ui, area, "open");
                } else {
                    ui.add(area, Text::new("Card 7"));
                }
            },
        );
        DropTarget::new().label("Trash").automation_id("bin").on_drop(Msg::Dropped).show(
            ui,
            Rect::new(20, 0, 10, 3),
            |ui, area| {
                ui.add(area, Text::new("Trash"));
            },
        );
        ui.add(Rect::new(0, 3, 40, 1), Text::new("elsewhere").automation_id("elsewhere"));
    })
}

#[test]
fn a_drop_target_receives_a_drag_from_a_drag_source() {
    let mut session = drag_app(false);
    let source = node(&session, "src");
    assert!(source.actions.contains(SemanticAction::Drag));
    assert_eq!(node(&session, "bin").name, "Trash");
    session.step(AutomationStep::drag(Selector::id("src"), Selector::id("bin"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Dropped("card-7".into())]);
    // Released anywhere that is not a target: nothing.
    session.step(AutomationStep::drag(Selector::id("src"), Selector::id("elsewhere"))).unwrap();
    // Released over the source itself: no drop.
    session.step(AutomationStep::drag(Selector::id("src"), Selector::id("src"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Dropped("card-7".into())]);
}

#[test]
fn a_wrapper_whose_only_child_takes_no_clicks_refuses_click() {
    let mut session = drag_app(false);
    for id in ["src", "bin"] {
        assert!(!node(&session, id).actions.contains(SemanticAction::Click), "{id}");
        refused(session.step(AutomationStep::click(Selector::id(id))));
    }
    assert!(session.app().state.log.is_empty());
}

#[test]
fn a_drag_source_around_a_button_inherits_click_and_still_drags() {
    let mut session = drag_app(true);
    let source = node(&session, "src");
    assert!(source.actions.contains(SemanticAction::Click));
    assert!(source.actions.contains(SemanticAction::Drag));
    session.step(AutomationStep::click(Selector::id("src"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Clicked("open")]);
    session.step(AutomationStep::drag(Selector::id("src"), Selector::id("bin"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Clicked("open"), Msg::Dropped("card-7".into())]);
}

// ---- PanView -----------------------------------------------------------

fn pan_app() -> Session<App> {
    start(12, 6, State::default(), |_, ui| {
        PanView::new(Size::new(40, 20)).automation_id("pan").show(
            ui,
            Rect::new(0, 0, 10, 5),
            |ui, content| {
                for at in 0..20u16 {
                    let row = Rect::new(content.x, content.y + at, 40, 1);
                    ui.add(
                        row,
                        Text::new(format!("line {at:02}")).automation_id(format!("line-{at}")),
                    );
                }
            },
        );
        // Fires only when the focused view leaves Up unconsumed.
        ui.on_key(KeyCode::Up, || Msg::Clicked("up"));
    })
}

#[test]
fn a_pan_view_pans_with_arrow_keys_keeping_panned_out_content_in_the_tree() {
    let mut session = pan_app();
    let pan = node(&session, "pan");
    assert_eq!(pan.role, SemanticRole::ScrollView);
    assert!(pan.actions.contains(SemanticAction::Scroll));
    assert!(!pan.actions.contains(SemanticAction::Click), "many children: no Click");
    assert_eq!(node(&session, "line-0").clipped_bounds, Bounds::new(0, 0, 10, 1));
    let below = node(&session, "line-7");
    assert!(!below.in_view && below.states.offscreen);
    assert_eq!(below.clipped_bounds.area(), 0);

    session.step(AutomationStep::focus(Selector::id("pan"))).unwrap();
    // At the top, Up is not the view's: it bubbles to the app's binding.
    session.step(AutomationStep::key(KeyCode::Up)).unwrap();
    assert_eq!(session.app().state.log, [Msg::Clicked("up")]);
    for _ in 0..3 {
        session.step(AutomationStep::key(KeyCode::Down)).unwrap();
    }
    assert_eq!(node(&session, "line-3").bounds.y, 0);
    assert!(!node(&session, "line-0").in_view);
    assert!(line(&session, 0).starts_with("line 03"));
    session.step(AutomationStep::key(KeyCode::Right)).unwrap();
    session.step(AutomationStep::key(KeyCode::Right)).unwrap();
    assert_eq!(node(&session, "line-3").bounds, Bounds::new(-2, 0, 40, 1));
    assert!(line(&session, 0).starts_with("ne 03"));
    session.step(AutomationStep::key(KeyCode::Up)).unwrap();
    assert_eq!(node(&session, "line-2").bounds.y, 0);
    assert_eq!(
        session.app().state.log,
        [Msg::Clicked("up")],
        "Up panned: the binding did not fire"
    );
    // End shows the last rows; the wheel pans back up.
    session.step(AutomationStep::key(KeyCode::End)).unwrap();
    assert_eq!(node(&session, "line-19").bounds.y, 4);
    session.step(AutomationStep::scroll_at(Selector::id("pan"), ScrollDirection::Up)).unwrap();
    assert!(!node(&session, "line-19").in_view);
    assert_eq!(node(&session, "line-18").bounds.y, 4);
}

#[test]
fn a_pan_view_around_one_button_inherits_click() {
    let mut session = start(12, 4, State::default(), |_, ui| {
        PanView::new(Size::new(10, 3)).automation_id("pan").show(
            ui,
            Rect::new(0, 0, 10, 3),
            |ui, content| add_button(ui, content, "go"),
        );
    });
    assert!(node(&session, "pan").actions.contains(SemanticAction::Click));
    session.step(AutomationStep::click(Selector::id("pan"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Clicked("go")]);
}

// ---- MouseRegion -------------------------------------------------------

fn region_app(cells: Rect) -> Session<App> {
    start(12, 4, State::default(), move |_, ui| {
        MouseRegion::new().automation_id("region").hit_test([cells]).show(
            ui,
            Rect::new(0, 0, 10, 3),
            |ui, area| add_button(ui, area, "knob"),
        );
    })
}

#[test]
fn a_mouse_region_whose_cells_hold_the_centre_passes_clicks_to_its_child() {
    let mut session = region_app(Rect::new(0, 0, 5, 3));
    assert!(node(&session, "region").actions.contains(SemanticAction::Click));
    session.step(AutomationStep::click(Selector::id("region"))).unwrap();
    session.step(AutomationStep::click(Selector::id("knob"))).unwrap();
    assert_eq!(session.app().state.log, [Msg::Clicked("knob"), Msg::Clicked("knob")]);
    // Outside the cells a real click reaches nothing.
    click_at(&mut session, 8, 1);
    assert_eq!(session.app().state.log.len(), 2);
}

#[test]
fn a_mouse_region_whose_cells_miss_the_centre_makes_region_and_child_refuse_clicks() {
    let mut session = region_app(Rect::new(6, 0, 4, 3));
    assert!(!node(&session, "region").actions.contains(SemanticAction::Click));
    refused(session.step(AutomationStep::click(Selector::id("region"))));
    // The button still says Click, but a real click at its centre (4,1)
    // reaches nothing: automation refuses instead of searching elsewhere.
    assert!(node(&session, "knob").actions.contains(SemanticAction::Click));
    refused(session.step(AutomationStep::click(Selector::id("knob"))));
    assert!(session.app().state.log.is_empty());
    // Inside the cells the button is live.
    click_at(&mut session, 7, 1);
    assert_eq!(session.app().state.log, [Msg::Clicked("knob")]);
}

#[test]
fn a_wrapper_around_a_region_that_misses_the_centre_does_not_inherit_click() {
    let mut session = start(12, 4, State::default(), |_, ui| {
        DragSource::new("x").automation_id("src").show(ui, Rect::new(0, 0, 10, 3), |ui, area| {
            MouseRegion::new()
                .automation_id("ring")
                .hit_test([Rect::new(0, 0, 10, 1)])
                .on_click(|| Msg::Clicked("ring"))
                .show(ui, area, |_, _| {});
        });
    });
    let ring = node(&session, "ring");
    assert!(ring.actions.contains(SemanticAction::Click), "the region has a click of its own");
    assert!(!node(&session, "src").actions.contains(SemanticAction::Click));
    refused(session.step(AutomationStep::click(Selector::id("src"))));
    refused(session.step(AutomationStep::click(Selector::id("ring"))));
    // Its top row is live.
    click_at(&mut session, 3, 0);
    assert_eq!(session.app().state.log, [Msg::Clicked("ring")]);
}

#[test]
fn capture_click_on_a_mouse_region_takes_the_click_from_its_child() {
    let mut session = start(12, 4, State::default(), |_, ui| {
        MouseRegion::new().automation_id("region").capture_click(|| Msg::Clicked("region")).show(
            ui,
            Rect::new(0, 0, 10, 3),
            |ui, area| add_button(ui, area, "knob"),
        );
    });
    session.step(AutomationStep::click(Selector::id("region"))).unwrap();
    refused(session.step(AutomationStep::click(Selector::id("knob"))));
    assert_eq!(session.app().state.log, [Msg::Clicked("region")]);
}

#[test]
fn on_click_at_reports_where_the_click_landed_in_the_region() {
    let mut session = start(12, 5, State::default(), |_, ui| {
        MouseRegion::new()
            .automation_id("canvas")
            .on_click_at(|at| Msg::ClickedAt(at.x, at.y))
            .show(ui, Rect::new(2, 1, 8, 3), |ui, area| {
                ui.add(area, Text::new("canvas"));
            });
    });
    // Clicks land at the centre of (2,1 8x3): (5,2), which is (3,1) inside.
    session.step(AutomationStep::click(Selector::id("canvas"))).unwrap();
    click_at(&mut session, 9, 3);
    assert_eq!(session.app().state.log, [Msg::ClickedAt(3, 1), Msg::ClickedAt(7, 2)]);
}

/// A list inside a scroll view.
struct Nested;

impl Component for Nested {
    type Message = usize;
    fn update(&mut self, _: usize, _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, usize>) {
        ScrollView::new().automation_id("outer").show(
            ui,
            Rect::new(0, 0, 20, 10),
            30,
            |ui, content| {
                let list = Rect::new(content.x, content.y + 5, content.width, 10);
                let items = (0..50)
                    .map(|n| ListItem::new(format!("item {n}")).automation_id(format!("item-{n}")))
                    .collect();
                List::new().automation_id("list").show(ui, list, items);
            },
        );
    }
}

#[test]
fn a_press_on_a_scrollbar_inside_a_scrolled_view_lands_where_it_was_pressed() {
    let mut session = Session::new(Nested, SessionOptions::default().viewport(20, 10));
    // Scroll the outer view by one wheel notch (3 rows), over its own content.
    session.step(AutomationStep::scroll_at(Selector::point(2, 0), ScrollDirection::Down)).unwrap();
    let list = session.tree().by_id("list").unwrap().bounds;
    assert_eq!(list.y, 2, "the list moved up with the outer content");
    // The list's scrollbar is its last column; press it 7 rows down its track.
    let bar = (list.right() - 1) as u16;
    session.step(AutomationStep::click(Selector::point(bar, 9))).unwrap();
    // 7 of 9 steps along a 40-row span: the list scrolls to row 31.
    assert!(session.tree().by_id("item-31").unwrap().in_view);
    assert!(!session.tree().by_id("item-30").unwrap().in_view);
}
