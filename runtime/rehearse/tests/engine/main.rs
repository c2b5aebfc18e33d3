//! The engine's contracts, through small apps driven by the executor:
//! hit-testing with capture_click and per-cell regions, checked ids, drain
//! and timer bounds, the controlled clock, the viewport, checkpoints, input,
//! waits, nested components and their lifecycle. One test binary, one
//! module per subject; the drain bound is tested here, at the crate root,
//! because its assertion names the producer by its type path
//! (`engine::Again`). A binary of its own, not a module of `tests/main.rs`:
//! CI runs `duplicate_automation_ids` in release (see `.ci/run`), which then
//! builds only it.

use rehearse::prelude::*;
use rehearse::widgets::Button;

#[path = "../support/plain.rs"]
mod plain;

mod checkpoints;
mod clock;
mod components;
mod hit_testing;
mod ids;
mod input;
mod viewport;
mod waits;

/// Work that never settles.
struct Spinner;

#[derive(Debug)]
struct Again;

impl Component for Spinner {
    type Message = Again;
    fn update(&mut self, _: Again, ctx: &mut Context<'_, Self>) {
        ctx.send(Again);
    }
    fn view(&self, ui: &mut Ui<'_, Again>) {
        ui.add(ui.area(), Button::new("Spin").automation_id("spin").on_click(|| Again));
    }
}

#[test]
fn a_chain_that_never_converges_fails_and_names_the_producer() {
    let mut session = Session::new(Spinner, SessionOptions::default().viewport(10, 3));
    let error = session.step(AutomationStep::click(Selector::id("spin"))).unwrap_err();
    let AutomationError::DrainDidNotConverge { producers, delivered, .. } = &error.error else {
        panic!("{error}")
    };
    assert!(*delivered > 10_000);
    assert!(producers[0].contains("engine::Again"), "{producers:?}");
}
