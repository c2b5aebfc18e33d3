//! One realistic UI written twice — a masked PIN field, a titled list of
//! fruit with one selected and more rows than fit, a status line, and a
//! "Remove …?" confirmation with Yes and No opened on top — once with the
//! engine's own widgets (`TextInput`, `Frame`, `List`/`ListItem`,
//! `Status`, `Modal`, `Text`, `Button`) in a `Component` driven by a
//! `Session`, once as a plain ratatui app (`Paragraph`, `Block`, `List`
//! with its `ListState`, `Scrollbar`, `Clear`) tagged with
//! `rehearse::adopt` and driven by a `Harness`. The same script drives
//! both, and after every step the two trees are compared node by node:
//! role, name, value and its redaction, every state, automation id,
//! bounds, clipped bounds, actions, overlay order. A mismatch prints the
//! node's path, the field and both values.
//!
//! One difference is by design and normalised, in [`differences`] alone:
//! the engine moves focus itself, so its focusable nodes offer `focus`; the
//! harness cannot move an adopted app's focus, so none of its nodes does
//! (docs/adopting.md, "Differences from a Component app").

use std::io;

use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode as Key, KeyEventKind};
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::widgets::{
    Block, Clear, List as RatatuiList, ListState, Padding, Paragraph, Scrollbar,
    ScrollbarOrientation, ScrollbarState,
};
use ratatui::{Frame as RatatuiFrame, Terminal};
use rehearse::adopt::{
    EventSource, FrameExt, Harness, HarnessBackend, HarnessEvents, HarnessOptions, Tag, TagList,
};
use rehearse::prelude::*;
use rehearse::widgets::{Button, Frame, List, ListItem, Modal, Status, Text, TextInput};

use crate::support::equivalence;
use equivalence::{assert_same, differences};

const SIZE: (u16, u16) = (40, 12);
const DIALOG: (u16, u16) = (30, 7);
const WARNING: &str = "It cannot be undone.";

/// What both apps show and how they change: the same state and rules, so
/// any difference in the trees comes from how each publishes it.
#[derive(Debug, Clone)]
struct Model {
    pin: String,
    fruit: Vec<String>,
    selected: usize,
    confirm: bool,
    status: String,
}

impl Model {
    fn new() -> Self {
        let fruit: Vec<String> =
            ["Apple", "Banana", "Cherry", "Damson", "Elder", "Fig", "Grape", "Hazel"]
                .map(String::from)
                .into();
        let status = format!("{} fruit", fruit.len());
        Self { pin: String::new(), fruit, selected: 0, confirm: false, status }
    }

    fn title(&self) -> String {
        format!("Remove {}?", self.fruit[self.selected])
    }

    fn remove(&mut self) {
        let gone = self.fruit.remove(self.selected);
        self.selected = self.selected.min(self.fruit.len().saturating_sub(1));
        self.status = format!("Removed {gone}");
        self.confirm = false;
    }
}

/// The field, the list's frame and the status line.
fn areas(screen: Rect) -> [Rect; 3] {
    Layout::vertical([Constraint::Length(3), Constraint::Fill(1), Constraint::Length(1)])
        .areas(screen)
}

/// Inside the dialog's border: the warning, then Yes and No side by side.
fn dialog_parts(inner: Rect) -> [Rect; 3] {
    let [text, buttons] =
        Layout::vertical([Constraint::Length(2), Constraint::Length(3)]).areas(inner);
    let [yes, no] = Layout::horizontal([Constraint::Fill(1); 2]).areas(buttons);
    [text, yes, no]
}

// ---------------------------------------------------------------------------
// The UI on the engine, with its own widgets.

enum Msg {
    Pin(String),
    Select(usize),
    Ask,
    Remove,
    Cancel,
}

struct OnEngine(Model);

impl Component for OnEngine {
    type Message = Msg;

    fn mount(&mut self, ctx: &mut Context<'_, Self>) {
        ctx.focus(Selector::id("pin"));
    }

