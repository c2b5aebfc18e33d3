//! Input reaching the app: scrolling at the focused node, refused keys,
//! a pasted line break, and typing with nothing focused (which never quotes
//! the typed text).

use ratatui::crossterm::event::Event;
use rehearse::AutomationIds;
use rehearse::prelude::*;
use rehearse::widgets::TextInput;

use crate::plain::Plain;

/// A list without an automation id.
struct Anonymous;

impl Component for Anonymous {
    type Message = usize;
    fn update(&mut self, _: usize, _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, usize>) {
        let items = (0..30)
            .map(|n| {
                rehearse::widgets::ListItem::new(format!("row {n}"))
                    .automation_id(format!("row-{n}"))
            })
            .collect();
        rehearse::widgets::List::new().show(ui, ui.area(), items);
    }
}

#[test]
fn scroll_without_a_selector_scrolls_at_the_focused_node() {
    let mut session = Session::new(Anonymous, SessionOptions::default().viewport(20, 5));
    let error = session.step(AutomationStep::scroll(ScrollDirection::Down)).unwrap_err();
    assert!(error.to_string().contains("no node holds focus"), "{error}");
    session.step(AutomationStep::key(KeyCode::Tab)).unwrap();
    session.step(AutomationStep::scroll(ScrollDirection::Down)).unwrap();
    assert!(!session.tree().by_id("row-0").unwrap().in_view);
    assert!(session.tree().by_id("row-3").unwrap().in_view);
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

#[test]
fn typing_with_nothing_focused_never_quotes_the_typed_text() {
    let mut session = Session::new(Plain, SessionOptions::default().viewport(20, 5));
    let secret = "hunter2-correct-horse";
    let error = session.step(AutomationStep::type_text(secret)).unwrap_err();
    let AutomationError::NotActionable { target, operation, reason } = &error.error else {
        panic!("{error}")
    };
    assert_eq!((target.as_str(), operation.as_str()), ("nothing", "type"));
    assert!(reason.contains("no node holds focus"), "{reason}");
    let inner = [error.error.to_string(), format!("{:?}", error.error)];
    for shown in inner {
        // Not the text, nor any piece of it (the first 40 characters were quoted).
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(!shown.contains("horse"), "{shown}");
    }
}
