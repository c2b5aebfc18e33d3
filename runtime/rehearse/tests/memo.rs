//! `Ui::memo`, `ListItem::lazy` and `SessionOptions::memoize`: what a
//! render carries over from the previous frame without running a body, and
//! that carrying over never changes what is committed.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use rehearse::prelude::*;
use rehearse::semantic::SemanticFacts;
use rehearse::ui::WidgetEvent;
use rehearse::widgets::{Button, List, ListItem, MouseRegion, Text, TextInput};
use rehearse::{MemoCheck, StepError, StepResult};

#[path = "support/runs.rs"]
mod runs;
use runs::Runs;

/// Row `y` of a buffer, as text.
fn row(buffer: &Buffer, y: u16) -> String {
    (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect()
}

/// The style of the first cell of row `y` showing `symbol`.
fn style_of(buffer: &Buffer, y: u16, symbol: &str) -> Style {
    (0..buffer.area.width)
        .map(|x| &buffer[(x, y)])
        .find(|cell| cell.symbol() == symbol)
        .unwrap_or_else(|| panic!("no {symbol:?} on row {y}: {:?}", row(buffer, y)))
        .style()
}

fn node<'a, C: Component>(session: &'a Session<C>, id: &str) -> &'a SemanticNode {
    session
        .tree()
        .by_id(id)
        .unwrap_or_else(|| panic!("no #{id} in\n{}", session.tree().to_markdown()))
}

fn name_of<C: Component>(session: &Session<C>, id: &str) -> String {
    node(session, id).name.clone()
}

// --- 1. Unchanged dependencies skip the body ---------------------------

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

// --- 3. Handlers of a carried-over subtree ------------------------------

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

// --- 2. Lazy list items --------------------------------------------------

const SHELF_LEN: usize = 8;

struct Shelf {
    items: Vec<String>,
    selected: Option<usize>,
    builds: Runs,
}

#[derive(Debug)]
enum ShelfMsg {
    Rename(usize, String),
    Select(usize),
}

impl Shelf {
    fn new(builds: &Runs) -> Self {
        let items = (0..SHELF_LEN).map(|i| format!("item {i}")).collect();
        Self { items, selected: None, builds: builds.clone() }
    }
}

impl Component for Shelf {
    type Message = ShelfMsg;

    fn update(&mut self, msg: ShelfMsg, _: &mut Context<'_, Self>) {
        match msg {
            ShelfMsg::Rename(at, title) => self.items[at] = title,
            ShelfMsg::Select(at) => self.selected = Some(at),
        }
    }

    fn view(&self, ui: &mut Ui<'_, ShelfMsg>) {
        let builds = &self.builds;
        let items = self
            .items
            .iter()
            .enumerate()
            .map(|(i, title)| {
                ListItem::lazy(i, title, move || {
                    builds.bump();
                    ListItem::new(title.as_str()).automation_id(format!("item-{i}"))
                })
            })
            .collect();
        List::new().automation_id("list").selected(self.selected).on_select(ShelfMsg::Select).show(
            ui,
            Rect::new(0, 0, 30, 10),
            items,
        );
    }
}

fn assert_shelf(session: &Session<Shelf>) {
    for (i, title) in session.app().items.iter().enumerate() {
        let item = node(session, &format!("item-{i}"));
        assert_eq!(&item.name, title);
        assert_eq!(item.role, SemanticRole::ListItem);
        assert_eq!(item.bounds, Bounds::new(0, i as i32, 30, 1));
        assert!(row(session.buffer(), i as u16).starts_with(title.as_str()));
    }
    assert_eq!(node(session, "list").children.len(), SHELF_LEN);
}

#[test]
fn a_lazy_list_builds_only_the_item_that_changed() {
    let builds = Runs::default();
    let mut session = Session::new(Shelf::new(&builds), SessionOptions::default().viewport(30, 10));
    let at_start = builds.get();
    assert!(at_start >= SHELF_LEN);
    assert_shelf(&session);

    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(builds.get(), at_start, "nothing changed: nothing is built");
    assert_shelf(&session);

    session.send(ShelfMsg::Rename(3, "changed".into())).unwrap();
    assert_eq!(builds.get(), at_start + 1, "only the renamed item is built");
    assert_eq!(name_of(&session, "item-3"), "changed");
    assert_shelf(&session);

    // Selecting (and focusing the list by clicking) rebuilds only the
    // selected item.
    let before = builds.get();
    session.step(AutomationStep::click(Selector::id("item-5"))).unwrap();
    assert_eq!(session.app().selected, Some(5));
    let rebuilt = builds.get() - before;
    assert!((1..=2).contains(&rebuilt), "rebuilt {rebuilt} items");
    assert_eq!(node(&session, "item-5").states.selected, Some(true));
    assert_eq!(node(&session, "item-4").states.selected, Some(false));
    assert_shelf(&session);
}

#[test]
fn without_memoizing_every_lazy_item_is_built_every_render() {
    let builds = Runs::default();
    let options = SessionOptions::default().viewport(30, 10).memoize(false);
    assert!(!options.is_memoizing());
    let mut session = Session::new(Shelf::new(&builds), options);
    let at_start = builds.get();
    assert!(at_start >= SHELF_LEN);
    assert_eq!(at_start % SHELF_LEN, 0);
    for _ in 0..3 {
        let before = builds.get();
        session.step(AutomationStep::drain()).unwrap();
        let built = builds.get() - before;
        assert!(built >= SHELF_LEN && built % SHELF_LEN == 0, "built {built}");
        assert_shelf(&session);
    }
    session.send(ShelfMsg::Rename(0, "first".into())).unwrap();
    assert_eq!(name_of(&session, "item-0"), "first");
    assert_shelf(&session);
}

// --- 4. Volatile bodies --------------------------------------------------

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

// --- 5. Interaction invalidates -----------------------------------------

/// A card whose body shows whether its button is hovered and focused.
struct Card {
    runs: Runs,
}

