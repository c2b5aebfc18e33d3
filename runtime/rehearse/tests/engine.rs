//! The engine's contracts, through small apps driven by the executor:
//! hit-testing with capture_click and per-cell regions, overlay stacking,
//! drain bounds, focus requests, nested components and their lifecycle.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use ratatui::crossterm::event::Event;
use ratatui::layout::{Constraint, Layout, Rect};
use rehearse::AutomationIds;
use rehearse::command::CommandLink;
use rehearse::engine::MAX_SCREEN_CELLS;
use rehearse::engine::MAX_TIMERS_PER_ADVANCE;
use rehearse::prelude::*;
use rehearse::semantic::SemanticFacts;
use rehearse::ui::WidgetEvent;
use rehearse::widgets::List;
use rehearse::widgets::ListItem;
use rehearse::widgets::TextInput;
use rehearse::widgets::{Button, Text};
use std::time::Duration;
// end moved-in imports

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

/// An app whose two widgets share an id.
struct Duplicates;

impl Component for Duplicates {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let [a, b] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(ui.area());
        ui.add(a, Text::new("first").automation_id("same"));
        ui.add(b, Button::<()>::new("second").automation_id("same"));
    }
}

#[test]
fn duplicate_automation_ids_fail_the_commit_naming_both_paths() {
    let error =
        Session::try_new(Duplicates, SessionOptions::default()).err().expect("the commit fails");
    let AutomationError::DuplicateAutomationId { id, first, second } = &error else {
        panic!("{error}")
    };
    assert_eq!(id, "same");
    assert_eq!(first, "application > text \"first\" #same");
    assert_eq!(second, "application > button \"second\" #same");
    // This is a plain check, not a debug assertion: CI also runs this file
    // with --release.
    assert!(error.to_string().contains("must be unique"));
}

/// Work that never settles.
struct Spinner;

#[derive(Debug)]
struct Again;

impl Component for Spinner {
    type Message = Again;
    fn update(&mut self, _: Again, ctx: &mut Context<'_, Self>) {
        ctx.send(Again);
    }
    fn view(&self, ui: &mut Ui<'_, Again>) {
        ui.add(ui.area(), Button::new("Spin").automation_id("spin").on_click(|| Again));
    }
}

#[test]
fn a_chain_that_never_converges_fails_and_names_the_producer() {
    let mut session = Session::new(Spinner, SessionOptions::default().viewport(10, 3));
    let error = session.step(AutomationStep::click(Selector::id("spin"))).unwrap_err();
    let AutomationError::DrainDidNotConverge { producers, delivered, .. } = &error.error else {
        panic!("{error}")
    };
    assert!(*delivered > 10_000);
    assert!(producers[0].contains("engine::Again"), "{producers:?}");
}

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

/// Records the order of timers.
#[derive(Default)]
struct Timers {
    fired: Rc<RefCell<Vec<u32>>>,
}

#[derive(Debug)]
enum TimerMsg {
    Start,
    Fired(u32),
}

impl Component for Timers {
    type Message = TimerMsg;
    fn update(&mut self, msg: TimerMsg, ctx: &mut Context<'_, Self>) {
        match msg {
            TimerMsg::Start => {
                ctx.after(std::time::Duration::from_millis(200), TimerMsg::Fired(3));
                ctx.after(std::time::Duration::from_millis(100), TimerMsg::Fired(1));
                ctx.after(std::time::Duration::from_millis(100), TimerMsg::Fired(2));
            }
            TimerMsg::Fired(n) => self.fired.borrow_mut().push(n),
        }
    }
    fn view(&self, ui: &mut Ui<'_, TimerMsg>) {
        ui.add(ui.area(), Button::new("go").automation_id("go").on_click(|| TimerMsg::Start));
    }
}

#[test]
fn controlled_time_runs_due_timers_in_due_then_submission_order() {
    let fired = Rc::new(RefCell::new(Vec::new()));
    let mut session =
        Session::new(Timers { fired: fired.clone() }, SessionOptions::default().viewport(10, 3));
    session.step(AutomationStep::click(Selector::id("go"))).unwrap();
    assert!(fired.borrow().is_empty(), "nothing runs until time moves");
    session.step(AutomationStep::advance(std::time::Duration::from_millis(150))).unwrap();
    assert_eq!(*fired.borrow(), [1, 2]);
    session.step(AutomationStep::advance(std::time::Duration::from_millis(50))).unwrap();
    assert_eq!(*fired.borrow(), [1, 2, 3]);
    assert_eq!(session.now().since_start(), std::time::Duration::from_millis(200));
}

