//! Memoizing on and off commit the same generations over a long script, and
//! the `MemoCheck` comparison notices a memo whose deps leave out what it reads.

use std::time::Duration;

use ratatui::layout::Rect;
use rehearse::MemoCheck;
use rehearse::prelude::*;
use rehearse::widgets::{Button, List, ListItem, Text, TextInput};

use super::runs::Runs;
use super::support::{assert_equivalent, name_of};

// --- Memoizing on and off commit the same generations -----------------

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