    fn update(&mut self, msg: Msg, _: &mut Context<'_, Self>) {
        let model = &mut self.0;
        match msg {
            Msg::Pin(pin) => model.pin = pin,
            Msg::Select(index) => model.selected = index,
            Msg::Ask => model.confirm = true,
            Msg::Remove => model.remove(),
            Msg::Cancel => model.confirm = false,
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        let model = &self.0;
        let [pin, list, status] = areas(ui.area());
        let field = TextInput::new(model.pin.as_str()).label("PIN").masked(true);
        ui.add(pin, field.automation_id("pin").on_change(Msg::Pin));
        Frame::new().title("Fruit").show(ui, list, |ui, inner| {
            let items = model.fruit.iter().map(|fruit| ListItem::new(fruit.as_str())).collect();
            List::new()
                .name("Fruit")
                .automation_id("fruit")
                .selected(Some(model.selected))
                .on_select(Msg::Select)
                .show(ui, inner, items);
        });
        ui.add(status, Status::new(model.status.as_str()).automation_id("status"));
        ui.on_key(KeyCode::Delete, || Msg::Ask);
        if model.confirm {
            let modal = Modal::new(model.title()).automation_id("confirm");
            modal.size(DIALOG.0, DIALOG.1).on_dismiss(|| Msg::Cancel).show(ui, |ui, inner| {
                let [text, yes, no] = dialog_parts(inner);
                ui.add(text, Text::new(WARNING));
                ui.add(yes, Button::new("Yes").automation_id("yes").on_click(|| Msg::Remove));
                ui.add(no, Button::new("No").automation_id("no").on_click(|| Msg::Cancel));
            });
        }
    }
}

// ---------------------------------------------------------------------------
// The same UI as a plain ratatui app, adopted with tags.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Focus {
    Pin,
    List,
    Yes,
    No,
}

struct Adopted {
    model: Model,
    focus: Focus,
    list: ListState,
}

/// What the widgets mean, kept out of `draw` as an adopted app keeps them.
mod tags {
    use rehearse::prelude::*;

    pub fn pin(pin: &str, focused: bool) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::TextBox)
            .automation_id("pin")
            .label("PIN")
            .value(pin, Sensitivity::Masked)
            .enabled(true)
            .focused(focused)
    }

    pub fn fruit_box() -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Group).label("Fruit")
    }

    pub fn list(focused: bool) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::List).automation_id("fruit").name("Fruit").focused(focused)
    }

    pub fn status(text: &str) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Status).automation_id("status").label(text)
    }

    pub fn dialog(title: &str) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Dialog).automation_id("confirm").name(title)
    }

    pub fn text(text: &str) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Text).label(text)
    }

    pub fn button(id: &str, label: &str, focused: bool) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::Button)
            .automation_id(id)
            .label(label)
            .enabled(true)
            .focused(focused)
    }
}

/// A `width` x `height` popup centred in `area`, as ratatui's popup
/// example places one.
fn popup_area(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height)]).flex(Flex::Center).areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(width)]).flex(Flex::Center).areas(row);
    cell
}

impl Adopted {
    fn run<B: Backend<Error = io::Error>>(
        mut self,
        terminal: &mut Terminal<B>,
        events: &mut impl EventSource,
    ) -> io::Result<()> {
        loop {
            terminal.draw(|frame| self.draw(frame))?;
            if let Event::Key(key) = events.read()?
                && key.kind == KeyEventKind::Press
            {
                self.on_key(key.code);
            }
        }
    }