#[test]
fn advancing_a_realtime_clock_is_an_error() {
    let options = SessionOptions::default().viewport(10, 3).clock(ClockMode::Realtime);
    let mut session = Session::new(Timers::default(), options);
    let error =
        session.step(AutomationStep::advance(std::time::Duration::from_millis(1))).unwrap_err();
    assert!(matches!(error.error, AutomationError::RealtimeAdvance), "{error}");
}

#[test]
fn resize_keeps_the_mounted_app_and_relayouts() {
    let fired = Rc::new(RefCell::new(Vec::new()));
    let mut session = Session::new(Timers { fired }, SessionOptions::default().viewport(10, 3));
    session.step(AutomationStep::click(Selector::id("go"))).unwrap();
    session.step(AutomationStep::resize(40, 6)).unwrap();
    assert_eq!(session.tree().viewport.width, 40);
    assert_eq!(session.tree().by_id("go").unwrap().bounds, Bounds::new(0, 0, 40, 6));
    // The timers scheduled before the resize still belong to the same app.
    session.step(AutomationStep::advance(std::time::Duration::from_millis(300))).unwrap();
    assert_eq!(session.buffer().area.width, 40);
    let error = session.step(AutomationStep::resize(0, 6)).unwrap_err();
    assert!(matches!(error.error, AutomationError::InvalidViewport { .. }), "{error}");
}

/// Remembers what it was given.
struct Recorder(Rc<RefCell<Vec<(String, u64, bool)>>>);

impl rehearse::engine::CheckpointSink for Recorder {
    fn record(
        &mut self,
        checkpoint: &rehearse::engine::Checkpoint<'_>,
    ) -> Result<(), AutomationError> {
        self.0.borrow_mut().push((
            checkpoint.name.to_owned(),
            checkpoint.frame.generation.0,
            checkpoint.diagnostic,
        ));
        Ok(())
    }
}

#[test]
fn checkpoints_reach_every_sink_with_their_generation_and_bad_names_reach_none() {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let mut session = Session::new(Timers::default(), SessionOptions::default().viewport(10, 3));
    session.add_checkpoint_sink(Recorder(seen.clone()));
    let report =
        session.run([AutomationStep::drain(), AutomationStep::checkpoint("after-drain")]).unwrap();
    let generation = report.steps[1].generation.0;
    assert_eq!(*seen.borrow(), [("after-drain".to_owned(), generation, false)]);
    assert_eq!(session.checkpoints(), [("after-drain".to_owned(), report.steps[1].generation)]);

    let error = session.step(AutomationStep::checkpoint("../escape")).unwrap_err();
    assert!(matches!(error.error, AutomationError::InvalidCheckpointName { .. }), "{error}");
    assert_eq!(seen.borrow().len(), 1, "an invalid name reaches no sink");
}

/// An app whose view builds an id that breaks the rules.
struct BadId;

impl Component for BadId {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let [a, b] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(ui.area());
        ui.add(a, Text::new("first").automation_id("row 1"));
        ui.add(b, Text::new("second").automation_id("row 1"));
    }
}

#[test]
fn an_invalid_dynamic_id_fails_the_commit_at_its_node() {
    let error = Session::try_new(BadId, SessionOptions::default()).err().expect("the commit fails");
    let AutomationError::InvalidAutomationId { id, path, reason } = &error else {
        panic!("{error}")
    };
    assert_eq!(id, "row 1");
    assert_eq!(path, "application > text \"first\"");
    assert_eq!(
        *reason,
        rehearse::vocabulary::AutomationIdError::InvalidCharacter { position: 3, character: ' ' }
    );
}

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

/// One list item and nothing pending: no wait can change what it shows.
struct OneItem;

impl Component for OneItem {
    type Message = usize;
    fn update(&mut self, _: usize, _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, usize>) {
        List::new().show(ui, ui.area(), vec![ListItem::new("a").automation_id("a")]);
    }
}