impl Component for Card {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}

    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.memo("card", Rect::new(0, 0, 30, 3), &(), |ui| {
            self.runs.bump();
            let go = ui
                .add(Rect::new(0, 0, 12, 1), Button::new("Go").automation_id("go").on_click(|| ()))
                .node()
                .expect("a button records a node");
            let (hovered, focused) = (ui.is_hovered(go), ui.is_focused(go));
            ui.add(
                Rect::new(0, 1, 30, 1),
                Text::new(format!("hovered={hovered}")).automation_id("hover-state"),
            );
            ui.add(
                Rect::new(0, 2, 30, 1),
                Text::new(format!("focused={focused}")).automation_id("focus-state"),
            );
        });
        ui.add(
            Rect::new(0, 4, 12, 1),
            Button::new("Else").automation_id("elsewhere").on_click(|| ()),
        );
    }
}

#[test]
fn hovering_or_focusing_inside_a_body_runs_it_again() {
    let runs = Runs::default();
    let mut session =
        Session::new(Card { runs: runs.clone() }, SessionOptions::default().viewport(30, 5));
    session.step(AutomationStep::drain()).unwrap();
    let rest = runs.get();
    assert_eq!(name_of(&session, "hover-state"), "hovered=false");
    assert!(!style_of(session.buffer(), 0, "G").add_modifier.contains(Modifier::UNDERLINED));

    session.step(AutomationStep::hover(Selector::id("go"))).unwrap();
    assert!(runs.get() > rest, "hover inside the body runs it");
    assert_eq!(name_of(&session, "hover-state"), "hovered=true");
    assert!(row(session.buffer(), 1).starts_with("hovered=true"));
    assert!(style_of(session.buffer(), 0, "G").add_modifier.contains(Modifier::UNDERLINED));
    assert!(session.frame().interaction.hovered.as_deref().is_some_and(|h| h.contains("#go")));

    // Still hovered: carried over, hover state and all.
    let hovered = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), hovered);
    assert_eq!(name_of(&session, "hover-state"), "hovered=true");
    assert!(style_of(session.buffer(), 0, "G").add_modifier.contains(Modifier::UNDERLINED));

    // Hover leaves the body.
    session.step(AutomationStep::hover(Selector::id("elsewhere"))).unwrap();
    assert!(runs.get() > hovered, "hover leaving the body runs it");
    assert_eq!(name_of(&session, "hover-state"), "hovered=false");
    assert!(!style_of(session.buffer(), 0, "G").add_modifier.contains(Modifier::UNDERLINED));

    let before_focus = runs.get();
    session.step(AutomationStep::focus(Selector::id("go"))).unwrap();
    assert!(runs.get() > before_focus, "focus inside the body runs it");
    assert!(node(&session, "go").is_focused());
    assert_eq!(name_of(&session, "focus-state"), "focused=true");
    assert_eq!(style_of(session.buffer(), 0, "G").fg, Some(Color::Yellow));

    let focused = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), focused);
    assert_eq!(name_of(&session, "focus-state"), "focused=true");

    session.step(AutomationStep::focus(Selector::id("elsewhere"))).unwrap();
    assert!(runs.get() > focused, "focus leaving the body runs it");
    assert!(!node(&session, "go").is_focused());
    assert_eq!(name_of(&session, "focus-state"), "focused=false");
    assert_ne!(style_of(session.buffer(), 0, "G").fg, Some(Color::Yellow));
}

// --- 6. A carried-over text field keeps its caret ------------------------

struct Form {
    value: String,
    runs: Runs,
}

#[derive(Debug)]
enum FormMsg {
    Changed(String),
}

impl Component for Form {
    type Message = FormMsg;

    fn update(&mut self, FormMsg::Changed(value): FormMsg, _: &mut Context<'_, Self>) {
        self.value = value;
    }

    fn view(&self, ui: &mut Ui<'_, FormMsg>) {
        ui.memo("form", Rect::new(0, 0, 30, 3), &self.value, |ui| {
            self.runs.bump();
            ui.add(
                Rect::new(0, 0, 30, 3),
                TextInput::new(self.value.as_str())
                    .label("Name")
                    .automation_id("name")
                    .on_change(FormMsg::Changed),
            );
        });
        ui.add(
            Rect::new(0, 4, 12, 1),
            Button::new("Other")
                .automation_id("other")
                .on_click(|| FormMsg::Changed(String::from("clicked"))),
        );
    }
}

#[test]
fn a_carried_over_text_input_keeps_its_caret_and_takes_typing() {
    let runs = Runs::default();
    let app = Form { value: "hello".into(), runs: runs.clone() };
    let mut session = Session::new(app, SessionOptions::default().viewport(30, 5));
    assert_eq!(session.frame().cursor, None);

    session.step(AutomationStep::focus(Selector::id("name"))).unwrap();
    // Bordered: the text starts at column 1 of row 1; the caret follows it.
    assert_eq!(session.frame().cursor, Some((6, 1)));

    let focused = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), focused, "carried over");
    assert_eq!(session.frame().cursor, Some((6, 1)), "the caret is carried over");

    session.step(AutomationStep::type_text("ab")).unwrap();
    assert_eq!(session.app().value, "helloab");
    assert_eq!(node(&session, "name").public_value(), Some("helloab"));
    assert_eq!(session.frame().cursor, Some((8, 1)));

    let typed = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), typed);
    assert_eq!(session.frame().cursor, Some((8, 1)));

    // Moving the caret changes widget state only: the body runs again.
    session.step(AutomationStep::key(KeyCode::Left)).unwrap();
    assert_eq!(session.frame().cursor, Some((7, 1)));
    let moved = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), moved);
    assert_eq!(session.frame().cursor, Some((7, 1)), "the moved caret is carried over");

    // Typing into the carried-over field inserts at the caret.
    session.step(AutomationStep::type_text("X")).unwrap();
    assert_eq!(session.app().value, "helloaXb");
    assert_eq!(node(&session, "name").public_value(), Some("helloaXb"));
    assert_eq!(session.frame().cursor, Some((8, 1)));
    assert!(row(session.buffer(), 1).contains("helloaXb"));

    session.step(AutomationStep::focus(Selector::id("other"))).unwrap();
    assert_eq!(session.frame().cursor, None, "an unfocused field places no caret");
}

// --- 7. Moving a memo's area ----------------------------------------------

struct Mover {
    top: u16,
    offset: u16,
    runs: Runs,
}

#[derive(Debug)]
enum MoverMsg {
    Top(u16),
    Scroll(u16),
}

impl Component for Mover {
    type Message = MoverMsg;

