//! A reproduction the random walk found, minimized by hand: a modal open
//! while the root gains a child.

use ratatui::layout::Rect;
use rehearse::MemoCheck;
use rehearse::prelude::*;
use rehearse::widgets::{Button, Modal, Text};

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