#[test]
fn a_wait_that_gives_up_at_once_says_so() {
    let mut session = Session::new(OneItem, SessionOptions::default().viewport(10, 2));
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

#[path = "support/plain.rs"]
mod plain;
use plain::Plain;

#[test]
fn a_resize_over_the_cell_limit_fails_the_step_and_keeps_the_viewport() {
    let mut session = Session::new(Plain, SessionOptions::default().viewport(20, 5));
    for (cols, rows) in [(65535, 65535), (4096, 4096), (1025, 1024)] {
        let error = session.step(AutomationStep::resize(cols, rows)).unwrap_err();
        let AutomationError::ViewportTooLarge { cols: c, rows: r, limit } = error.error else {
            panic!("{error}")
        };
        assert_eq!((c, r, limit), (cols, rows, MAX_SCREEN_CELLS));
        let message = error.to_string();
        let cells = u64::from(cols) * u64::from(rows);
        assert!(message.contains(&format!("viewport {cols}x{rows} is too large")), "{message}");
        assert!(message.contains(&format!("{cells} cells")), "{message}");
        assert!(message.contains("limit of 1048576 cells (MAX_SCREEN_CELLS"), "{message}");
        assert_eq!(session.frame().buffer.area, Rect::new(0, 0, 20, 5), "the viewport stays");
    }
    // The grammar's spelling fails the same way.
    let error = session.run_script("resize:65535x65535").unwrap_err();
    assert!(error.to_string().contains("viewport 65535x65535 is too large"), "{error}");
    // Each side may be long as long as the product fits.
    session.step(AutomationStep::resize(65535, 2)).unwrap();
    assert_eq!(session.frame().buffer.area, Rect::new(0, 0, 65535, 2));
}

#[test]
fn a_session_over_the_cell_limit_does_not_start() {
    for (cols, rows) in [(65535, 65535), (4096, 4096), (1024, 1025)] {
        let error = Session::try_new(Plain, SessionOptions::default().viewport(cols, rows))
            .err()
            .expect("too large to start");
        assert!(
            matches!(error, AutomationError::ViewportTooLarge { cols: c, rows: r, limit: MAX_SCREEN_CELLS } if (c, r) == (cols, rows)),
            "{error}"
        );
        assert!(error.to_string().contains(&format!("viewport {cols}x{rows} is too large")));
    }
    assert!(Session::try_new(Plain, SessionOptions::default().viewport(1, 1)).is_ok());
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

/// A timer that re-arms itself every millisecond, for ever.
struct Ticker;

#[derive(Debug)]
struct Tick;

impl Component for Ticker {
    type Message = Tick;
    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        ctx.after(Duration::from_millis(1), Tick);
    }
    fn update(&mut self, Tick: Tick, ctx: &mut Context<'_, Self>) {
        ctx.after(Duration::from_millis(1), Tick);
    }
    fn view(&self, _: &mut Ui<'_, Tick>) {}
}

#[test]
fn an_advance_past_a_re_arming_timer_stops_at_the_timer_limit() {
    let mut session = Session::new(Ticker, SessionOptions::default().viewport(20, 5));
    let error = session.step(AutomationStep::advance(Duration::from_millis(u64::MAX))).unwrap_err();
    let AutomationError::AdvanceDidNotConverge { requested, reached, limit, producers } =
        &error.error
    else {
        panic!("{error}")
    };
    assert_eq!(*limit, MAX_TIMERS_PER_ADVANCE);
    assert_eq!(*requested, Duration::from_millis(u64::MAX));
    assert_eq!(*reached, Duration::from_millis(MAX_TIMERS_PER_ADVANCE as u64));
    assert_eq!(producers.len(), 1, "{producers:?}");
    assert!(producers[0].ends_with("Tick (100001×)"), "{producers:?}");
    let message = error.to_string();
    assert!(message.contains("fired more than 100000 timers (MAX_TIMERS_PER_ADVANCE"), "{message}");
    // The session goes on from where the advance stopped.
    session.step(AutomationStep::advance(Duration::from_millis(10))).unwrap();
    assert_eq!(session.now().since_start(), *reached + Duration::from_millis(10));
}

#[test]
fn the_grammar_refuses_a_wait_longer_than_seven_days() {
    let mut session = Session::new(Ticker, SessionOptions::default().viewport(20, 5));
    let error = session.run_script("wait:18446744073709551615").unwrap_err();
    assert!(error.to_string().contains("the limit is 604800000 ms (7 days)"), "{error}");
    assert_eq!(session.now().since_start(), Duration::ZERO, "nothing ran");
}