    fn update(&mut self, msg: MoverMsg, _: &mut Context<'_, Self>) {
        match msg {
            MoverMsg::Top(top) => self.top = top,
            MoverMsg::Scroll(offset) => self.offset = offset,
        }
    }

    fn view(&self, ui: &mut Ui<'_, MoverMsg>) {
        let area = Rect::new(2, self.top, 16, 1);
        ui.memo("moving", area, "label", |ui| {
            self.runs.bump();
            ui.add(area, Button::new("Move").automation_id("mv").on_click(|| MoverMsg::Top(0)));
        });
        // The same area in a scrolled coordinate space.
        ui.scrolled(Rect::new(20, 0, 10, 3), self.offset, 10, |ui, content| {
            let area = Rect::new(content.x, content.y + 2, 10, 1);
            ui.memo("scrolled", area, "label", |ui| {
                self.runs.bump();
                ui.add(area, Text::new("deep").automation_id("deep"));
            });
        });
    }
}

#[test]
fn moving_a_memo_runs_its_body_and_the_bounds_follow() {
    let runs = Runs::default();
    let app = Mover { top: 0, offset: 0, runs: runs.clone() };
    let mut session = Session::new(app, SessionOptions::default().viewport(30, 8));
    assert_eq!(node(&session, "mv").bounds, Bounds::new(2, 0, 16, 1));
    assert_eq!(node(&session, "deep").bounds, Bounds::new(20, 2, 10, 1));
    session.step(AutomationStep::drain()).unwrap();
    let still = runs.get();

    session.send(MoverMsg::Top(5)).unwrap();
    assert_eq!(runs.get(), still + 1, "only the moved body runs");
    assert_eq!(node(&session, "mv").bounds, Bounds::new(2, 5, 16, 1));
    assert!(row(session.buffer(), 5).contains("Move"));
    assert!(!row(session.buffer(), 0).contains("Move"), "{:?}", row(session.buffer(), 0));
    let moved = runs.get();
    session.step(AutomationStep::drain()).unwrap();
    assert_eq!(runs.get(), moved);
    assert_eq!(node(&session, "mv").bounds, Bounds::new(2, 5, 16, 1));

    // Clicking at the new place reaches the carried-over button.
    session.step(AutomationStep::click(Selector::id("mv"))).unwrap();
    assert_eq!(session.app().top, 0);
    assert_eq!(node(&session, "mv").bounds, Bounds::new(2, 0, 16, 1));
    assert!(row(session.buffer(), 0).contains("Move"));
    assert!(!row(session.buffer(), 5).contains("Move"));

    // Scrolling moves the body's coordinate space.
    session.step(AutomationStep::drain()).unwrap();
    let before_scroll = runs.get();
    session.send(MoverMsg::Scroll(1)).unwrap();
    assert!(runs.get() > before_scroll, "scrolling runs the body");
    assert_eq!(node(&session, "deep").bounds, Bounds::new(20, 1, 10, 1));
    assert!(row(session.buffer(), 1).contains("deep"));
    assert!(!row(session.buffer(), 2).contains("deep"));
}

// --- 8. Duplicate ids across a carried-over subtree ---------------------

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

// --- 9. Memoizing on and off commit the same generations -----------------

struct Board {
    title: String,
    count: u32,
    name: String,
    items: Vec<String>,
    selected: Option<usize>,
    top: u16,
    extra: bool,
    runs: Runs,
}

impl Board {
    fn new(runs: &Runs) -> Self {
        Self {
            title: "Board".into(),
            count: 0,
            name: "ann".into(),
            items: (0..6).map(|i| format!("row {i}")).collect(),
            selected: None,
            top: 0,
            extra: false,
            runs: runs.clone(),
        }
    }
}

#[derive(Debug)]
enum BoardMsg {
    Inc,
    Rename,
    Name(String),
    Select(usize),
    Activate(usize),
    Move,
    Extra,
}

impl Component for Board {
    type Message = BoardMsg;

    fn update(&mut self, msg: BoardMsg, _: &mut Context<'_, Self>) {
        match msg {
            BoardMsg::Inc => self.count += 1,
            BoardMsg::Rename => self.title.push('!'),
            BoardMsg::Name(name) => self.name = name,
            BoardMsg::Select(at) => self.selected = Some(at),
            BoardMsg::Activate(at) => self.items[at].push('*'),
            BoardMsg::Move => self.top = (self.top + 1) % 3,
            BoardMsg::Extra => self.extra = !self.extra,
        }
    }

    fn view(&self, ui: &mut Ui<'_, BoardMsg>) {
        let width = ui.area().width;
        ui.memo("header", Rect::new(0, 0, width, 1), &(&self.title, self.count), |ui| {
            self.runs.bump();
            let text = format!("{} ({})", self.title, self.count);
            ui.add(Rect::new(0, 0, width, 1), Text::new(text).automation_id("header"));
        });
        ui.memo("controls", Rect::new(0, 1, width, 1), &(), |ui| {
            self.runs.bump();
            ui.add(
                Rect::new(0, 1, 9, 1),
                Button::new("Inc").automation_id("inc").on_click(|| BoardMsg::Inc),
            );
            ui.add(
                Rect::new(10, 1, 12, 1),
                Button::new("Rename").automation_id("rename").on_click(|| BoardMsg::Rename),
            );
        });
        ui.memo("form", Rect::new(0, 2, 30, 3), &self.name, |ui| {
            self.runs.bump();
            ui.add(
                Rect::new(0, 2, 30, 3),
                TextInput::new(self.name.as_str())
                    .label("Name")
                    .automation_id("name")
                    .on_change(BoardMsg::Name),
            );
        });
        ui.memo("clock", Rect::new(0, 5, width, 1), &(), |ui| {
            self.runs.bump();
            let now = ui.now().since_start().as_millis();
            ui.add(Rect::new(0, 5, width, 1), Text::new(format!("t={now}")).automation_id("clock"));
        });
        ui.memo("outer", Rect::new(0, 6, width, 2), &(&self.title, self.count), |ui| {
            self.runs.bump();
            let text = format!("outer {}", self.count);
            ui.add(Rect::new(0, 6, width, 1), Text::new(text).automation_id("outer"));
            ui.memo("inner", Rect::new(0, 7, width, 1), &self.title, |ui| {
                self.runs.bump();
                ui.add(
                    Rect::new(0, 7, 20, 1),
                    Button::new(format!("Inner {}", self.title))
                        .automation_id("inner")
                        .on_click(|| BoardMsg::Inc),
                );
            });
        });
        let items = self
            .items
            .iter()
            .enumerate()
            .map(|(i, title)| {
                ListItem::lazy(i, title, move || {
                    self.runs.bump();
                    ListItem::new(title.as_str()).automation_id(format!("item-{i}"))
                })
            })
            .collect();
        List::new()
            .automation_id("list")
            .selected(self.selected)
            .on_select(BoardMsg::Select)
            .on_activate(BoardMsg::Activate)
            .show(ui, Rect::new(0, 8, 30, 4), items);
        let area = Rect::new(0, 12 + self.top, 20, 1);
        ui.memo("mover", area, &(), |ui| {
            self.runs.bump();
            ui.add(area, Button::new("Move").automation_id("move").on_click(|| BoardMsg::Move));
        });
        ui.add(
            Rect::new(21, 12, 12, 1),
            Button::new("Extra").automation_id("extra").on_click(|| BoardMsg::Extra),
        );
        if self.extra {
            ui.add(Rect::new(21, 13, 12, 1), Text::new("extra!").automation_id("extra-text"));
        }
    }
}

