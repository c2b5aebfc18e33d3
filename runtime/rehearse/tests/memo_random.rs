//! Carrying over stays honest under long random step sequences: an app
//! built to exercise the memo machinery, driven by seeded random steps with
//! memoizing on and off and compared after every step. It has memos nested
//! three deep; bodies that draw less than before (shorter text, fewer
//! nodes); a body whose area moves; paint beneath a memo before it and over
//! it after it; a lazy list (`List::show_lazy`, with a memo inside each row)
//! and, inside a memo, a list of `ListItem::lazy` items, whose rows are
//! inserted, removed, reordered and dragged (keys follow them) and change
//! from outside their own handlers; a text field inside a memo (its caret);
//! a modal with a memo inside; memos that are volatile because they read
//! the clock, read another node's focus, bind a key or nest a component; a
//! scrolled pane of memos; keyed memos taking turns in one place; timers on
//! the controlled clock; and an id that is sometimes duplicated. Each memo
//! body and lazy build counts its runs, so the test can tell that the
//! memoized session carried bodies over.
//!
//! The steps come from a small inline PRNG with fixed seeds, so every run is
//! the same. A mismatch names the seed, the step and its index, and prints
//! the steps as a script, shrunk to a shorter sequence that still fails.

use std::time::Duration;

use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use rehearse::prelude::*;
use rehearse::semantic::SemanticFacts;
use rehearse::ui::WidgetEvent;
use rehearse::widgets::{Button, List, ListItem, Modal, Text, TextInput};
use rehearse::{MemoCheck, engine::MemoMismatch};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

// --- The app --------------------------------------------------------------

#[path = "support/runs.rs"]
mod runs;
use runs::Runs;

/// A row of either list: its key follows it when rows move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Entry {
    key: u64,
    title: String,
    done: bool,
}

/// Where the mover goes next: (column, row offset in its band).
const MOVES: [(u16, u16); 5] = [(0, 0), (4, 1), (16, 2), (30, 1), (20, 2)];

/// What the pager shows, page by page (each page a keyed memo in the same
/// place).
const PAGES: [&str; 3] = ["page one", "2", "the third page"];

/// Titles the header cycles through, long and short (a body that draws
/// less than it did before).
const TITLES: [&str; 4] = ["Laboratory of memoized things", "Lab", "Laboratory", ""];

#[derive(Debug, PartialEq, Eq)]
struct Lab {
    title: usize,
    count: u32,
    ticks: u32,
    timers: u32,
    note: String,
    rows: Vec<Entry>,
    selected: Option<usize>,
    shelf: Vec<Entry>,
    shelf_selected: Option<usize>,
    mover: usize,
    pan: u16,
    shade: bool,
    cover: bool,
    modal: bool,
    dup: bool,
    search: String,
    page: usize,
    next_key: u64,
}

/// How a run builds the app.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Everything inside one group node instead of straight under the root.
    wrap: bool,
    /// The broken variant: the badges memo leaves `count` out of its deps.
    dishonest: bool,
}

/// The app, how it is built, and its run counter (kept apart so `Lab`
/// compares by state).
struct LabApp {
    lab: Lab,
    shape: Shape,
    runs: Runs,
}

impl LabApp {
    fn new(runs: &Runs, shape: Shape) -> Self {
        let entry =
            |key: u64| Entry { key, title: format!("entry {key}"), done: key.is_multiple_of(4) };
        let lab = Lab {
            title: 0,
            count: 0,
            ticks: 0,
            timers: 0,
            note: String::from("hi"),
            rows: (1..=20).map(entry).collect(),
            selected: None,
            shelf: (101..=110).map(entry).collect(),
            shelf_selected: None,
            mover: 0,
            pan: 0,
            shade: false,
            cover: false,
            modal: false,
            dup: false,
            search: String::new(),
            page: 0,
            next_key: 1000,
        };
        Self { lab, shape, runs: runs.clone() }
    }
}

/// A button: its label, its id, what it sends, its width.
type ButtonSpec = (&'static str, &'static str, fn() -> Msg, u16);

#[derive(Debug)]
enum Msg {
    Inc,
    Shrink,
    Grow,
    Note(String),
    AddNote,
    Toggle(u64),
    Select(usize),
    Activate(usize),
    ShelfSelect(usize),
    ShelfActivate(usize),
    Insert,
    Remove,
    Rotate,
    Reverse,
    Move,
    Pan,
    Shade,
    Cover,
    Open,
    Close,
    Dup,
    Timer,
    Tick,
    Search(String),
    Page,
    Flip,
    Pick,
    Drop(String),
}

impl Component for LabApp {
    type Message = Msg;