    fn draw(&mut self, frame: &mut RatatuiFrame<'_>) {
        let [pin, list, status] = areas(frame.area());
        let model = &self.model;
        let focus = self.focus;
        let masked = "•".repeat(model.pin.chars().count());
        let field = Paragraph::new(masked).block(Block::bordered().title("PIN"));
        frame.render_widget(field.tag(|| tags::pin(&model.pin, focus == Focus::Pin)), pin);
        let fruit = Block::bordered().title("Fruit");
        let inner = fruit.inner(list);
        let state = &mut self.list;
        frame.scope(list, tags::fruit_box, |frame| {
            frame.render_widget(fruit, list);
            let overflows = model.fruit.len() > usize::from(inner.height);
            // ratatui's List keeps its offset when rows go away, leaving
            // empty rows at the bottom; the engine's List keeps its last
            // page full. This app does the same (docs/adopting.md).
            let last_page = model.fruit.len().saturating_sub(usize::from(inner.height));
            if state.offset() > last_page {
                *state.offset_mut() = last_page;
            }
            // With a scrollbar in the last column the rows keep out of it,
            // through the block's padding, as the engine's List's rows do.
            let rows =
                if overflows { Block::new().padding(Padding::right(1)) } else { Block::new() };
            let items =
                RatatuiList::new(model.fruit.iter().map(String::as_str)).block(rows.clone());
            let items =
                items.tag_list(|| tags::list(focus == Focus::List), || &model.fruit).block(&rows);
            frame.render_stateful_widget(items, inner, state);
            if overflows {
                let hidden = model.fruit.len() - usize::from(inner.height);
                let mut bar = ScrollbarState::new(hidden).position(state.offset());
                let scrollbar = Scrollbar::new(ScrollbarOrientation::VerticalRight);
                frame.render_stateful_widget(scrollbar, inner, &mut bar);
            }
        });
        let line = Paragraph::new(model.status.as_str()).tag(|| tags::status(&model.status));
        frame.render_widget(line, status);
        if model.confirm {
            let area = popup_area(frame.area(), DIALOG.0, DIALOG.1);
            let title = model.title();
            frame.modal(
                area,
                || tags::dialog(&title),
                |frame| {
                    frame.render_widget(Clear, area);
                    let block = Block::bordered().title(title.as_str());
                    let [text, yes, no] = dialog_parts(block.inner(area));
                    frame.render_widget(block, area);
                    frame.render_widget(Paragraph::new(WARNING).tag(|| tags::text(WARNING)), text);
                    for (label, id, at, focused) in
                        [("Yes", "yes", yes, Focus::Yes), ("No", "no", no, Focus::No)]
                    {
                        let button = Paragraph::new(label).centered().block(Block::bordered());
                        let button = button.tag(|| tags::button(id, label, focus == focused));
                        frame.render_widget(button, at);
                    }
                },
            );
        }
    }

    fn on_key(&mut self, key: Key) {
        let last = self.model.fruit.len().saturating_sub(1);
        match (self.focus, key) {
            (Focus::Pin, Key::Char(digit)) => self.model.pin.push(digit),
            (Focus::Pin, Key::Backspace) => {
                self.model.pin.pop();
            }
            (Focus::Pin, Key::Tab) => self.focus = Focus::List,
            (Focus::List, Key::Tab) => self.focus = Focus::Pin,
            (Focus::List, Key::Up) => self.model.selected = self.model.selected.saturating_sub(1),
            (Focus::List, Key::Down) => self.model.selected = (self.model.selected + 1).min(last),
            (Focus::List, Key::Home) => self.model.selected = 0,
            (Focus::List, Key::End) => self.model.selected = last,
            (Focus::List, Key::Delete) => (self.model.confirm, self.focus) = (true, Focus::Yes),
            (Focus::Yes | Focus::No, Key::Tab | Key::BackTab | Key::Left | Key::Right) => {
                self.focus = if self.focus == Focus::Yes { Focus::No } else { Focus::Yes };
            }
            (Focus::Yes, Key::Enter) => {
                self.model.remove();
                self.focus = Focus::List;
            }
            (Focus::No, Key::Enter) | (Focus::Yes | Focus::No, Key::Esc) => {
                (self.model.confirm, self.focus) = (false, Focus::List);
            }
            _ => {}
        }
        self.list.select(Some(self.model.selected));
    }
}

