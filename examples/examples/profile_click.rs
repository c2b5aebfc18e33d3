//! Runs 300 click steps on the 200-item todo app, for profilers:
//! `perf record -g target/release/examples/profile_click`.

use rehearse::prelude::*;
use rehearse_examples::todo::{TodoApp, ids};

fn main() {
    let mut session =
        Session::new(TodoApp::with_items(200), SessionOptions::default().viewport(120, 40));
    let click = AutomationStep::click(Selector::id(ids::toggle(1)));
    let start = std::time::Instant::now();
    for _ in 0..300 {
        session.step(click.clone()).expect("the toggle is clickable");
    }
    eprintln!("{:?} per click", start.elapsed() / 300);
}