    fn update(&mut self, msg: Msg, ctx: &mut Context<'_, Self>) {
        let lab = &mut self.lab;
        match msg {
            Msg::Inc => lab.count += 1,
            Msg::Shrink => lab.title = (lab.title + 1) % TITLES.len(),
            Msg::Grow => lab.title = (lab.title + TITLES.len() - 1) % TITLES.len(),
            Msg::Note(note) => lab.note = note,
            Msg::AddNote => {
                let title = std::mem::take(&mut lab.note);
                lab.next_key += 1;
                let at = lab.count as usize % (lab.rows.len() + 1);
                lab.rows.insert(at, Entry { key: lab.next_key, title, done: false });
            }
            Msg::Toggle(key) => {
                if let Some(entry) = lab.rows.iter_mut().find(|entry| entry.key == key) {
                    entry.done = !entry.done;
                }
            }
            Msg::Select(at) => lab.selected = Some(at),
            Msg::Activate(at) => {
                if let Some(entry) = lab.rows.get_mut(at) {
                    entry.title.push('*');
                }
            }
            Msg::ShelfSelect(at) => lab.shelf_selected = Some(at),
            Msg::ShelfActivate(at) => {
                if let Some(entry) = lab.shelf.get_mut(at) {
                    entry.done = !entry.done;
                }
            }
            Msg::Insert => {
                lab.next_key += 1;
                let key = lab.next_key;
                let entry = Entry { key, title: format!("new {key}"), done: false };
                if key.is_multiple_of(3) {
                    let at = (key as usize * 7) % (lab.shelf.len() + 1);
                    lab.shelf.insert(at, entry);
                } else {
                    let at = (key as usize * 5) % (lab.rows.len() + 1);
                    lab.rows.insert(at, entry);
                }
            }
            Msg::Remove => {
                if !lab.rows.is_empty() {
                    let at = lab.selected.unwrap_or(lab.count as usize) % lab.rows.len();
                    lab.rows.remove(at);
                }
                if lab.count.is_multiple_of(2) && !lab.shelf.is_empty() {
                    let at = lab.count as usize % lab.shelf.len();
                    lab.shelf.remove(at);
                }
            }
            Msg::Rotate => {
                if !lab.rows.is_empty() {
                    let by = 1 + lab.count as usize % lab.rows.len();
                    lab.rows.rotate_left(by);
                }
                if lab.shelf.len() > 1 {
                    lab.shelf.swap(0, 1);
                }
            }
            Msg::Reverse => {
                lab.shelf.reverse();
                if lab.rows.len() > 9 {
                    lab.rows[2..9].reverse();
                }
            }
            Msg::Move => lab.mover = (lab.mover + 1) % MOVES.len(),
            Msg::Pan => lab.pan = (lab.pan + 1) % 5,
            Msg::Shade => lab.shade = !lab.shade,
            Msg::Cover => lab.cover = !lab.cover,
            Msg::Open => lab.modal = true,
            Msg::Close => lab.modal = false,
            Msg::Dup => lab.dup = !lab.dup,
            Msg::Timer => {
                lab.timers += 1;
                let delay = 150 * u64::from(1 + lab.timers % 4);
                ctx.after(Duration::from_millis(delay), Msg::Tick);
            }
            Msg::Tick => {
                lab.ticks += 1;
                lab.timers -= 1;
                if let Some(entry) = lab.rows.first_mut() {
                    entry.title = format!("tick {}", lab.ticks);
                }
            }
            Msg::Search(search) => lab.search = search,
            // Rows change from outside their own handlers too, so a memo
            // that left them out of its deps would show them stale.
            Msg::Flip => {
                let phase = lab.count as usize;
                for (at, entry) in lab.rows.iter_mut().chain(lab.shelf.iter_mut()).enumerate() {
                    if (at + phase).is_multiple_of(3) {
                        entry.done = !entry.done;
                    }
                }
            }
            Msg::Pick => {
                let pick =
                    |len: usize, by: usize| (len > 0).then(|| (lab.count as usize * by) % len);
                lab.selected = pick(lab.rows.len(), 1);
                lab.shelf_selected = pick(lab.shelf.len(), 2);
            }
            Msg::Page => lab.page = (lab.page + 1) % PAGES.len(),
            // A row dropped on the pager moves to the top of its list.
            Msg::Drop(payload) => {
                let key: u64 = payload.parse().expect("a key");
                for list in [&mut lab.rows, &mut lab.shelf] {
                    if let Some(at) = list.iter().position(|entry| entry.key == key) {
                        let entry = list.remove(at);
                        list.insert(0, entry);
                    }
                }
            }
        }
    }

    fn view(&self, ui: &mut Ui<'_, Msg>) {
        if self.shape.wrap {
            let facts = SemanticFacts::new(SemanticRole::Group).automation_id("lab");
            ui.node(ui.area(), facts, |ui, _| self.content(ui));
        } else {
            self.content(ui);
        }
    }
}