fn adopted(
    model: Model,
) -> impl FnOnce(&mut Terminal<HarnessBackend>, &mut HarnessEvents) -> io::Result<()> {
    move |terminal, events| {
        let list = ListState::default().with_selected(Some(model.selected));
        Adopted { model, focus: Focus::Pin, list }.run(terminal, events)
    }
}

/// The script both apps run, one step at a time.
const SCRIPT: [&str; 7] =
    ["type:4711", "key:Tab", "key:End", "key:Delete", "key:Tab", "key:BackTab", "key:Enter"];

fn start() -> (Harness, Session<OnEngine>) {
    let options = HarnessOptions::default().viewport(SIZE.0, SIZE.1);
    let harness = Harness::start(options, adopted(Model::new())).expect("the adopted app starts");
    let options = SessionOptions::default().viewport(SIZE.0, SIZE.1);
    (harness, Session::new(OnEngine(Model::new()), options))
}

#[test]
fn the_adopted_ratatui_app_and_the_engine_widgets_publish_the_same_tree_at_every_step() {
    let (mut harness, mut session) = start();
    assert_same(harness.tree(), session.tree(), "the first frame");
    for step in SCRIPT {
        harness.run_script(step).unwrap_or_else(|error| panic!("adopted, {step}: {error}"));
        session.run_script(step).unwrap_or_else(|error| panic!("engine, {step}: {error}"));
        assert_same(harness.tree(), session.tree(), step);
    }
    // What the script went through, on the tree both published.
    let tree = harness.tree();
    assert_eq!(tree.by_id("status").map(|status| status.name.as_str()), Some("Removed Hazel"));
    assert!(tree.by_id("confirm").is_none());
    assert_eq!(tree.focused().and_then(|node| node.automation_id.clone()), Some(id("fruit")));
}

fn id(id: &'static str) -> AutomationId {
    AutomationId::new(id).expect("a valid id")
}

#[test]
fn with_the_dialog_open_both_trees_say_what_lies_beneath_it_is_inert() {
    let (mut harness, mut session) = start();
    for step in &SCRIPT[..4] {
        harness.run_script(step).unwrap_or_else(|error| panic!("adopted, {step}: {error}"));
        session.run_script(step).unwrap_or_else(|error| panic!("engine, {step}: {error}"));
    }
    assert_same(harness.tree(), session.tree(), "opening the dialog");
    let tree = harness.tree().clone();
    let pin = tree.by_id("pin").expect("the field");
    assert!(pin.states.inert && !pin.actionable);
    assert!(pin.value.as_ref().is_some_and(SemanticValue::is_redacted));
    let dialog = tree.by_id("confirm").expect("the dialog");
    assert_eq!((dialog.name.as_str(), dialog.overlay_order), ("Remove Hazel?", Some(1)));
    let yes = tree.by_id("yes").expect("the yes button");
    assert!(!yes.states.inert && yes.is_focused() && yes.actions.contains(SemanticAction::Click));
    // Selectors pass over what the dialog covers, on the adopted app too.
    let error = harness.run_script("click:#status").expect_err("the status line is inert");
    assert!(error.to_string().contains("inert"), "{error}");
    // Items scrolled out above stay in the tree, offscreen.
    let apple = tree.nodes().find(|node| node.name == "Apple").expect("the first item");
    assert!(apple.states.offscreen && !apple.in_view);
}

#[test]
fn the_comparison_names_the_node_the_field_and_both_values() {
    // The adopted tree against itself, with two fields changed.
    let (harness, _) = start();
    let engine = harness.tree().clone();
    let mut changed = engine.root.clone();
    let status = changed.children.iter_mut().find(|node| node.role == SemanticRole::Status);
    let status = status.expect("the status line");
    status.name = "7 fruit".into();
    status.states.inert = true;
    let mut found = Vec::new();
    differences(&changed, &engine.root, "application", &mut found);
    assert_eq!(
        found,
        [
            "application > status[2]#status: name\n    adopted: \"7 fruit\"\n    engine:  \"8 fruit\"",
            "application > status[2]#status: inert\n    adopted: true\n    engine:  false",
        ]
    );
}
