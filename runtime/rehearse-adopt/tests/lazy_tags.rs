//! In production (no harness recording) a tag costs nothing but the call:
//! the closures that build facts, names and item lists never run, and the
//! widgets draw exactly as untagged ones.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{List, ListState, Paragraph, Widget};
use rehearse_adopt::{FrameExt, Tag, TagList};
use rehearse_core::semantic::{Semantic, SemanticFacts};

/// A widget whose facts must never be read outside a recording.
struct Loud;

impl Semantic for Loud {
    fn semantics(&self) -> SemanticFacts {
        unreachable!("a widget's own facts are read only while a harness records")
    }
}

impl Widget for Loud {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Paragraph::new("loud").render(area, buf);
    }
}

fn drawn(draw: impl FnOnce(&mut ratatui::Frame<'_>)) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(20, 4)).unwrap();
    terminal.draw(draw).unwrap();
    terminal.backend().buffer().clone()
}

#[test]
fn no_facts_are_built_and_the_frame_is_the_untagged_one() {
    let items = ["Milk", "Eggs"];
    let tagged = drawn(|frame| {
        let [top, middle, bottom] =
            ratatui::layout::Layout::vertical([1, 2, 1].map(ratatui::layout::Constraint::Length))
                .areas(frame.area());
        frame.scope(
            top,
            || unreachable!("a scope's facts"),
            |frame| {
                frame.render_widget(
                    Paragraph::new("status").tag(|| unreachable!("a tag's facts")),
                    top,
                );
            },
        );
        let mut state = ListState::default().with_selected(Some(1));
        let list = List::new(items).highlight_symbol("> ");
        frame.render_stateful_widget(
            list.tag_list(
                || unreachable!("a list's facts"),
                || -> [&str; 0] { unreachable!("a list's items") },
            ),
            middle,
            &mut state,
        );
        frame.render_widget(Loud.semantic(), bottom);
    });
    let plain = drawn(|frame| {
        let [top, middle, bottom] =
            ratatui::layout::Layout::vertical([1, 2, 1].map(ratatui::layout::Constraint::Length))
                .areas(frame.area());
        frame.render_widget(Paragraph::new("status"), top);
        let mut state = ListState::default().with_selected(Some(1));
        frame.render_stateful_widget(List::new(items).highlight_symbol("> "), middle, &mut state);
        frame.render_widget(Loud, bottom);
    });
    assert_eq!(tagged, plain);
}

#[test]
fn a_tagged_table_and_tabs_build_nothing_and_draw_as_untagged_ones() {
    use ratatui::widgets::{Row, Table, TableState, Tabs};
    use rehearse_adopt::{TagTable, TagTabs};
    let rows = [["Milk", "2"], ["Eggs", "12"]];
    let table = || Table::new(rows.map(Row::new), [4, 2]).header(Row::new(["Item", "Qty"]));
    let tabs = || Tabs::new(["Home", "Help"]).select(1);
    let tagged = drawn(|frame| {
        let [top, bottom] =
            ratatui::layout::Layout::vertical([1, 3].map(ratatui::layout::Constraint::Length))
                .areas(frame.area());
        let strip = tabs().tag_tabs(
            || unreachable!("the strip's facts"),
            || -> [&str; 0] { unreachable!("the titles") },
            Some(1),
        );
        frame.render_widget(strip, top);
        let mut state = TableState::default().with_selected(Some(1));
        let table = table()
            .tag_table(
                || unreachable!("a table's facts"),
                || -> [[&str; 0]; 0] { unreachable!("the rows") },
            )
            .header(|| -> [&str; 0] { unreachable!("the header") });
        frame.render_stateful_widget(table, bottom, &mut state);
    });
    let plain = drawn(|frame| {
        let [top, bottom] =
            ratatui::layout::Layout::vertical([1, 3].map(ratatui::layout::Constraint::Length))
                .areas(frame.area());
        frame.render_widget(tabs(), top);
        let mut state = TableState::default().with_selected(Some(1));
        frame.render_stateful_widget(table(), bottom, &mut state);
    });
    assert_eq!(tagged, plain);
}

#[test]
fn tagged_charts_build_no_summary_and_draw_as_untagged_ones() {
    use ratatui::widgets::{Bar, BarChart, BarGroup, Chart, Dataset, Sparkline};
    use rehearse_adopt::TagChart;
    let points = [(0.0, 1.0), (1.0, 3.0)];
    let line = || Chart::new(vec![Dataset::default().data(&points)]);
    let spark = || Sparkline::default().data([1, 4, 9]);
    let chart = || BarChart::default().data(BarGroup::new([Bar::new(3).label("Mon")]));
    let tagged = drawn(|frame| {
        let [top, bottom] =
            ratatui::layout::Layout::vertical([1, 3].map(ratatui::layout::Constraint::Length))
                .areas(frame.area());
        let tagged_spark = spark().tag_sparkline(
            || unreachable!("a sparkline's facts"),
            || -> [u64; 0] { unreachable!("its data") },
        );
        frame.render_widget(tagged_spark, top);
        let tagged_chart = chart().tag_bar_chart(
            || unreachable!("a chart's facts"),
            || -> [(&str, u64); 0] { unreachable!("its bars") },
        );
        frame.render_widget(tagged_chart, bottom);
        let tagged_line = line().tag_chart(
            || unreachable!("a chart's facts"),
            || -> [(&str, &[(f64, f64)]); 0] { unreachable!("its datasets") },
        );
        frame.render_widget(tagged_line, bottom);
    });
    let plain = drawn(|frame| {
        let [top, bottom] =
            ratatui::layout::Layout::vertical([1, 3].map(ratatui::layout::Constraint::Length))
                .areas(frame.area());
        frame.render_widget(spark(), top);
        frame.render_widget(chart(), bottom);
        frame.render_widget(line(), bottom);
    });
    assert_eq!(tagged, plain);
}

#[test]
fn a_tagged_calendar_builds_nothing_and_draws_as_an_untagged_one() {
    use ratatui::widgets::calendar::{CalendarEventStore, Monthly};
    use rehearse_adopt::TagCalendar;
    let date = time::Date::from_calendar_date(2026, time::Month::December, 3).expect("a date");
    let month = || Monthly::new(date, CalendarEventStore::default());
    let tagged = drawn(|frame| {
        let tagged = month().tag_calendar(|| unreachable!("a calendar's facts"), 2026, 12);
        frame.render_widget(tagged, frame.area());
    });
    let plain = drawn(|frame| frame.render_widget(month(), frame.area()));
    assert_eq!(tagged, plain);
}