impl LabApp {
    fn content(&self, ui: &mut Ui<'_, Msg>) {
        let lab = &self.lab;
        let runs = &self.runs;
        let width = ui.area().width;
        ui.on_key(KeyPress::char('+'), || Msg::Inc);
        ui.on_key(KeyPress::from(KeyCode::F(2)), || Msg::Shrink);
        ui.on_key(KeyPress::from(KeyCode::F(4)), || Msg::Flip);

        // Row 0: a background painted beneath the header memo (before it),
        // and a label painted over part of it (after it).
        if lab.shade {
            ui.draw_with(Rect::new(0, 0, width, 2), |area, buf| {
                buf.set_style(area, Style::new().bg(Color::Blue));
            });
        }
        let title = TITLES[lab.title];
        ui.memo("header", Rect::new(0, 0, width, 1), &(title, lab.count), |ui| {
            runs.bump();
            let text = format!("{title} #{}", lab.count);
            ui.add(Rect::new(0, 0, width, 1), Text::new(text).automation_id("header"));
        });
        if lab.cover {
            ui.add(Rect::new(10, 0, 9, 1), Text::new("▓covered▓").automation_id("cover-text"));
        }

        // Row 1: memoized controls with nothing to depend on.
        ui.memo("controls", Rect::new(0, 1, width, 1), &(), |ui| {
            runs.bump();
            let buttons: [ButtonSpec; 6] = [
                ("Inc", "inc", || Msg::Inc, 7),
                ("Shrink", "shrink", || Msg::Shrink, 10),
                ("Grow", "grow", || Msg::Grow, 8),
                ("Move", "move", || Msg::Move, 8),
                ("Shade", "shade", || Msg::Shade, 9),
                ("Cover", "cover", || Msg::Cover, 9),
            ];
            let mut x = 0;
            for (label, id, message, w) in buttons {
                ui.add(
                    Rect::new(x, 1, w, 1),
                    Button::new(label).automation_id(id).on_click(message),
                );
                x += w;
            }
        });

        // Row 2: plain buttons (not memoized).
        let buttons: [ButtonSpec; 7] = [
            ("Open", "open", || Msg::Open, 8),
            ("Ins", "insert", || Msg::Insert, 7),
            ("Del", "remove", || Msg::Remove, 7),
            ("Rot", "rotate", || Msg::Rotate, 7),
            ("Rev", "reverse", || Msg::Reverse, 7),
            ("Timer", "timer", || Msg::Timer, 9),
            ("Pan", "pan", || Msg::Pan, 7),
        ];
        let mut x = 0;
        for (label, id, message, w) in buttons {
            ui.add(Rect::new(x, 2, w, 1), Button::new(label).automation_id(id).on_click(message));
            x += w;
        }

        // Rows 3-4: memos nested three deep.
        let outer_deps = (lab.count, title, lab.ticks);
        ui.memo("outer", Rect::new(0, 3, width, 2), &outer_deps, |ui| {
            runs.bump();
            let text = format!("outer {} {}", lab.count, "=".repeat(lab.count as usize % 7));
            ui.add(Rect::new(0, 3, width, 1), Text::new(text).automation_id("outer"));
            ui.memo("inner", Rect::new(0, 4, width, 1), &(title, lab.ticks), |ui| {
                runs.bump();
                ui.add(
                    Rect::new(0, 4, 24, 1),
                    Button::new(format!("Inner {title}"))
                        .automation_id("inner")
                        .on_click(|| Msg::Inc),
                );
                ui.memo(
                    "innermost",
                    Rect::new(25, 4, width.saturating_sub(25), 1),
                    &lab.ticks,
                    |ui| {
                        runs.bump();
                        let area = Rect::new(25, 4, width.saturating_sub(25), 1);
                        ui.add(
                            area,
                            Text::new(format!("ticks {}", lab.ticks)).automation_id("ticks"),
                        );
                    },
                );
            });
        });
        if lab.dup {
            // An id the inner memo holds too: a duplicate, in either session.
            ui.add(Rect::new(40, 3, 8, 1), Text::new("dup").automation_id("inner"));
        }

        // Row 5: a memo that draws fewer nodes as `count` wraps, unnamed
        // ones among them.
        let badges = lab.count % 6;
        let badge_deps = if self.shape.dishonest { 0 } else { badges };
        ui.memo("badges", Rect::new(0, 5, width, 1), &badge_deps, |ui| {
            runs.bump();
            for i in 0..badges {
                let area = Rect::new(i as u16 * 5, 5, 5, 1);
                if i % 2 == 0 {
                    ui.add(area, Text::new(format!("[{i}]")).automation_id(format!("badge-{i}")));
                } else {
                    ui.add(area, Text::new(format!("<{i}>")));
                }
            }
        });

        // Rows 6-8: a text field inside a memo (its caret is carried over),
        // and beside it a memo that reads the clock (volatile).
        ui.memo("note", Rect::new(0, 6, 30, 3), &lab.note, |ui| {
            runs.bump();
            ui.add(
                Rect::new(0, 6, 30, 3),
                TextInput::new(lab.note.as_str())
                    .label("Note")
                    .automation_id("note")
                    .on_change(Msg::Note)
                    .on_submit(|_| Msg::AddNote),
            );
        });
        ui.memo("clock", Rect::new(31, 6, width.saturating_sub(31), 1), &(), |ui| {
            runs.bump();
            let now = ui.now().since_start().as_millis();
            let area = Rect::new(31, 6, width.saturating_sub(31), 1);
            ui.add(area, Text::new(format!("t={now}")).automation_id("clock"));
        });
        ui.add(
            Rect::new(31, 7, width.saturating_sub(31), 1),
            Text::new(format!("timers {}", lab.timers)).automation_id("timers"),
        );

        // Rows 9-11: a memo that moves, over a line drawn before it and
        // under a label drawn after it.
        ui.add(
            Rect::new(0, 10, width, 1),
            Text::new("~".repeat(usize::from(width))).automation_id("under"),
        );
        let (left, down) = MOVES[lab.mover];
        let area = Rect::new(left, 9 + down, 14, 1);
        ui.memo("mover", area, &(), |ui| {
            runs.bump();
            ui.add(area, Button::new("Mover").automation_id("mover").on_click(|| Msg::Move));
        });
        ui.add(Rect::new(22, 11, 8, 1), Text::new("over").automation_id("over"));
        let flip = Rect::new(36, 9, 8, 1);
        ui.add(flip, Button::new("Flip").automation_id("flip").on_click(|| Msg::Flip));
        let pick = Rect::new(44, 9, 8, 1);
        ui.add(pick, Button::new("Pick").automation_id("pick").on_click(|| Msg::Pick));

        // Rows 12-17: a lazy list by index and a list of lazy items.
        let half = width / 2;
        let rows = &lab.rows;
        List::new()
            .automation_id("rows")
            .selected(lab.selected)
            .on_select(Msg::Select)
            .on_activate(Msg::Activate)
            .show_lazy(
                ui,
                Rect::new(0, 12, half, 6),
                rows.len(),
                |at| (ReconcileKey::from(rows[at].key), (rows[at].title.as_str(), rows[at].done)),
                |at| {
                    runs.bump();
                    let Entry { key, ref title, done } = rows[at];
                    ListItem::custom(move |ui: &mut Ui<'_, Msg>, row: Rect| {
                        // A memo inside a lazy row, inside its group.
                        let mark_area = Rect { width: 5, ..row };
                        ui.memo("mark", mark_area, &(key, done, title), |ui| {
                            runs.bump();
                            let mark = if done { "[x]" } else { "[ ]" };
                            let button = ui.add(
                                mark_area,
                                Button::new(mark)
                                    .name(format!("toggle {title}"))
                                    .automation_id(format!("toggle-{key}"))
                                    .on_click(move || Msg::Toggle(key)),
                            );
                            if let Some(node) = button.node() {
                                ui.drag_payload(node, key.to_string());
                            }
                        });
                        let label =
                            Rect { x: row.x + 6, width: row.width.saturating_sub(6), ..row };
                        ui.draw(label, ratatui::text::Line::from(title.as_str()));
                    })
                    .label(title.as_str())
                    .automation_id(format!("row-{key}"))
                },
            );
        let shelf = lab
            .shelf
            .iter()
            .map(|entry| {
                ListItem::lazy(entry.key, entry, move || {
                    runs.bump();
                    let text = if entry.done {
                        format!("✓ {}", entry.title)
                    } else {
                        entry.title.clone()
                    };
                    let item = ListItem::new(text);
                    // Half the items have ids; the others are keyed only.
                    if entry.key % 2 == 0 {
                        item.automation_id(format!("shelf-{}", entry.key))
                    } else {
                        item
                    }
                })
            })
            .collect();
        // The shelf list inside a memo: wheel scrolling changes only the
        // list's own state, which must render the memo again.
        let shelf_area = Rect::new(half + 1, 12, width.saturating_sub(half + 1), 6);
        ui.memo("shelf-memo", shelf_area, &(&lab.shelf, lab.shelf_selected), |ui| {
            runs.bump();
            List::new()
                .automation_id("shelf")
                .selected(lab.shelf_selected)
                .on_select(Msg::ShelfSelect)
                .on_activate(Msg::ShelfActivate)
                .show(ui, shelf_area, shelf);
        });

