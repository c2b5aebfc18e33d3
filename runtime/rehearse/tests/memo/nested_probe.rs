//! Probe (passes): memos nested three deep inside bodies that run afresh,
//! through many renders (and so arena compaction), memoizing vs plain.

use ratatui::layout::Rect;
use rehearse::MemoCheck;
use rehearse::prelude::*;
use rehearse::widgets::{Button, Text};

use super::rng::Rng;

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
