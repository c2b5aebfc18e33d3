//! Edge cases of carrying memoized bodies over, each found by a review of
//! the kept arena and buffer, each failing before its fix: a memoizing and
//! a plain session (`MemoCheck`) must commit the same generations. Then
//! seeded random walks over the riskiest areas: lazy lists crossing group
//! levels, memos nested in fresh bodies through compaction, strict-id
//! failures between carried frames.

use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use rehearse::MemoCheck;
use rehearse::prelude::*;
use rehearse::semantic::SemanticFacts;
use rehearse::ui::WidgetEvent;
use rehearse::widgets::{Button, MouseRegion, Text};

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