        // Rows 18-20: memos in a scrolled coordinate space.
        ui.scrolled(Rect::new(0, 18, width, 3), lab.pan, 8, |ui, content| {
            let deep = Rect::new(content.x, content.y + 2, 20, 1);
            ui.memo("deep", deep, &(), |ui| {
                runs.bump();
                ui.add(deep, Button::new("Deep").automation_id("deep").on_click(|| Msg::Inc));
            });
            let deeper = Rect::new(content.x, content.y + 4, 20, 1);
            ui.memo("deeper", deeper, &lab.count, |ui| {
                runs.bump();
                ui.add(deeper, Text::new(format!("deeper {}", lab.count)).automation_id("deeper"));
            });
        });

        // Row 21: a status line and a button for the duplicate id.
        let status = format!("{} rows · {} shelf", lab.rows.len(), lab.shelf.len());
        ui.add(Rect::new(0, 21, 30, 1), Text::new(status).automation_id("status"));
        ui.add(
            Rect::new(31, 21, 7, 1),
            Button::new("Dup").automation_id("dup").on_click(|| Msg::Dup),
        );
        // A nested component inside a memo (volatile: renders every time).
        let counter_area = Rect::new(39, 21, width.saturating_sub(39), 1);
        ui.memo("nested", counter_area, &(), |ui| {
            runs.bump();
            ui.nest("counter", counter_area, Counter::default);
        });