fn board_steps() -> Vec<AutomationStep> {
    use AutomationStep as S;
    vec![
        S::drain(),
        S::hover(Selector::id("inc")),
        S::drain(),
        S::click(Selector::id("inc")),
        S::click(Selector::id("inc")),
        S::hover(Selector::id("item-2")),
        S::click(Selector::id("item-2")),
        S::key(KeyCode::Down),
        S::key(KeyCode::Enter),
        S::drain(),
        S::focus(Selector::id("name")),
        S::drain(),
        S::type_text("abc"),
        S::key(KeyCode::Left),
        S::drain(),
        S::type_text("Z"),
        S::focus_next(),
        S::focus_next(),
        S::focus_prev(),
        S::key(KeyCode::Enter),
        S::click(Selector::id("move")),
        S::drain(),
        S::click(Selector::id("move")),
        S::click(Selector::id("rename")),
        S::advance(Duration::from_millis(100)),
        S::hover(Selector::id("inner")),
        S::click(Selector::id("inner")),
        S::click(Selector::id("extra")),
        S::scroll_at(Selector::id("list"), ScrollDirection::Down),
        S::resize(34, 18),
        S::drain(),
        S::click(Selector::id("extra")),
        S::focus(Selector::id("list")),
        S::key(KeyCode::End),
        S::key(KeyCode::Home),
        S::hover(Selector::id("header")),
        S::drain(),
    ]
}

/// Runs `steps` with memoizing on and off: every step commits, and
/// `MemoCheck` finds every commit the same.
fn assert_equivalent<C: Component>(
    make: impl Fn() -> C,
    viewport: (u16, u16),
    steps: &[AutomationStep],
) -> MemoCheck<C> {
    let options = SessionOptions::default().viewport(viewport.0, viewport.1);
    let mut check = MemoCheck::new(make, options).unwrap_or_else(|mismatch| panic!("{mismatch}"));
    for (at, step) in steps.iter().enumerate() {
        match check.step(step) {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => panic!("step {at} `{step}` failed in both sessions: {error}"),
            Err(mismatch) => panic!("{mismatch}"),
        }
    }
    check
}

#[test]
fn memoizing_on_and_off_commit_the_same_generations() {
    let check = assert_equivalent(|| Board::new(&Runs::default()), (34, 16), &board_steps());
    // Carrying over did happen: far fewer bodies ran.
    let (memoized, plain) = (check.memoized().app().runs.get(), check.plain().app().runs.get());
    assert!(memoized * 2 < plain, "{memoized} vs {plain}");
}

#[test]
fn the_equivalence_check_notices_a_dishonest_memo() {
    // A body that reads state its deps leave out is carried over stale, and
    // comparing the two sessions sees it: the comparison above can fail.
    struct Dishonest(u32);
    impl Component for Dishonest {
        type Message = ();
        fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
            self.0 += 1;
        }
        fn view(&self, ui: &mut Ui<'_, ()>) {
            ui.memo("m", Rect::new(0, 0, 20, 1), &(), |ui| {
                ui.add(
                    Rect::new(0, 0, 20, 1),
                    Button::new(format!("n={}", self.0)).automation_id("n").on_click(|| ()),
                );
            });
            // Outside the body: clicking it neither hovers nor focuses inside.
            ui.add(Rect::new(0, 1, 20, 1), Button::new("+1").automation_id("more").on_click(|| ()));
        }
    }
    let options = SessionOptions::default().viewport(20, 2);
    let mut check = MemoCheck::new(|| Dishonest(0), options).expect("the first frames agree");
    let click = AutomationStep::click(Selector::id("more"));
    let mismatch = check.step(&click).expect_err("the memoized button goes stale");
    assert_eq!(mismatch.step, Some((0, click)));
    assert!(mismatch.difference.starts_with("the semantic trees differ"), "{mismatch}");
    assert_eq!(check.memoized().app().0, 1);
    assert_eq!(name_of(check.plain(), "n"), "n=1");
    assert_eq!(
        name_of(check.memoized(), "n"),
        "n=0",
        "a memo whose deps omit what it reads is carried over"
    );
}

// --- Edge cases: what lies around a carried-over body -------------------

/// A memo inside a pane whose height the app toggles; the memo's own area
/// stays the same, so only the pane's clipping changes.
struct Collapsing {
    open: bool,
}

impl Component for Collapsing {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.open = !self.open;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let height = if self.open { 3 } else { 1 };
        let pane =
            rehearse::semantic::SemanticFacts::new(SemanticRole::Group).automation_id("pane");
        ui.node(Rect::new(0, 0, 20, height), pane, |ui, _| {
            ui.memo("body", Rect::new(0, 0, 20, 3), &(), |ui| {
                ui.add(Rect::new(0, 0, 20, 1), Text::new("top").automation_id("top"));
                ui.add(Rect::new(0, 2, 20, 1), Text::new("bottom").automation_id("bottom"));
            });
        });
        ui.add(Rect::new(0, 4, 12, 1), Button::new("Fold").automation_id("fold").on_click(|| ()));
    }
}

