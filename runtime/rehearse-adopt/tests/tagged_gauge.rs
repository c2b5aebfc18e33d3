//! Plain ratatui `Gauge` and `LineGauge`, built through `Semantics::gauge`
//! and `Semantics::line_gauge` (which set the ratio once) and rendered with
//! `.semantic()`: each publishes a `progress-bar` whose value is the ratio
//! as a whole percentage, as the engine's `ProgressBar` does.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::{Constraint, Layout};
use ratatui::widgets::Block;
use rehearse_adopt::{EventSource, Harness, HarnessOptions, Tag};
use rehearse_core::semantic::Semantics;
use rehearse_lang::{AutomationStep, SemanticRole};

/// An upload at a tenth more per Right, a disk use line gauge at 0.255.
fn progress<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> io::Result<()> {
    let mut tenths = 4_u8;
    loop {
        terminal.draw(|frame| {
            let [upload, disk] = Layout::vertical([Constraint::Length(3), Constraint::Length(1)])
                .areas(frame.area());
            let ratio = f64::from(tenths) / 10.0;
            let gauge = Semantics::gauge(ratio, |gauge| gauge.block(Block::bordered()))
                .label("Upload")
                .automation_id("upload");
            frame.render_widget(gauge.semantic(), upload);
            let line = Semantics::line_gauge(0.255, |gauge| gauge).label("Disk");
            frame.render_widget(line.semantic(), disk);
        })?;
        if let Event::Key(key) = events.read()? {
            match key.code {
                KeyCode::Right => tenths = (tenths + 1).min(10),
                KeyCode::Esc => return Ok(()),
                _ => {}
            }
        }
    }
}

fn value(harness: &Harness, name: &str) -> String {
    let node = harness.tree().nodes().find(|node| node.name == name).expect("the gauge");
    assert_eq!(node.role, SemanticRole::ProgressBar);
    node.value.as_ref().and_then(|value| value.text()).expect("a public value").to_owned()
}

#[test]
fn a_gauge_and_a_line_gauge_publish_their_ratio_as_a_percentage() {
    let options = HarnessOptions::default().viewport(20, 4);
    let mut harness = Harness::start(options, progress).expect("starts");
    assert_eq!(value(&harness, "Upload"), "40%");
    assert_eq!(value(&harness, "Disk"), "26%", "rounded to a whole percentage");
    harness.step(AutomationStep::key(rehearse_lang::KeyCode::Right)).expect("moves on");
    assert_eq!(value(&harness, "Upload"), "50%");
    // The percentage ratatui draws is the published one.
    let drawn: String = (0..20).map(|col| harness.frame().buffer[(col, 1)].symbol()).collect();
    assert!(drawn.contains("50%"), "{drawn}");
}