        // Row 22: a field outside any memo, and a memo that reads its focus
        // (touching a node outside itself: volatile).
        let search = ui
            .add(
                Rect::new(0, 22, 30, 1),
                TextInput::new(lab.search.as_str()).automation_id("search").on_change(Msg::Search),
            )
            .node();
        let state_area = Rect::new(31, 22, width.saturating_sub(31), 1);
        ui.memo("search-state", state_area, &(), |ui| {
            runs.bump();
            let focused = search.is_some_and(|node| ui.is_focused(node));
            let text = if focused { "searching" } else { "idle" };
            ui.add(state_area, Text::new(text).automation_id("search-state"));
        });

        // Row 23: a pager (one keyed memo per page, all in the same place),
        // which rows can be dropped on, and a memo that binds a key
        // (volatile).
        let pager = ui.add(
            Rect::new(0, 23, 8, 1),
            Button::new("Page").automation_id("page").on_click(|| Msg::Page),
        );
        if let Some(node) = pager.node() {
            ui.on_event(node, |event, cx| match event {
                WidgetEvent::Drop { payload } => {
                    cx.emit(Msg::Drop(payload.clone()));
                    true
                }
                _ => false,
            });
        }
        let page_area = Rect::new(9, 23, 20, 1);
        ui.keyed(lab.page, |ui| {
            ui.memo("page", page_area, &lab.page, |ui| {
                runs.bump();
                ui.add(page_area, Text::new(PAGES[lab.page]).automation_id("page-text"));
            });
        });
        let hotkey_area = Rect::new(30, 23, width.saturating_sub(30), 1);
        ui.memo("hotkey", hotkey_area, &(), |ui| {
            runs.bump();
            ui.add(hotkey_area, Text::new("F3 pans").automation_id("hotkey"));
            ui.on_key(KeyPress::from(KeyCode::F(3)), || Msg::Pan);
        });

        // A modal with a memo inside (overlays never carry over).
        if lab.modal {
            Modal::new(format!("Dialog {}", lab.count))
                .automation_id("dialog")
                .size(30, 7)
                .on_dismiss(|| Msg::Close)
                .show(ui, |ui, inner| {
                    ui.memo("dialog-body", inner, &lab.count, |ui| {
                        runs.bump();
                        let line = Rect { height: 1, ..inner };
                        ui.add(line, Text::new(format!("count {}", lab.count)));
                        let buttons = Rect { y: inner.y + 2, height: 1, width: 12, ..inner };
                        ui.add(
                            buttons,
                            Button::new("More").automation_id("dialog-inc").on_click(|| Msg::Inc),
                        );
                        ui.add(
                            Rect { x: buttons.x + 13, ..buttons },
                            Button::new("Close")
                                .automation_id("dialog-close")
                                .on_click(|| Msg::Close),
                        );
                    });
                });
        }
    }
}

/// A nested component with state of its own.
#[derive(Default)]
struct Counter {
    clicks: u32,
}

impl Component for Counter {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.clicks += 1;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        let area = ui.area();
        let label = format!("+{}", self.clicks);
        ui.add(area, Button::new(label).automation_id("counter").on_click(|| ()));
    }
}

// --- Two sessions, compared after every step ------------------------------

/// One random run: how the app is built, where it starts, the sizes it
/// resizes among, how many steps, and the seed.
#[derive(Clone, Copy, Debug)]
struct Run {
    shape: Shape,
    sizes: [(u16, u16); 3],
    steps: usize,
    seed: u64,
}

impl Run {
    /// How the run builds its app: each with a run counter of its own.
    fn app(&self) -> impl Fn() -> LabApp + use<> {
        let shape = self.shape;
        move || LabApp::new(&Runs::default(), shape)
    }

    fn options(&self) -> SessionOptions {
        let (cols, rows) = self.sizes[0];
        SessionOptions::default().viewport(cols, rows)
    }

    /// The app with memoizing on and off, compared after every step (the
    /// frames, and `Lab` too).
    fn start(&self) -> MemoCheck<LabApp> {
        self.try_start().unwrap_or_else(|mismatch| panic!("{self:?}: {mismatch}"))
    }

    fn try_start(&self) -> Result<MemoCheck<LabApp>, MemoMismatch> {
        MemoCheck::new(self.app(), self.options())?.compare_apps(same_lab)
    }
}

/// The app state the two sessions must agree on (not the run counters).
fn same_lab(memoized: &LabApp, plain: &LabApp) -> Result<(), String> {
    let (a, b) = (&memoized.lab, &plain.lab);
    if a == b { Ok(()) } else { Err(format!("\n  memoizing: {a:?}\n  plain:     {b:?}")) }
}

// --- Choosing steps -------------------------------------------------------