#[test]
fn a_body_carried_over_under_a_resized_parent_is_clipped_like_a_fresh_one() {
    let steps = [
        AutomationStep::drain(),
        AutomationStep::click(Selector::id("fold")),
        AutomationStep::drain(),
        AutomationStep::click(Selector::id("fold")),
    ];
    assert_equivalent(|| Collapsing { open: true }, (20, 5), &steps);
}

/// The app paints a background, then a memo draws text over part of it.
struct Shaded {
    dark: bool,
}

impl Component for Shaded {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.dark = !self.dark;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let bg = if self.dark { Color::Blue } else { Color::Reset };
        ui.draw_with(Rect::new(0, 0, 20, 1), |area, buf| buf.set_style(area, Style::new().bg(bg)));
        ui.memo("label", Rect::new(0, 0, 20, 1), &(), |ui| {
            ui.add(Rect::new(0, 0, 5, 1), Text::new("hi").automation_id("hi"));
        });
        ui.add(Rect::new(0, 2, 12, 1), Button::new("Shade").automation_id("shade").on_click(|| ()));
    }
}

#[test]
fn a_carried_over_body_shows_the_current_background_beneath_it() {
    let steps = [AutomationStep::drain(), AutomationStep::click(Selector::id("shade"))];
    assert_equivalent(|| Shaded { dark: false }, (20, 3), &steps);
}

/// A field outside any memo places the caret; a memo after it places one
/// in a part of its content scrolled out of view (so it is hidden and the
/// field's caret stays).
struct HiddenCaret {
    value: String,
}

impl Component for HiddenCaret {
    type Message = String;

    fn update(&mut self, value: String, _: &mut Context<'_, Self>) {
        self.value = value;
    }

    fn view(&self, ui: &mut Ui<'_, String>) {
        ui.add(
            Rect::new(0, 0, 20, 1),
            TextInput::new(self.value.as_str()).automation_id("field").on_change(|value| value),
        );
        ui.memo("m", Rect::new(0, 2, 20, 1), &(), |ui| {
            ui.scrolled(Rect::new(0, 2, 20, 1), 5, 10, |ui, content| {
                ui.add(Rect::new(0, content.y + 5, 20, 1), Text::new("memo").automation_id("memo"));
                // Row 0 of the content is scrolled out: the caret is hidden.
                ui.set_cursor(0, content.y);
            });
        });
    }
}

#[test]
fn a_hidden_caret_in_a_carried_over_body_does_not_replay_an_older_caret() {
    let steps = [
        AutomationStep::focus(Selector::id("field")),
        AutomationStep::drain(),
        AutomationStep::type_text("ab"),
        AutomationStep::drain(),
    ];
    assert_equivalent(|| HiddenCaret { value: String::new() }, (20, 5), &steps);
}

/// A memo body that strays outside its area: a node, text and the caret.
struct Stray;

impl Component for Stray {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {}

    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.memo("m", Rect::new(0, 0, 20, 1), &(), |ui| {
            ui.add(Rect::new(0, 0, 20, 1), Text::new("inside").automation_id("inside"));
            ui.add(Rect::new(0, 2, 20, 1), Text::new("outside").automation_id("outside"));
            ui.set_cursor(3, 2);
        });
    }
}

#[test]
fn a_body_straying_outside_its_area_is_clipped_with_memoizing_on_and_off() {
    assert_equivalent(|| Stray, (20, 4), &[AutomationStep::drain()]);
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

// --- 10. Projection reuse inside a body that runs again -------------------

/// A memoized panel, a title and a long lazy list inside it, and outside it
/// a button that renames the panel.
struct Library {
    title: String,
    books: Vec<String>,
}

impl Library {
    fn new() -> Self {
        Self { title: "Shelf".into(), books: (1..=300).map(|n| format!("Book {n}")).collect() }
    }
}

impl Component for Library {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.title.push('!');
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let panel = Rect::new(0, 0, 30, 10);
        ui.memo("library", panel, &self.title, |ui| {
            // One root, so the panel is one memoized child of the root.
            ui.node(panel, SemanticFacts::new(SemanticRole::Group), |ui, _| {
                let title = Text::new(self.title.as_str()).automation_id("title");
                ui.add(Rect::new(0, 0, 30, 1), title);
                let books = &self.books;
                List::new().automation_id("books").show_lazy(
                    ui,
                    Rect::new(0, 1, 30, 9),
                    books.len(),
                    |at| (ReconcileKey::from(at), books[at].as_str()),
                    |at| ListItem::new(books[at].as_str()).automation_id(format!("book-{at}")),
                );
            });
        });
        ui.add(
            Rect::new(0, 11, 10, 1),
            Button::new("Rename").automation_id("rename").on_click(|| ()),
        );
    }
}

