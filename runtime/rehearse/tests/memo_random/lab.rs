//! The app the random walks drive, built to exercise the memo machinery: its
//! state (`Lab`, compared between the sessions), how a run shapes it, its
//! messages and how it updates. Its view is in `view`.

use std::time::Duration;

use rehearse::prelude::*;
use rehearse::semantic::SemanticFacts;

use super::runs::Runs;

mod view;

// --- The app --------------------------------------------------------------

/// A row of either list: its key follows it when rows move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Entry {
    pub key: u64,
    pub title: String,
    pub done: bool,
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
pub struct Lab {
    pub title: usize,
    pub count: u32,
    pub ticks: u32,
    pub timers: u32,
    pub note: String,
    pub rows: Vec<Entry>,
    pub selected: Option<usize>,
    pub shelf: Vec<Entry>,
    pub shelf_selected: Option<usize>,
    pub mover: usize,
    pub pan: u16,
    pub shade: bool,
    pub cover: bool,
    pub modal: bool,
    pub dup: bool,
    pub search: String,
    pub page: usize,
    pub next_key: u64,
}

/// How a run builds the app.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Everything inside one group node instead of straight under the root.
    pub wrap: bool,
    /// The broken variant: the badges memo leaves `count` out of its deps.
    pub dishonest: bool,
}

/// The app, how it is built, and its run counter (kept apart so `Lab`
/// compares by state).
pub struct LabApp {
    pub lab: Lab,
    pub shape: Shape,
    pub runs: Runs,
}

impl LabApp {
    pub fn new(runs: &Runs, shape: Shape) -> Self {
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
pub enum Msg {
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