/// Buttons by id, weighted by how often a click on them is chosen.
const BUTTONS: [(&str, usize); 23] = [
    ("inc", 6),
    ("shrink", 4),
    ("grow", 3),
    ("move", 4),
    ("shade", 3),
    ("cover", 3),
    ("open", 6),
    ("insert", 5),
    ("remove", 4),
    ("rotate", 4),
    ("reverse", 3),
    ("timer", 6),
    ("pan", 3),
    ("dup", 1),
    ("inner", 3),
    ("mover", 3),
    ("deep", 2),
    ("dialog-inc", 1),
    ("dialog-close", 1),
    ("page", 3),
    ("counter", 2),
    ("flip", 4),
    ("pick", 3),
];

/// Other ids hover and focus aim at.
const OTHERS: [&str; 17] = [
    "header",
    "cover-text",
    "outer",
    "ticks",
    "badge-0",
    "note",
    "clock",
    "under",
    "over",
    "rows",
    "shelf",
    "deeper",
    "search",
    "search-state",
    "page-text",
    "hotkey",
    "lab",
];

const KEYS: [KeyCode; 16] = [
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Enter,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Backspace,
    KeyCode::Esc,
    KeyCode::F(2),
    KeyCode::F(3),
    KeyCode::F(4),
];

const WORDS: [&str; 6] = ["a", "memo", "xyz", "+", "long note text", " "];

/// A row id: usually of a row in view, sometimes of any row (scrolled out
/// or not) or of one that does not exist (removed, never created, or a
/// shelf item without an id).
fn entry_id(rng: &mut Rng, session: &Session<LabApp>) -> String {
    if rng.chance(60) {
        let in_view: Vec<&str> = session
            .tree()
            .nodes()
            .filter(|node| node.in_view)
            .filter_map(|node| node.automation_id.as_ref().map(AutomationId::as_str))
            .filter(|id| ["row-", "toggle-", "shelf-"].iter().any(|prefix| id.starts_with(prefix)))
            .collect();
        if !in_view.is_empty() {
            return rng.pick(&in_view).to_owned();
        }
    }
    let lab = &session.app().lab;
    let in_rows = rng.chance(65);
    let list = if in_rows { &lab.rows } else { &lab.shelf };
    let key = match list.len() {
        n if n > 0 && rng.chance(85) => list[rng.below(n)].key,
        _ => 1 + rng.below(lab.next_key as usize + 3) as u64,
    };
    match (in_rows, rng.below(3)) {
        (false, _) => format!("shelf-{key}"),
        (true, 0) => format!("row-{key}"),
        (true, _) => format!("toggle-{key}"),
    }
}

/// The next action: one step, or a few (typing into the note).
fn next_steps(rng: &mut Rng, session: &Session<LabApp>, run: &Run) -> Vec<AutomationStep> {
    use AutomationStep as S;
    let lab = &session.app().lab;
    let viewport = session.frame().viewport;
    let choice = rng.weighted(&[
        ("button", 30),
        ("entry", 14),
        ("hover", 8),
        ("type", 7),
        ("keys", 14),
        ("scroll", 6),
        ("advance", 6),
        ("point", 3),
        ("focus", 4),
        ("resize", 2),
        ("drain", 4),
        ("drag", 3),
        ("right", 1),
        ("close", if lab.modal { 30 } else { 0 }),
        ("undup", if lab.dup { 20 } else { 0 }),
    ]);
    match choice {
        "button" => vec![S::click(Selector::id(rng.weighted(&BUTTONS)))],
        "entry" => vec![S::click(Selector::id(entry_id(rng, session)))],
        "hover" => {
            let target = match rng.below(3) {
                0 => entry_id(rng, session),
                1 => rng.weighted(&BUTTONS).to_owned(),
                _ => rng.pick(&OTHERS).to_owned(),
            };
            vec![S::hover(Selector::id(target))]
        }
        "type" => {
            let mut steps = Vec::new();
            if rng.chance(70) {
                let field = Selector::id(rng.pick(&["note", "note", "search"]));
                steps.push(if rng.chance(50) { S::click(field) } else { S::focus(field) });
            }
            steps.push(S::type_text(rng.pick(&WORDS)));
            if rng.chance(30) {
                steps.push(S::key(rng.pick(&[KeyCode::Left, KeyCode::Left, KeyCode::Backspace])));
            }
            if rng.chance(25) {
                steps.push(S::key(KeyCode::Enter));
            }
            steps
        }
        "keys" => {
            let mut steps = Vec::new();
            if rng.chance(40) {
                let target = rng.pick(&["rows", "rows", "shelf", "note", "search"]);
                steps.push(S::focus(Selector::id(target)));
            }
            steps.push(if rng.chance(8) {
                S::key(KeyPress::char('+'))
            } else {
                S::key(rng.pick(&KEYS))
            });
            steps
        }
        "scroll" => {
            let target = rng.pick(&["rows", "rows", "shelf", "deep"]);
            let direction =
                if rng.chance(55) { ScrollDirection::Down } else { ScrollDirection::Up };
            (0..1 + rng.below(3)).map(|_| S::scroll_at(Selector::id(target), direction)).collect()
        }
        "advance" => vec![S::advance(Duration::from_millis(50 * (1 + rng.below(12)) as u64))],
        "point" => {
            let col = rng.below(usize::from(viewport.width)) as u16;
            let row = rng.below(usize::from(viewport.height)) as u16;
            vec![if rng.chance(60) {
                S::click(Selector::point(col, row))
            } else {
                S::hover(Selector::point(col, row))
            }]
        }
        "focus" => vec![match rng.below(3) {
            0 => S::focus_next(),
            1 => S::focus_prev(),
            _ => S::focus(Selector::id(rng.weighted(&BUTTONS))),
        }],
        "drag" => {
            // Mostly from a row's toggle, the drag source.
            let toggles: Vec<&str> = session
                .tree()
                .nodes()
                .filter(|node| node.in_view)
                .filter_map(|node| node.automation_id.as_ref().map(AutomationId::as_str))
                .filter(|id| id.starts_with("toggle-"))
                .collect();
            let from = if toggles.is_empty() || rng.chance(20) {
                entry_id(rng, session)
            } else {
                rng.pick(&toggles).to_owned()
            };
            let to = if rng.chance(60) { "page".to_owned() } else { entry_id(rng, session) };
            vec![S::drag(Selector::id(from), Selector::id(to))]
        }
        "right" => vec![S::right_click(Selector::id(rng.weighted(&BUTTONS)))],
        "resize" => {
            let (cols, rows) = rng.pick(&run.sizes);
            vec![S::resize(cols, rows)]
        }
        "close" => vec![match rng.below(20) {
            0..=4 => S::key(KeyCode::Esc),
            5..=9 => S::click(Selector::id("dialog-close")),
            10..=16 => S::click(Selector::id("dialog-inc")),
            _ => S::hover(Selector::id("dialog-inc")),
        }],
        // While the id is duplicated every commit fails: click the button
        // again (the last good commit still shows it).
        "undup" => vec![S::click(Selector::id("dup"))],
        _ => vec![S::drain()],
    }
}

