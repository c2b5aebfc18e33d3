//! Regression tests for defects an independent review found: each test
//! failed before its fix.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use ratatui::widgets::Paragraph;
use rehearse::prelude::*;
use rehearse::ui::WidgetEvent;
use rehearse::widgets::{Button, List, ListItem, ScrollView, Text, TextInput, Toast};
use rehearse::{AutomationIds, command::CommandLink};

/// Buttons named by a list that a worker thread can shorten.
struct Shrinking {
    names: Vec<&'static str>,
}

#[derive(Debug)]
enum ShrinkMsg {
    Start,
    Keep(Vec<&'static str>),
}

impl Component for Shrinking {
    type Message = ShrinkMsg;
    fn update(&mut self, msg: ShrinkMsg, ctx: &mut Context<'_, Self>) {
        match msg {
            ShrinkMsg::Start => {
                ctx.spawn("shrink", |link: CommandLink<ShrinkMsg>| {
                    let _ = link.send(ShrinkMsg::Keep(vec!["c", "d"]));
                });
            }
            ShrinkMsg::Keep(names) => self.names = names,
        }
    }
    fn view(&self, ui: &mut Ui<'_, ShrinkMsg>) {
        ui.add(
            Rect::new(0, 0, 10, 1),
            Button::new("start").automation_id("start").on_click(|| ShrinkMsg::Start),
        );
        for (row, name) in self.names.iter().enumerate() {
            let area = Rect::new(0, 1 + row as u16, 10, 1);
            ui.add(
                area,
                Button::new(*name).automation_id(format!("b-{name}")).on_click(|| ShrinkMsg::Start),
            );
        }
    }
}

#[test]
fn after_a_failed_step_selectors_never_land_on_another_node() {
    let app = Shrinking { names: vec!["a", "b", "c", "d"] };
    let mut session = Session::new(app, SessionOptions::default().viewport(10, 6));
    session.step(AutomationStep::click(Selector::id("start"))).unwrap();
    // The worker's message re-renders the app during the wait, which then
    // fails: the committed tree still shows a, b, c, d; the app shows c, d.
    let wait = AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::id("never")),
        Duration::from_secs(5),
    );
    assert!(session.step(wait).is_err());
    assert!(session.tree().by_id("b-b").is_some(), "the committed tree is the last good one");
    let error = session.step(AutomationStep::focus(Selector::id("b-b"))).unwrap_err();
    assert!(error.to_string().contains("no longer rendered"), "{error}");
    session.step(AutomationStep::focus(Selector::id("b-d"))).unwrap();
    assert!(session.tree().by_id("b-d").unwrap().is_focused());
    assert!(session.tree().by_id("b-b").is_none());
}

/// A drawn sensitive value, and a text with no name of its own.
struct Secret;

impl Component for Secret {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let token = "sk-live-SECRET";
        ui.add(
            Rect::new(0, 0, 20, 1),
            Semantics::new(Paragraph::new(token))
                .value(token, Sensitivity::Sensitive)
                .automation_id("token"),
        );
        ui.add(Rect::new(0, 1, 20, 1), Semantics::new(Paragraph::new("Plain words")));
    }
}

#[test]
fn a_node_with_a_redacted_value_is_never_named_by_what_it_drew() {
    let session = Session::new(Secret, SessionOptions::default().viewport(20, 2));
    let tree = session.tree();
    let token = tree.by_id("token").unwrap();
    assert_eq!(token.name, "token", "named by its id, not by the secret it drew");
    for output in [tree.to_json(), tree.to_markdown()] {
        assert!(!output.contains("SECRET"), "{output}");
    }
    assert!(tree.containing_text("SECRET").is_empty());
    // Render inference still names a text that has no value.
    assert_eq!(tree.containing_text("Plain words").len(), 1);
}

struct First;
struct Second;

impl Component for First {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(ui.area(), Text::new("first").automation_id("first"));
    }
}

impl Component for Second {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(ui.area(), Text::new("second").automation_id("second"));
    }
}

struct Switcher {
    second: bool,
}

impl Component for Switcher {
    type Message = bool;
    fn update(&mut self, second: bool, _: &mut Context<'_, Self>) {
        self.second = second;
    }
    fn view(&self, ui: &mut Ui<'_, bool>) {
        let area = Rect::new(0, 0, 10, 1);
        if self.second {
            ui.nest("child", area, || Second);
        } else {
            ui.nest("child", area, || First);
        }
    }
}

#[test]
fn the_same_key_with_another_component_type_mounts_the_new_component() {
    let mut session =
        Session::new(Switcher { second: false }, SessionOptions::default().viewport(10, 1));
    assert!(session.tree().by_id("first").is_some());
    session.send(true).unwrap();
    assert!(session.tree().by_id("second").is_some());
    assert!(session.tree().by_id("first").is_none());
}

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

/// A field in an app that refuses `;`.
struct Shell {
    line: String,
}

impl Component for Shell {
    type Message = String;
    const AUTOMATION_IDS: AutomationIds = AutomationIds::new(&["prompt"])
        .refusing(&[KeyPress { code: KeyCode::Char(';'), modifiers: Modifiers::NONE }]);
    fn update(&mut self, line: String, _: &mut Context<'_, Self>) {
        self.line = line;
    }
    fn view(&self, ui: &mut Ui<'_, String>) {
        ui.add(
            ui.area(),
            TextInput::new(self.line.as_str()).automation_id("prompt").on_change(|line| line),
        );
    }
}

