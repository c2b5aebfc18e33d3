//! What tagging costs an adopted app: a tag that no harness records (the
//! production path) against the same widget untagged, and one key step of
//! the adopted shopping list under the harness.
//!
//! `cargo bench -p rehearse-examples --bench adopt` prints the figures
//! recorded in docs/performance.md.

use divan::{Bencher, black_box};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use rehearse::adopt::{Harness, HarnessOptions, Tag};
use rehearse::prelude::*;
use rehearse_examples::shopping::App;

fn main() {
    divan::main();
}

/// A widget that costs next to nothing: one cell.
#[derive(Clone, Copy)]
struct Dot;

impl Widget for Dot {
    fn render(self, area: Rect, buf: &mut Buffer) {
        buf[(area.x, area.y)].set_symbol("•");
    }
}

const TAGS: u16 = 100;

/// 100 untagged one-cell widgets: the baseline.
#[divan::bench]
fn untagged_100(bencher: Bencher<'_, '_>) {
    let mut buffer = Buffer::empty(Rect::new(0, 0, TAGS, 1));
    bencher.bench_local(|| {
        for x in 0..TAGS {
            black_box(Dot).render(Rect::new(x, 0, 1, 1), &mut buffer);
        }
    });
}

/// The same 100 widgets, each tagged with facts that format a name and a
/// value — never built, since no harness records on this thread.
#[divan::bench]
fn tagged_100_not_recording(bencher: Bencher<'_, '_>) {
    let mut buffer = Buffer::empty(Rect::new(0, 0, TAGS, 1));
    bencher.bench_local(|| {
        for x in 0..TAGS {
            let tagged = black_box(Dot).tag(|| {
                SemanticFacts::new(SemanticRole::ListItem)
                    .automation_id(format!("item-{x}"))
                    .label(format!("Item {x}"))
                    .value(format!("{x}"), Sensitivity::Public)
            });
            tagged.render(Rect::new(x, 0, 1, 1), &mut buffer);
        }
    });
}

/// One `key:down` step on the adopted shopping list under the harness:
/// the event through the shim, the app's own draw with its tags recorded,
/// the settle on the shim, projection and commit.
#[divan::bench]
fn harness_key_step(bencher: Bencher<'_, '_>) {
    let options = HarnessOptions::default().viewport(80, 24);
    let mut harness =
        Harness::start(options, |terminal, events| App::default().run(terminal, events))
            .expect("the app starts");
    harness.step(AutomationStep::key(KeyCode::Tab)).expect("focuses the list");
    let keys = [AutomationStep::key(KeyCode::Down), AutomationStep::key(KeyCode::Up)];
    let mut at = 0;
    bencher.bench_local(|| {
        at ^= 1;
        black_box(harness.step(keys[at].clone()).expect("keys are accepted"))
    });
}