#[test]
fn a_body_running_again_reuses_the_projection_of_the_rows_carried_inside_it() {
    let options = SessionOptions::default().viewport(30, 12);
    let mut session = Session::new(Library::new(), options);
    session.step(AutomationStep::drain()).unwrap();
    let tree_size = session.tree().nodes().count() as u64;
    assert!(tree_size > 300, "every row is in the tree: {tree_size}");

    let before = session.render_stats();
    session.step(AutomationStep::click(Selector::id("rename"))).unwrap();
    let after = session.render_stats();
    assert!(after.bodies_run > before.bodies_run, "the new title ran the panel's body");
    assert_eq!(name_of(&session, "title"), "Shelf!");
    assert_eq!(name_of(&session, "book-299"), "Book 300");

    // The panel and the list are projected afresh; the rows (and the
    // groups they are carried in) are reused from the tree before.
    let projected = after.nodes_projected - before.nodes_projected;
    assert!(
        projected < tree_size / 4,
        "{projected} of {tree_size} nodes projected afresh after a title change"
    );

    // Reuse changes nothing that is committed.
    let rename = AutomationStep::click(Selector::id("rename"));
    let mut check = MemoCheck::new(Library::new, options).unwrap();
    check.run(&[rename.clone(), AutomationStep::drain(), rename]).unwrap();
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

// Edge cases of carrying memoized bodies over, each found by a review of the kept arena and
// buffer, each failing before its fix: a memoizing and a plain session (`MemoCheck`) must
// commit the same generations. Then seeded random walks over the riskiest areas: lazy lists
// crossing group levels, memos nested in fresh bodies through compaction, strict-id failures
// between carried frames.

/// A check of `make`'s app at `cols` x `rows`, both sessions agreeing at
/// the start.
fn check<C: Component>(make: impl Fn() -> C, cols: u16, rows: u16) -> MemoCheck<C> {
    let options = SessionOptions::default().viewport(cols, rows);
    MemoCheck::new(make, options).unwrap_or_else(|mismatch| panic!("{mismatch}"))
}

/// Runs `step` on both sessions, which must agree.
fn agree<C: Component>(check: &mut MemoCheck<C>, step: AutomationStep) {
    if let Err(mismatch) = check.step(&step) {
        panic!("{mismatch}");
    }
}

fn click(id: &str) -> AutomationStep {
    AutomationStep::click(Selector::id(id))
}

// --- 1. Paint over a carried memo in the same frame: projection reused ------

/// A memo holding a button named by what it drew (no declared name), and,
/// sometimes, a mark drawn over it after it.
struct Covered {
    cover: bool,
}

impl Component for Covered {
    type Message = ();
    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.cover = !self.cover;
    }
    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.add(Rect::new(0, 2, 10, 1), Button::new("cover").automation_id("cover").on_click(|| ()));
        let row = Rect::new(0, 0, 10, 1);
        ui.memo("m", row, &(), |ui| {
            // A button with no declared name: named from its drawn text.
            ui.leaf(row, SemanticFacts::new(SemanticRole::Button), |area, buf| {
                buf.set_string(area.x, area.y, "hello", ratatui::style::Style::new());
            });
        });
        if self.cover {
            ui.draw(Rect::new(0, 0, 5, 1), Line::raw("XXXXX"));
        }
    }
}

#[test]
fn paint_over_a_carried_memo_renames_the_node_it_covers() {
    // The body is carried over into the frame that paints over it: the
    // button's name comes from the cells as they end up, not as carried.
    let mut check = check(|| Covered { cover: false }, 20, 3);
    for _ in 0..3 {
        agree(&mut check, click("cover"));
    }
    let name = |check: &MemoCheck<Covered>| -> Vec<String> {
        let tree = check.memoized().tree();
        tree.nodes().filter(|n| n.role == SemanticRole::Button).map(|n| n.name.clone()).collect()
    };
    assert_eq!(name(&check), ["cover", "XXXXX"]);
}

// --- 2. A widget drawing past its area ---------------------------------------

/// A checkbox-like widget that draws three cells into an area two wide
/// (the README's `DoneToggle` pattern, `buf.set_string` ignores the area
/// width), shown only sometimes.
struct Overflow {
    shown: bool,
}

impl Component for Overflow {
    type Message = bool;
    fn update(&mut self, shown: bool, _: &mut Context<'_, Self>) {
        self.shown = shown;
    }
    fn view(&self, ui: &mut Ui<'_, bool>) {
        ui.add(Rect::new(0, 1, 20, 1), Text::new("row").automation_id("row"));
        if self.shown {
            ui.leaf(
                Rect::new(0, 0, 2, 1),
                SemanticFacts::new(SemanticRole::Checkbox).name("t").automation_id("t"),
                |area, buf| {
                    buf.set_string(area.x, area.y, "[x]", ratatui::style::Style::new());
                },
            );
        }
    }
}

#[test]
fn a_widget_drawing_past_its_area_is_clipped_to_it() {
    // A widget changes only the cells of its area: what it draws past them
    // is dropped, so nothing is left behind when it goes (and nothing in
    // the buffer belongs to no widget).
    let mut session =
        Session::new(Overflow { shown: true }, SessionOptions::default().viewport(20, 3));
    assert_eq!(session.buffer()[(0, 0)].symbol(), "[");
    assert_eq!(session.buffer()[(1, 0)].symbol(), "x");
    assert_eq!(session.buffer()[(2, 0)].symbol(), " ", "past the area");
    session.send(false).unwrap();
    assert_eq!(session.buffer()[(0, 0)].symbol(), " ", "the widget is gone, so is what it drew");
}

// --- 3. hit_cells_subtree mutates carried nodes -----------------------------

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

// --- 4. A handler attached from an enclosing memo body stacks up ------------

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

// --- Probe (passes): a lazy list crossing group-level boundaries -----------
//
// Not a failing test: a seeded random walk over a list whose length moves
// around 64 rows (one level of groups <-> two), with focusable check boxes
// inside the rows, selection, scrolling, Tab, hover, a modal, nested memos
// and resizes, memoizing vs plain via MemoCheck.

#[path = "support/rng.rs"]
mod rng;

mod probe {
    use super::rng::Rng;
    use super::*;
    use rehearse::widgets::{Checkbox, List, ListItem, Modal};

    #[derive(Debug, Clone)]
    pub enum Msg {
        Add,
        AddMany,
        Remove,
        Rotate,
        Relabel,
        Open,
        Close,
        Toggle(u64),
        Select(usize),
    }

    pub struct Lists {
        items: Vec<(u64, bool)>,
        next: u64,
        selected: Option<usize>,
        label: u32,
        modal: bool,
    }

    impl Lists {
        pub fn new() -> Self {
            Self {
                items: (0..62).map(|k| (k, k % 3 == 0)).collect(),
                next: 62,
                selected: None,
                label: 0,
                modal: false,
            }
        }
    }

    impl Component for Lists {
        type Message = Msg;
        fn update(&mut self, msg: Msg, _: &mut Context<'_, Self>) {
            match msg {
                Msg::Add => {
                    let at = (self.next as usize * 7) % (self.items.len() + 1);
                    self.items.insert(at, (self.next, false));
                    self.next += 1;
                }
                Msg::AddMany => {
                    for _ in 0..5 {
                        self.items.push((self.next, true));
                        self.next += 1;
                    }
                }
                Msg::Remove => {
                    if !self.items.is_empty() {
                        let at = self.selected.unwrap_or(self.label as usize) % self.items.len();
                        self.items.remove(at);
                        if self.items.len() > 3 && self.label.is_multiple_of(2) {
                            self.items.truncate(self.items.len() - 3);
                        }
                    }
                }
                Msg::Rotate => {
                    if !self.items.is_empty() {
                        let by = 1 + self.label as usize % self.items.len();
                        self.items.rotate_left(by);
                    }
                }
                Msg::Relabel => self.label += 1,
                Msg::Open => self.modal = true,
                Msg::Close => self.modal = false,
                Msg::Toggle(key) => {
                    if let Some(item) = self.items.iter_mut().find(|item| item.0 == key) {
                        item.1 = !item.1;
                    }
                }
                Msg::Select(at) => self.selected = Some(at),
            }
        }

