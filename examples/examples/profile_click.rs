//! Runs 3,000 click steps (or as many as the first argument says) on the
//! 200-item todo app, for profilers:
//! `perf record -g target/release/examples/profile_click`.

use rehearse::prelude::*;
use rehearse_examples::todo::{TodoApp, ids};

fn main() {
    let mut session =
        Session::new(TodoApp::with_items(200), SessionOptions::default().viewport(120, 40));
    let click = AutomationStep::click(Selector::id(ids::toggle(1)));
    // The first click focuses the list, which restyles every row.
    session.step(click.clone()).expect("the toggle is clickable");
    let clicks: u32 = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(3000);
    let start = std::time::Instant::now();
    for _ in 0..clicks {
        session.step(click.clone()).expect("the toggle is clickable");
    }
    eprintln!("{:?} per click", start.elapsed() / clicks.max(1));
}
