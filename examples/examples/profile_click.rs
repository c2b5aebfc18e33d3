//! Runs click steps (or key steps) on the todo app at 120x40, for profilers
//! and instruction counts:
//! `valgrind --tool=callgrind target/release/examples/profile_click click 300`
//! (the first argument is `click`, `key` or `drain`, the second how many steps, the
//! third how many items: 200 unless given). The session's trace is recorded as
//! `REHEARSE_TRACE` says (`off`, `on`, `retain-on-failure`; its default without
//! it); a fourth argument `untraced` takes the trace away altogether (no
//! observer), to measure what `off` costs against nothing.

use rehearse::engine::SinkHost;
use rehearse::prelude::*;
use rehearse_examples::todo::{TodoApp, ids};

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "click".into());
    let steps: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(3000);
    let items: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(200);
    let untraced = match args.next().as_deref() {
        None => false,
        Some("untraced") => true,
        Some(other) => panic!("unknown fourth argument {other:?}: use `untraced` or nothing"),
    };
    let mut session =
        Session::new(TodoApp::with_items(items), SessionOptions::default().viewport(120, 40));
    if untraced {
        session.commit_record_mut().take_observer();
    }
    let cycle: Vec<AutomationStep> = match mode.as_str() {
        "click" => vec![AutomationStep::click(Selector::id(ids::toggle(1)))],
        "key" => {
            session.step(AutomationStep::focus(Selector::id(ids::LIST))).expect("focusable");
            vec![AutomationStep::key(KeyCode::Down), AutomationStep::key(KeyCode::Up)]
        }
        // A step that changes nothing: what every step costs at least.
        "drain" => vec![AutomationStep::drain()],
        other => panic!("unknown mode {other:?}: use `click`, `key` or `drain`"),
    };
    // The first step focuses the list, which restyles every row.
    session.step(cycle[0].clone()).expect("the step runs");
    let start = std::time::Instant::now();
    for at in 0..steps {
        session.step(cycle[at as usize % cycle.len()].clone()).expect("the step runs");
    }
    eprintln!("{:?} per {mode} step", start.elapsed() / steps.max(1));
}