        fn view(&self, ui: &mut Ui<'_, Msg>) {
            type MakeMsg = fn() -> Msg;
            let area = ui.area();
            let buttons: [(&str, MakeMsg); 6] = [
                ("add", || Msg::Add),
                ("many", || Msg::AddMany),
                ("remove", || Msg::Remove),
                ("rotate", || Msg::Rotate),
                ("relabel", || Msg::Relabel),
                ("open", || Msg::Open),
            ];
            for (at, (id, message)) in buttons.into_iter().enumerate() {
                let x = at as u16 * 7;
                ui.add(Rect::new(x, 0, 7, 1), Button::new(id).automation_id(id).on_click(message));
            }
            let label = self.label;
            ui.memo("outer", Rect::new(0, 1, area.width, 1), &label, |ui| {
                ui.memo("inner", Rect::new(0, 1, 10, 1), &(), |ui| {
                    ui.add(Rect::new(0, 1, 10, 1), Text::new("inner").automation_id("inner"));
                });
                ui.add(
                    Rect::new(10, 1, 20, 1),
                    Text::new(format!("label {label}")).automation_id("label"),
                );
            });
            let items = &self.items;
            let list = Rect::new(0, 2, area.width, area.height.saturating_sub(3));
            List::new()
                .automation_id("list")
                .selected(self.selected)
                .on_select(Msg::Select)
                .show_lazy(
                    ui,
                    list,
                    items.len(),
                    |index| (ReconcileKey::from(items[index].0), items[index]),
                    |index| {
                        let (key, done) = items[index];
                        ListItem::custom(move |ui, row| {
                            ui.add(
                                Rect { width: row.width.min(16), ..row },
                                Checkbox::new(format!("item {key}"))
                                    .checked(done)
                                    .automation_id(format!("cb-{key}"))
                                    .on_toggle(move |_| Msg::Toggle(key)),
                            );
                        })
                        .label(format!("row {key}"))
                    },
                );
            ui.add(
                Rect::new(0, area.height - 1, 20, 1),
                Text::new(format!("{} items", items.len())).automation_id("count"),
            );
            if self.modal {
                Modal::new("Dialog").automation_id("dialog").size(20, 5).show(ui, |ui, inner| {
                    ui.add(
                        Rect { height: 1, ..inner },
                        Button::new("close").automation_id("close").on_click(|| Msg::Close),
                    );
                });
            }
        }
    }

    fn steps(seed: u64, count: usize) -> Vec<AutomationStep> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for _ in 0..count {
            let step = match rng.below(16) {
                0 => AutomationStep::click(Selector::id("add")),
                1 => AutomationStep::click(Selector::id("many")),
                2 => AutomationStep::click(Selector::id("remove")),
                3 => AutomationStep::click(Selector::id("rotate")),
                4 => AutomationStep::click(Selector::id("relabel")),
                5 => AutomationStep::click(Selector::id(if rng.below(2) == 0 {
                    "open"
                } else {
                    "close"
                })),
                6 | 7 => AutomationStep::click(Selector::id(format!("cb-{}", rng.below(80)))),
                8 => AutomationStep::focus_next(),
                9 => AutomationStep::focus_prev(),
                10 => AutomationStep::key(KeyPress::from(
                    [
                        KeyCode::Up,
                        KeyCode::Down,
                        KeyCode::PageDown,
                        KeyCode::End,
                        KeyCode::Home,
                        KeyCode::Char(' '),
                    ][rng.below(6)],
                )),
                11 => AutomationStep::scroll_at(
                    Selector::id("list"),
                    if rng.below(2) == 0 { ScrollDirection::Down } else { ScrollDirection::Up },
                ),
                12 => AutomationStep::hover(Selector::id(format!("cb-{}", rng.below(80)))),
                13 => AutomationStep::hover(Selector::id("relabel")),
                14 => AutomationStep::resize(
                    40 + rng.below(2) as u16 * 10,
                    20 + rng.below(2) as u16 * 4,
                ),
                _ => AutomationStep::click(Selector::point(
                    rng.below(40) as u16,
                    rng.below(20) as u16,
                )),
            };
            out.push(step);
        }
        out
    }

    #[test]
    fn probe_lists_crossing_group_levels_agree() {
        let options = SessionOptions::default().viewport(40, 20);
        // Steps after which the list went from one level of groups (64 rows
        // or fewer) to two, and back.
        let (mut up, mut down) = (0, 0);
        for seed in 1..=6 {
            let steps = steps(seed, 250);
            let mut check = MemoCheck::new(Lists::new, options).expect("first frames agree");
            let (mut ok, mut lens) = (0, Vec::new());
            let run: Result<(), rehearse::engine::MemoMismatch> =
                steps.iter().try_for_each(|step| {
                    let result = check.step(step)?;
                    ok += usize::from(result.is_ok());
                    lens.push(check.memoized().app().items.len());
                    Ok(())
                });
            eprintln!(
                "seed {seed}: {ok} ok steps, lens {:?}..{:?}, stats {:?}",
                lens.iter().min(),
                lens.iter().max(),
                check.memoized().render_stats()
            );
            if let Err(mismatch) = run {
                let shrunk = MemoCheck::shrink(Lists::new, options, &steps, 20_000);
                let script: Vec<String> = shrunk.iter().map(ToString::to_string).collect();
                panic!("seed {seed}: {mismatch}\nshrunk:\n{}", script.join("\n"));
            }
            assert!(ok > 0, "seed {seed}: no step succeeded");
            for pair in lens.windows(2) {
                match (pair[0] > 64, pair[1] > 64) {
                    (false, true) => up += 1,
                    (true, false) => down += 1,
                    _ => {}
                }
            }
        }
        assert!(up > 0 && down > 0, "the walks crossed 64 rows {up} times up, {down} down");
    }
}

