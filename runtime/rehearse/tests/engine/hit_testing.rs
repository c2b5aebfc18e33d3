//! Hit-testing: a click reaches the node under its centre, `capture_click` on
//! an ancestor takes it (and automation refuses the child), per-cell hit areas
//! decide whether the centre is accepted.

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::semantic::SemanticFacts;
use rehearse::ui::WidgetEvent;
use rehearse::widgets::Button;

/// Records which handler a click reached.
#[derive(Default)]
struct Clicks {
    log: Vec<&'static str>,
    capture: bool,
    cells_only: bool,
}

#[derive(Debug)]
enum ClickMsg {
    Hit(&'static str),
}

impl Component for Clicks {
    type Message = ClickMsg;

    fn update(&mut self, msg: ClickMsg, _: &mut Context<'_, Self>) {
        let ClickMsg::Hit(name) = msg;
        self.log.push(name);
    }

    fn view(&self, ui: &mut Ui<'_, ClickMsg>) {
        let area = Rect::new(0, 0, 20, 5);
        let capture = self.capture;
        let cells_only = self.cells_only;
        let outer = ui.node(
            area,
            SemanticFacts::new(SemanticRole::Group).automation_id("outer"),
            |ui, _| {
                ui.add(
                    Rect::new(2, 1, 10, 3),
                    Button::new("Inner").automation_id("inner").on_click(|| ClickMsg::Hit("inner")),
                );
                let strip = ui.add(
                    Rect::new(14, 0, 6, 5),
                    Semantics::new(ratatui::widgets::Paragraph::new("cells"))
                        .role(SemanticRole::Button)
                        .automation_id("strip"),
                );
                let strip = strip.on_click(|| ClickMsg::Hit("strip"));
                if cells_only {
                    // Only the top row of the strip accepts the pointer.
                    strip.hit_cells([Rect::new(14, 0, 6, 1)]);
                }
            },
        );
        if capture {
            ui.capture_click(outer);
            ui.on_event(outer, |event, cx| match event {
                WidgetEvent::Click { .. } => {
                    cx.emit(ClickMsg::Hit("outer"));
                    true
                }
                _ => false,
            });
        }
    }
}

#[test]
fn a_click_reaches_the_node_under_the_centre() {
    let mut session = Session::new(Clicks::default(), SessionOptions::default().viewport(20, 5));
    session.step(AutomationStep::click(Selector::id("inner"))).unwrap();
    assert_eq!(session.app().log, ["inner"]);
}

#[test]
fn capture_click_on_an_ancestor_takes_the_click_and_the_child_refuses() {
    let app = Clicks { capture: true, ..Clicks::default() };
    let mut session = Session::new(app, SessionOptions::default().viewport(20, 5));
    // The child is still a button, but a real click at its centre reaches
    // the capturing ancestor: automation refuses rather than misattribute.
    let error = session.step(AutomationStep::click(Selector::id("inner"))).unwrap_err();
    assert!(matches!(error.error, AutomationError::NotActionable { .. }), "{error}");
    assert!(error.to_string().contains("reaches group \"outer\" #outer"), "{error}");
    assert!(session.app().log.is_empty());
    // A point click goes where a real pointer goes.
    session.step(AutomationStep::click(Selector::point(5, 2))).unwrap();
    assert_eq!(session.app().log, ["outer"]);
}

#[test]
fn per_cell_hit_areas_decide_whether_the_centre_is_accepted() {
    let app = Clicks { cells_only: true, ..Clicks::default() };
    let mut session = Session::new(app, SessionOptions::default().viewport(20, 5));
    // The strip's centre (row 2) is outside its accepted cells (row 0).
    let error = session.step(AutomationStep::click(Selector::id("strip"))).unwrap_err();
    assert!(matches!(error.error, AutomationError::NotActionable { .. }), "{error}");
    assert!(session.app().log.is_empty());
    // A real click on an accepted cell reaches it.
    session.step(AutomationStep::click(Selector::point(16, 0))).unwrap();
    assert_eq!(session.app().log, ["strip"]);
}
