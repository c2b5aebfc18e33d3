//! Helpers the memo tests share: reading rows, styles and nodes of a
//! session, and running steps on a `MemoCheck` whose two sessions must agree.

use ratatui::buffer::Buffer;
use ratatui::style::Style;
use rehearse::MemoCheck;
use rehearse::prelude::*;

/// Row `y` of a buffer, as text.
pub fn row(buffer: &Buffer, y: u16) -> String {
    (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect()
}

/// The style of the first cell of row `y` showing `symbol`.
pub fn style_of(buffer: &Buffer, y: u16, symbol: &str) -> Style {
    (0..buffer.area.width)
        .map(|x| &buffer[(x, y)])
        .find(|cell| cell.symbol() == symbol)
        .unwrap_or_else(|| panic!("no {symbol:?} on row {y}: {:?}", row(buffer, y)))
        .style()
}

pub fn node<'a, C: Component>(session: &'a Session<C>, id: &str) -> &'a SemanticNode {
    session
        .tree()
        .by_id(id)
        .unwrap_or_else(|| panic!("no #{id} in\n{}", session.tree().to_markdown()))
}

pub fn name_of<C: Component>(session: &Session<C>, id: &str) -> String {
    node(session, id).name.clone()
}

/// Runs `steps` with memoizing on and off: every step commits, and
/// `MemoCheck` finds every commit the same.
pub fn assert_equivalent<C: Component>(
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

/// A check of `make`'s app at `cols` x `rows`, both sessions agreeing at
/// the start.
pub fn check<C: Component>(make: impl Fn() -> C, cols: u16, rows: u16) -> MemoCheck<C> {
    let options = SessionOptions::default().viewport(cols, rows);
    MemoCheck::new(make, options).unwrap_or_else(|mismatch| panic!("{mismatch}"))
}

/// Runs `step` on both sessions, which must agree.
pub fn agree<C: Component>(check: &mut MemoCheck<C>, step: AutomationStep) {
    if let Err(mismatch) = check.step(&step) {
        panic!("{mismatch}");
    }
}

pub fn click(id: &str) -> AutomationStep {
    AutomationStep::click(Selector::id(id))
}
