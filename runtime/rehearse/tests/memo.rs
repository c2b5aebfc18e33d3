//! `Ui::memo`, `ListItem::lazy` and `SessionOptions::memoize`: what a
//! render carries over from the previous frame without running a body, and
//! that carrying over never changes what is committed.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use rehearse::prelude::*;
use rehearse::widgets::{Button, List, ListItem, Text, TextInput};
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
