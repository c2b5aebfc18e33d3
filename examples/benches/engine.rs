//! Step latency on the todo example and projection cost by tree size.
//!
//! `cargo bench -p rehearse-examples` prints the figures recorded in
//! docs/performance.md.

use std::time::Duration;

use divan::{Bencher, black_box};
use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::{ScrollView, Text};
use rehearse_examples::todo::{TodoApp, ids};

fn main() {
    report_resident_memory();
    divan::main();
}

fn todo_session() -> Session<TodoApp> {
    Session::new(TodoApp::with_items(200), SessionOptions::default().viewport(120, 40))
}

/// One click step (move, down, up, drain to a fixed point, commit) on the
/// todo app at 120x40 holding 200 items.
#[divan::bench]
fn click_step(bencher: Bencher<'_, '_>) {
    let mut session = todo_session();
    let click = AutomationStep::click(Selector::id(ids::toggle(1)));
    bencher
        .bench_local(|| black_box(session.step(click.clone()).expect("the toggle is clickable")));
}

/// The same click with memoizing off: every row renders and projects again.
#[divan::bench]
fn click_step_without_memo(bencher: Bencher<'_, '_>) {
    let options = SessionOptions::default().viewport(120, 40).memoize(false);
    let mut session = Session::new(TodoApp::with_items(200), options);
    let click = AutomationStep::click(Selector::id(ids::toggle(1)));
    bencher
        .bench_local(|| black_box(session.step(click.clone()).expect("the toggle is clickable")));
}

/// One key press step (selection moves in the focused list) on the same app.
#[divan::bench]
fn key_step(bencher: Bencher<'_, '_>) {
    let mut session = todo_session();
    session.step(AutomationStep::focus(Selector::id(ids::LIST))).unwrap();
    let keys = [AutomationStep::key(KeyCode::Down), AutomationStep::key(KeyCode::Up)];
    let mut at = 0;
    bencher.bench_local(|| {
        at ^= 1;
        black_box(session.step(keys[at].clone()).expect("keys are accepted"))
    });
}

/// An app of `n` text nodes in a scroll view.
struct Wall(usize);

impl Component for Wall {
    type Message = ();
    fn update(&mut self, _: (), _: &mut Context<'_, Self>) {}
    fn view(&self, ui: &mut Ui<'_, ()>) {
        let rows = u16::try_from(self.0).unwrap_or(u16::MAX);
        ScrollView::new().automation_id("wall").show(ui, ui.area(), rows, |ui, content| {
            for row in 0..rows {
                let line = Rect::new(content.x, content.y + row, content.width, 1);
                ui.add(line, Text::new("node").no_wrap());
            }
        });
    }
}

/// Render, project and commit a tree of `n` nodes (a `drain` step).
#[divan::bench(args = [1_000, 5_000, 10_000])]
fn project_tree(bencher: Bencher<'_, '_>, n: usize) {
    let mut session = Session::new(Wall(n), SessionOptions::default().viewport(120, 40));
    bencher.counter(divan::counter::ItemsCount::new(n)).bench_local(|| {
        black_box(session.step(AutomationStep::drain()).expect("drains"));
    });
}

/// Serialize the committed tree of 5,000 nodes to JSON.
#[divan::bench]
fn tree_to_json_5000(bencher: Bencher<'_, '_>) {
    let session = Session::new(Wall(5_000), SessionOptions::default().viewport(120, 40));
    let tree = session.tree().clone();
    bencher.bench_local(|| black_box(tree.to_json()));
}

/// Rasterize and PNG-encode one 120x40 frame of the 200-item todo app.
#[divan::bench]
fn png_encode_120x40(bencher: Bencher<'_, '_>) {
    let session = todo_session();
    let screen = rehearse::artifacts::Screen::from_frame(session.frame());
    bencher.bench_local(|| black_box(rehearse::artifacts::png::encode(&screen)));
}

/// Prints how much resident memory one 200-item todo session adds.
fn report_resident_memory() {
    let before = resident_kib();
    let session = todo_session();
    let after = resident_kib();
    if let (Some(before), Some(after)) = (before, after) {
        println!(
            "one todo session (200 items, 120x40): {} KiB resident",
            after.saturating_sub(before)
        );
    }
    black_box(&session);
    std::thread::sleep(Duration::ZERO);
}

fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
