//! Probe (passes): a seeded random walk over a lazy list whose length moves
//! around 64 rows (one level of groups <-> two), with focusable check boxes
//! inside the rows, selection, scrolling, Tab, hover, a modal, nested memos
//! and resizes, memoizing vs plain via `MemoCheck`.

use ratatui::layout::Rect;
use rehearse::MemoCheck;
use rehearse::prelude::*;
use rehearse::widgets::{Button, Checkbox, List, ListItem, Modal, Text};

use super::rng::Rng;

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
        List::new().automation_id("list").selected(self.selected).on_select(Msg::Select).show_lazy(
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
            14 => {
                AutomationStep::resize(40 + rng.below(2) as u16 * 10, 20 + rng.below(2) as u16 * 4)
            }
            _ => AutomationStep::click(Selector::point(rng.below(40) as u16, rng.below(20) as u16)),
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
        let run: Result<(), rehearse::engine::MemoMismatch> = steps.iter().try_for_each(|step| {
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