// --- Running, and reporting a failure --------------------------------------

#[derive(Debug, Default)]
struct Outcome {
    steps: Vec<AutomationStep>,
    runs: [usize; 2],
    ok: usize,
    failed: usize,
    reorders: usize,
    modals: usize,
    ticks: u32,
}

fn random_run(run: &Run) -> Outcome {
    let mut rng = Rng::new(run.seed);
    let mut check = run.start();
    let mut outcome = Outcome::default();
    let keys = |check: &MemoCheck<LabApp>| -> Vec<u64> {
        let lab = &check.plain().app().lab;
        lab.rows.iter().chain(&lab.shelf).map(|entry| entry.key).collect()
    };
    while outcome.steps.len() < run.steps {
        for step in next_steps(&mut rng, check.plain(), run) {
            let (before, modal) = (keys(&check), check.plain().app().lab.modal);
            outcome.steps.push(step.clone());
            match check.step(&step) {
                Ok(Ok(_)) => outcome.ok += 1,
                Ok(Err(_)) => outcome.failed += 1,
                Err(mismatch) => fail(run, &outcome.steps, &mismatch),
            }
            outcome.reorders += usize::from(keys(&check) != before);
            outcome.modals += usize::from(!modal && check.plain().app().lab.modal);
        }
    }
    outcome.runs = [check.memoized().app().runs.get(), check.plain().app().runs.get()];
    outcome.ticks = check.plain().app().lab.ticks;
    outcome
}

/// Shrinks a failing walk within a budget of replayed steps.
fn shrink(run: &Run, steps: &[AutomationStep]) -> Vec<AutomationStep> {
    MemoCheck::shrink_with(|| run.try_start(), steps, 100_000)
}

/// How a replay of `steps` on a fresh pair ends: `Err` with the mismatch
/// when they disagree.
fn replay(run: &Run, steps: &[AutomationStep]) -> Result<(), MemoMismatch> {
    run.start().run(steps)
}

fn script(steps: &[AutomationStep]) -> String {
    steps.iter().enumerate().map(|(at, step)| format!("  {at:>4}  {step}\n")).collect()
}

/// Panics with the mismatch (which names the failing step and its index),
/// the steps shrunk to a shorter sequence that still fails, and all steps.
fn fail(run: &Run, steps: &[AutomationStep], mismatch: &MemoMismatch) -> ! {
    let shrunk = shrink(run, steps);
    let shrunk_mismatch = replay(run, &shrunk).map_or_else(
        |mismatch| mismatch.to_string(),
        |()| String::from("— no, the replay agrees (not reproduced)"),
    );
    panic!(
        "memoized and plain sessions disagree: {run:?}, {mismatch}\n\n\
         shrunk to {n} steps:\n{short}which fails {shrunk_mismatch}\n\n\
         all {all} steps:\n{long}",
        n = shrunk.len(),
        short = script(&shrunk),
        all = steps.len(),
        long = script(steps),
    );
}

const SIZES: [(u16, u16); 3] = [(52, 24), (60, 26), (44, 22)];

