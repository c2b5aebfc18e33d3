//! Plain ratatui `Sparkline`, `BarChart` and `Chart`, tagged: each publishes one
//! node named by the app whose value summarises the data it drew, and the
//! summary follows the data as the app changes it.

use std::io;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode};
use ratatui::layout::{Constraint, Layout};
use ratatui::widgets::{Axis, Bar, BarChart, BarGroup, Chart, Dataset, Sparkline};
use rehearse_adopt::{EventSource, Harness, HarnessOptions, TagChart};
use rehearse_core::semantic::SemanticFacts;
use rehearse_lang::{AutomationStep, SemanticRole};

/// A load sparkline, a week of visits as bars and a temperature chart:
/// `n` adds a sample to the load.
fn dashboard<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    events: &mut impl EventSource,
) -> io::Result<()> {
    let mut load = vec![1_u64, 4, 9, 2];
    let week = [("Mon", 3_u64), ("Tue", 5), ("Wed", 2)];
    let temperature = [(0.0, 11.5), (6.0, 9.0), (12.0, 17.0)];
    loop {
        terminal.draw(|frame| {
            let [top, bottom, last] = Layout::vertical([
                Constraint::Length(2),
                Constraint::Length(3),
                Constraint::Fill(1),
            ])
            .areas(frame.area());
            let spark = Sparkline::default().data(&load).tag_sparkline(
                || SemanticFacts::new(SemanticRole::Image).automation_id("load").label("Load"),
                || load.iter().copied(),
            );
            frame.render_widget(spark, top);
            let bars = week.map(|(day, visits)| Bar::new(visits).label(day));
            let chart = BarChart::default().bar_width(3).data(BarGroup::new(bars)).tag_bar_chart(
                || SemanticFacts::new(SemanticRole::Image).automation_id("visits").label("Visits"),
                || week,
            );
            frame.render_widget(chart, bottom);
            let dataset = Dataset::default().name("Temp").data(&temperature);
            let axes = (Axis::default().bounds([0.0, 12.0]), Axis::default().bounds([0.0, 20.0]));
            let chart = Chart::new(vec![dataset]).x_axis(axes.0).y_axis(axes.1).tag_chart(
                || SemanticFacts::new(SemanticRole::Image).automation_id("temp").label("Temp"),
                || [("Temp", &temperature[..])],
            );
            frame.render_widget(chart, last);
        })?;
        if let Event::Key(key) = events.read()? {
            match key.code {
                KeyCode::Char('n') => load.push(7),
                KeyCode::Esc => return Ok(()),
                _ => {}
            }
        }
    }
}

fn value(harness: &Harness, id: &str) -> String {
    let node = harness.tree().by_id(id).expect("the chart");
    assert_eq!(node.role, SemanticRole::Image);
    node.value.as_ref().and_then(|value| value.text()).expect("a public value").to_owned()
}

#[test]
fn a_sparkline_a_bar_chart_and_a_chart_publish_a_summary_of_their_data() {
    let options = HarnessOptions::default().viewport(20, 8);
    let mut harness = Harness::start(options, dashboard).expect("starts");
    assert_eq!(value(&harness, "load"), "4 values: min 1, max 9, last 2");
    assert_eq!(value(&harness, "visits"), "Mon 3, Tue 5, Wed 2");
    assert_eq!(value(&harness, "temp"), "Temp: 3 points, x 0..12, y 9..17");
    let load = harness.tree().by_id("load").expect("the sparkline");
    assert_eq!(load.name, "Load", "named by the app, never by the bars it drew");
    harness.step(AutomationStep::key(rehearse_lang::KeyCode::Char('n'))).expect("adds a sample");
    assert_eq!(value(&harness, "load"), "5 values: min 1, max 9, last 7");
}