#[test]
fn typing_cannot_press_a_refused_key() {
    let mut session =
        Session::new(Shell { line: String::new() }, SessionOptions::default().viewport(20, 3));
    session.step(AutomationStep::click(Selector::id("prompt"))).unwrap();
    let error = session.step(AutomationStep::type_text("ls; rm")).unwrap_err();
    assert!(matches!(error.error, AutomationError::RefusedKey { .. }), "{error}");
    assert_eq!(session.app().line, "", "nothing was typed");
    let script = session.run_script("click:#prompt\ntype:\"ls; rm\"").unwrap_err();
    assert!(script.to_string().contains("refuses `;`"), "{script}");
}

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

struct Exploding;

impl Component for Exploding {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(ui.area(), Text::new("boom").automation_id("boom"))
            .on_click(|| panic!("handler exploded"));
    }
}

#[test]
fn a_panicking_event_handler_fails_the_step_instead_of_unwinding() {
    let mut session = Session::new(Exploding, SessionOptions::default().viewport(10, 1));
    session.engine_mut().handle_event(&Event::FocusGained).unwrap();
    let error = session
        .engine_mut()
        .handle_event(&Event::Mouse(ratatui::crossterm::event::MouseEvent {
            kind: ratatui::crossterm::event::MouseEventKind::Down(
                ratatui::crossterm::event::MouseButton::Left,
            ),
            column: 1,
            row: 0,
            modifiers: ratatui::crossterm::event::KeyModifiers::NONE,
        }))
        .and_then(|()| {
            session.engine_mut().handle_event(&Event::Mouse(
                ratatui::crossterm::event::MouseEvent {
                    kind: ratatui::crossterm::event::MouseEventKind::Up(
                        ratatui::crossterm::event::MouseButton::Left,
                    ),
                    column: 1,
                    row: 0,
                    modifiers: ratatui::crossterm::event::KeyModifiers::NONE,
                },
            ))
        })
        .unwrap_err();
    assert!(
        matches!(&error, AutomationError::ComponentPanicked(message) if message == "handler exploded"),
        "{error}"
    );
    assert!(session.engine().is_closed());
}

/// A field that records what Enter submitted.
struct Form {
    value: String,
    submitted: Vec<String>,
}

#[derive(Debug)]
enum FormMsg {
    Change(String),
    Submit(String),
}

impl Component for Form {
    type Message = FormMsg;
    fn update(&mut self, msg: FormMsg, _: &mut Context<'_, Self>) {
        match msg {
            FormMsg::Change(value) => self.value = value,
            FormMsg::Submit(value) => self.submitted.push(value),
        }
    }
    fn view(&self, ui: &mut Ui<'_, FormMsg>) {
        ui.add(
            ui.area(),
            TextInput::new(self.value.as_str())
                .automation_id("field")
                .on_change(FormMsg::Change)
                .on_submit(FormMsg::Submit),
        );
    }
}

#[test]
fn a_pasted_line_break_is_enter_not_a_character() {
    let app = Form { value: String::new(), submitted: Vec::new() };
    let mut session = Session::new(app, SessionOptions::default().viewport(20, 3));
    session.step(AutomationStep::click(Selector::id("field"))).unwrap();
    session.engine_mut().handle_event(&Event::Paste("abc\r\n".into())).unwrap();
    assert_eq!(session.app().submitted, ["abc"]);
    assert!(!session.app().value.contains('\n'), "{:?}", session.app().value);
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

struct Keyed {
    keys: Vec<ReconcileKey>,
}

impl Component for Keyed {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        for (row, key) in self.keys.iter().enumerate() {
            ui.keyed(key.clone(), |ui| {
                ui.add(Rect::new(0, row as u16, 10, 1), Text::new("x"));
            });
        }
    }
}

#[test]
fn reconciliation_keys_must_be_unique_and_keep_their_kind() {
    let twice = Keyed { keys: vec![ReconcileKey::from("a"), ReconcileKey::from("a")] };
    let error =
        Session::try_new(twice, SessionOptions::default().viewport(10, 2)).err().expect("fails");
    assert!(error.to_string().contains("used twice"), "{error}");
    let kinds = Keyed { keys: vec![ReconcileKey::from(3u64), ReconcileKey::from("3")] };
    assert!(Session::try_new(kinds, SessionOptions::default().viewport(10, 2)).is_ok());
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

#[test]
fn a_wait_that_gives_up_at_once_says_so() {
    let mut session = Session::new(Plain, SessionOptions::default().viewport(10, 2));
    let error = session
        .step(AutomationStep::wait_for(
            WaitCondition::new(Predicate::Missing, Selector::id("a")),
            Duration::from_secs(2),
        ))
        .unwrap_err();
    let message = error.to_string();
    assert!(message.contains("gave up after"), "{message}");
    assert!(message.contains("nothing pending could change the tree"), "{message}");
    assert!(!message.contains("timed out after 2000 ms"), "{message}");
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