/// Runs `run` and checks that the walk did what it was meant to: most steps
/// succeeded, rows moved, timers fired, and the memoized session carried
/// bodies over (far fewer of them ran).
fn check(run: Run) {
    let outcome = random_run(&run);
    let summary = format!(
        "{run:?}: {} ok, {} failed the same way, {} reorders, {} dialogs, {} ticks, runs {:?}",
        outcome.ok, outcome.failed, outcome.reorders, outcome.modals, outcome.ticks, outcome.runs
    );
    println!("{summary}");
    assert!(outcome.ok * 3 >= outcome.steps.len() * 2, "mostly steps that work: {summary}");
    assert!(outcome.failed > 0, "some steps fail: {summary}");
    assert!(
        outcome.reorders > 20 && outcome.ticks > 3,
        "the walk reaches every part of the app: {summary}"
    );
    assert!(outcome.modals > 3, "the dialog opens: {summary}");
    let [memoized, plain] = outcome.runs;
    assert!(memoized * 3 < plain, "the memoized session carried bodies over: {summary}");
}

#[test]
fn random_steps_inside_a_group_commit_the_same_generations() {
    let shape = Shape { wrap: true, dishonest: false };
    for seed in [11, 12] {
        check(Run { shape, sizes: SIZES, steps: 800, seed });
    }
}

#[test]
fn random_steps_at_the_root_commit_the_same_generations() {
    // Memos straight under the root, beside the modal's overlay root (see
    // the regression test at the end).
    let shape = Shape { wrap: false, dishonest: false };
    for seed in [13, 14] {
        check(Run { shape, sizes: SIZES, steps: 800, seed });
    }
}

#[test]
fn the_random_comparison_catches_a_memo_that_leaves_out_a_dependency() {
    // The badges memo of the dishonest variant leaves `count` out of its
    // deps: once carried over it shows stale badges, and the random walk
    // must notice.
    let shape = Shape { wrap: true, dishonest: true };
    let run = Run { shape, sizes: SIZES, steps: 300, seed: 11 };
    let mut rng = Rng::new(run.seed);
    let mut check = run.start();
    let mut steps = Vec::new();
    let caught = 'walk: loop {
        for step in next_steps(&mut rng, check.plain(), &run) {
            steps.push(step.clone());
            if let Err(mismatch) = check.step(&step) {
                break 'walk Some(mismatch);
            }
        }
        if steps.len() >= run.steps {
            break None;
        }
    };
    let mismatch = caught.expect("the stale memo is caught within the walk");
    // The step just taken shows the stale badges.
    let difference = &mismatch.difference;
    assert!(
        difference.contains("badge") || difference.starts_with("the buffers differ"),
        "{mismatch}"
    );
    // And the shrinker cuts the walk to a short reproduction.
    let shrunk = shrink(&run, &steps);
    assert!(replay(&run, &shrunk).is_err(), "shrunk to:\n{}", script(&shrunk));
    assert!(shrunk.len() <= 4, "shrunk to:\n{}", script(&shrunk));
}

// --- A reproduction the random walk found ---------------------------------

// Found by `random_steps_at_the_root_commit_the_same_generations` (shrunk to
// `click:#open`, `click:#dialog-inc`), minimized by hand to one step. Up to
// 1c40b9a, with memoizing on, the projection panicked ("index out of bounds:
// the len is N but the index is N" in `Projector::children`) when a modal was
// open and the root gained as many children as there are overlays:
// `Reusable::detach` took the root's old semantic children with the overlay
// roots appended, while the memo list beside them counted only the rendered
// children, so the in-place patch path was taken with a memo list shorter
// than the nodes. Fixed in c53360a (the old children are cut to the memo
// list); `regressions.rs` covers the overlay closing, this the overlay open.

/// A memo straight under the root, a modal, and a button in it that adds a
/// child to the root.
struct RootAndModal {
    extra: u16,
}

impl Component for RootAndModal {
    type Message = ();

    fn update(&mut self, (): (), _: &mut Context<'_, Self>) {
        self.extra += 1;
    }

    fn view(&self, ui: &mut Ui<'_, ()>) {
        ui.memo("top", Rect::new(0, 0, 20, 1), &(), |ui| {
            ui.add(Rect::new(0, 0, 20, 1), Text::new("top"));
        });
        for row in 0..self.extra {
            ui.add(Rect::new(0, 1 + row, 20, 1), Text::new(format!("extra {row}")));
        }
        Modal::new("Dialog").size(20, 5).show(ui, |ui, inner| {
            let line = Rect { height: 1, ..inner };
            ui.add(line, Button::new("More").automation_id("more").on_click(|| ()));
        });
    }
}

#[test]
fn a_modal_open_while_the_root_gains_a_child_commits_like_without_memoizing() {
    let options = SessionOptions::default().viewport(30, 10);
    let mut check = MemoCheck::new(|| RootAndModal { extra: 0 }, options)
        .unwrap_or_else(|mismatch| panic!("{mismatch}"));
    // A panic in the memoizing session is a mismatch too.
    let result = check
        .step(&AutomationStep::click(Selector::id("more")))
        .unwrap_or_else(|mismatch| panic!("{mismatch}"));
    result.expect("both commit");
}