// --- 5. A reconciliation key used twice goes unnoticed next to a carried group

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

// --- Probe (passes): nested memos inside fresh bodies, through compaction --

mod nested_probe {
    use super::rng::Rng;
    use super::*;

    pub struct Nest {
        counters: [u32; 24],
        turn: u32,
    }

    impl Component for Nest {
        type Message = ();
        fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
            self.turn += 1;
            // A pseudo-random few counters move each turn.
            let mut rng = Rng::new(u64::from(self.turn));
            for _ in 0..3 {
                self.counters[rng.below(24)] += 1;
            }
        }
        fn view(&self, ui: &mut Ui<'_, ()>) {
            ui.add(Rect::new(0, 0, 6, 1), Button::new("go").automation_id("go").on_click(|| ()));
            let c = &self.counters;
            for outer in 0..4u16 {
                let area = Rect::new(0, 1 + outer * 6, 60, 6);
                let base = outer as usize * 6;
                ui.memo(u64::from(outer), area, &c[base..base + 6], |ui| {
                    ui.add(
                        Rect::new(0, area.y, 10, 1),
                        Text::new(format!("o{outer}:{}", c[outer as usize * 6])),
                    );
                    for inner in 0..3u16 {
                        let i = outer as usize * 6 + 1 + inner as usize;
                        let row = Rect::new(0, area.y + 1 + inner, 60, 1);
                        let leaves =
                            [base + 4 + inner as usize % 2, base + 4 + (inner as usize + 1) % 2];
                        ui.memo(u64::from(inner), row, &(c[i], c[leaves[0]], c[leaves[1]]), |ui| {
                            ui.add(Rect::new(0, row.y, 8, 1), Text::new(format!("i{}", c[i])));
                            for leaf in 0..2u16 {
                                let j = leaves[leaf as usize];
                                let cell = Rect::new(10 + leaf * 20, row.y, 18, 1);
                                ui.memo(u64::from(leaf), cell, &c[j], |ui| {
                                    ui.add(
                                        cell,
                                        Button::new(format!("b{}", c[j]))
                                            .automation_id(format!("b-{outer}-{inner}-{leaf}"))
                                            .on_click(|| ()),
                                    );
                                });
                            }
                        });
                    }
                });
            }
        }
    }

    #[test]
    fn probe_nested_memos_through_compaction_agree() {
        let options = SessionOptions::default().viewport(60, 26);
        let make = || Nest { counters: [0; 24], turn: 0 };
        let mut steps = Vec::new();
        for at in 0..400usize {
            steps.push(AutomationStep::click(Selector::id("go")));
            match at % 7 {
                1 => steps.push(AutomationStep::focus_next()),
                3 => steps.push(AutomationStep::hover(Selector::id(format!(
                    "b-{}-{}-{}",
                    at % 4,
                    at % 3,
                    at % 2
                )))),
                5 => steps.push(AutomationStep::click(Selector::id(format!(
                    "b-{}-{}-{}",
                    (at / 2) % 4,
                    at % 3,
                    (at / 3) % 2
                )))),
                _ => {}
            }
        }
        let mut check = MemoCheck::new(make, options).expect("first frames agree");
        if let Err(mismatch) = check.run(&steps) {
            let shrunk = MemoCheck::shrink(make, options, &steps, 20_000);
            let script: Vec<String> = shrunk.iter().map(ToString::to_string).collect();
            panic!("{mismatch}\nshrunk:\n{}", script.join("\n"));
        }
        // Most bodies were carried, inside bodies that ran again too.
        let stats = check.memoized().render_stats();
        assert!(stats.bodies_carried > stats.bodies_run, "{stats:?}");
    }
}

// --- Probe (passes): strict ids failing commits between carried frames -----

mod strict_probe {
    use super::*;
    use rehearse::AutomationIds;

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
}

// A carried-over memo body reuses its cells only when they are its own: paint beneath it (drawn
// before it) or over it (drawn after it) that changes since must show exactly as a full render
// shows it.

#[derive(Debug, Clone, Copy)]
enum Msg {
    Cover(bool),
    Background(Color),
    Label(&'static str),
}

struct Painted {
    cover: bool,
    background: Color,
    label: &'static str,
}

impl Component for Painted {
    type Message = Msg;

    fn update(&mut self, msg: Msg, _: &mut Context<'_, Self>) {
        match msg {
            Msg::Cover(cover) => self.cover = cover,
            Msg::Background(color) => self.background = color,
            Msg::Label(label) => self.label = label,
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        let row = Rect::new(0, 1, 20, 1);
        // Beneath the memo: a background it does not depend on.
        let background = Style::new().bg(self.background);
        ui.draw_with(Rect::new(0, 0, 20, 3), |area, buf| buf.set_style(area, background));
        ui.memo("row", row, &self.label, |ui| {
            ui.add(row, Text::new(self.label).automation_id("label"));
        });
        // Over the memo: a mark drawn after it, sometimes.
        if self.cover {
            ui.draw(Rect::new(2, 1, 3, 1), Line::raw("XXX"));
        }
    }
}

fn sessions() -> [Session<Painted>; 2] {
    [true, false].map(|memoize| {
        let app = Painted { cover: false, background: Color::Blue, label: "hello" };
        Session::new(app, SessionOptions::default().viewport(20, 3).memoize(memoize))
    })
}

#[test]
fn paint_beneath_and_over_a_memo_shows_as_in_a_full_render() {
    let [mut memoized, mut plain] = sessions();
    let messages = [
        Msg::Cover(true),
        Msg::Cover(false),
        Msg::Background(Color::Red),
        Msg::Background(Color::Red),
        Msg::Label("bye"),
        Msg::Cover(true),
        Msg::Background(Color::Green),
        Msg::Cover(false),
    ];
    for message in messages {
        memoized.send(message).unwrap();
        plain.send(message).unwrap();
        assert_eq!(memoized.buffer(), plain.buffer(), "after {message:?}");
        assert_eq!(memoized.tree(), plain.tree(), "after {message:?}");
    }
    let row: String = (0..20).map(|col| memoized.buffer()[(col, 1)].symbol().to_owned()).collect();
    assert_eq!(row.trim_end(), "bye");
    assert_eq!(memoized.buffer()[(0, 1)].bg, Color::Green);
}
