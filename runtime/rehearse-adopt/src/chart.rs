//! ratatui's `Sparkline`, `BarChart` and `Chart`: one node named by the app, whose
//! value summarises the data drawn, so a test can assert what a chart
//! shows without reading its cells.
//!
//! ratatui 0.30 keeps both widgets' data private, so the app hands the tag
//! the data it gave the widget (lazily, like every fact). The summary is a
//! public value in a fixed form: a sparkline's `"5 values: min 1, max 9,
//! last 4"`, a bar chart's bars in order, `"Mon 3, Tue 5, Wed 2"`, a chart's
//! datasets in order, `"Load: 12 points, x 0..11, y 1..9.5"`.

use std::fmt::Write as _;

use ratatui::widgets::Widget;
use rehearse_core::semantic::SemanticFacts;
use rehearse_lang::Sensitivity;

use crate::tag::{Tag, Tagged};

/// A sparkline's summary: how many values, the least, the greatest and
/// the last; `"no values"` when there are none.
pub fn sparkline_summary(data: impl IntoIterator<Item = u64>) -> String {
    let mut values = data.into_iter();
    let Some(first) = values.next() else { return "no values".to_owned() };
    let (mut count, mut min, mut max, mut last) = (1_usize, first, first, first);
    for value in values {
        (count, min, max, last) = (count + 1, min.min(value), max.max(value), value);
    }
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} value{plural}: min {min}, max {max}, last {last}")
}

/// A bar chart's summary: each bar's label and value, in order; `"no
/// bars"` when there are none.
pub fn bar_chart_summary<L: AsRef<str>>(bars: impl IntoIterator<Item = (L, u64)>) -> String {
    let mut summary = String::new();
    for (label, value) in bars {
        let separator = if summary.is_empty() { "" } else { ", " };
        let _ = write!(summary, "{separator}{} {value}", label.as_ref());
    }
    if summary.is_empty() { "no bars".to_owned() } else { summary }
}

/// A chart's summary: each dataset's name, how many points it has and
/// the range of its x and y values, datasets separated by `; `; `"no
/// data"` when there are none.
pub fn chart_summary<'d, N: AsRef<str>>(
    datasets: impl IntoIterator<Item = (N, &'d [(f64, f64)])>,
) -> String {
    let mut summary = String::new();
    for (name, points) in datasets {
        let separator = if summary.is_empty() { "" } else { "; " };
        let _ = write!(summary, "{separator}{}: ", name.as_ref());
        let Some(&(x, y)) = points.first() else {
            summary.push_str("no points");
            continue;
        };
        let (mut x_range, mut y_range) = ((x, x), (y, y));
        for &(x, y) in &points[1..] {
            x_range = (x_range.0.min(x), x_range.1.max(x));
            y_range = (y_range.0.min(y), y_range.1.max(y));
        }
        let plural = if points.len() == 1 { "" } else { "s" };
        let _ = write!(
            summary,
            "{} point{plural}, x {}..{}, y {}..{}",
            points.len(),
            x_range.0,
            x_range.1,
            y_range.0,
            y_range.1
        );
    }
    if summary.is_empty() { "no data".to_owned() } else { summary }
}

/// Tags a chart widget with its meaning and a summary of its data as its
/// value: see [`sparkline_summary`], [`bar_chart_summary`] and
/// [`chart_summary`] for the forms.
///
/// ```
/// use ratatui::widgets::{Bar, BarChart, BarGroup, Sparkline};
/// use rehearse_adopt::TagChart;
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::SemanticRole;
///
/// let load = [1, 4, 9, 2, 4];
/// let spark = Sparkline::default().data(load).tag_sparkline(
///     || SemanticFacts::new(SemanticRole::Image).automation_id("load").label("Load"),
///     || load,
/// );
/// let week = [("Mon", 3), ("Tue", 5)];
/// let bars = week.map(|(day, value)| Bar::new(value).label(day));
/// let chart = BarChart::default().data(BarGroup::new(bars)).tag_bar_chart(
///     || SemanticFacts::new(SemanticRole::Image).automation_id("week").label("Week"),
///     || week,
/// );
/// # let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(20, 6)).unwrap();
/// # terminal.draw(|frame| {
/// #     frame.render_widget(spark, frame.area());
/// #     frame.render_widget(chart, frame.area());
/// # }).unwrap();
/// ```
pub trait TagChart: Widget + Sized {
    /// This sparkline with the facts `facts` builds and, as its value, the
    /// [summary](sparkline_summary) of what `data` returns — the values
    /// given to `Sparkline::data` — built only while a harness records.
    fn tag_sparkline<F, D, I>(
        self,
        facts: F,
        data: D,
    ) -> Tagged<Self, impl FnOnce() -> SemanticFacts>
    where
        F: FnOnce() -> SemanticFacts,
        D: FnOnce() -> I,
        I: IntoIterator<Item = u64>,
    {
        self.tag(move || facts().value(sparkline_summary(data()), Sensitivity::Public))
    }

    /// This bar chart with the facts `facts` builds and, as its value, the
    /// [summary](bar_chart_summary) of what `bars` returns — each bar's
    /// label and value, as given to the chart — built only while a
    /// harness records.
    fn tag_bar_chart<F, B, I, L>(
        self,
        facts: F,
        bars: B,
    ) -> Tagged<Self, impl FnOnce() -> SemanticFacts>
    where
        F: FnOnce() -> SemanticFacts,
        B: FnOnce() -> I,
        I: IntoIterator<Item = (L, u64)>,
        L: AsRef<str>,
    {
        self.tag(move || facts().value(bar_chart_summary(bars()), Sensitivity::Public))
    }

    /// This chart with the facts `facts` builds and, as its value, the
    /// [summary](chart_summary) of what `datasets` returns — each
    /// dataset's name and the points given to `Dataset::data` — built only
    /// while a harness records.
    fn tag_chart<'d, F, S, I, N>(
        self,
        facts: F,
        datasets: S,
    ) -> Tagged<Self, impl FnOnce() -> SemanticFacts>
    where
        F: FnOnce() -> SemanticFacts,
        S: FnOnce() -> I,
        I: IntoIterator<Item = (N, &'d [(f64, f64)])>,
        N: AsRef<str>,
    {
        self.tag(move || facts().value(chart_summary(datasets()), Sensitivity::Public))
    }
}

impl<W: Widget> TagChart for W {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sparkline_is_summarised_by_its_count_extremes_and_last_value() {
        assert_eq!(sparkline_summary([1, 4, 9, 2, 4]), "5 values: min 1, max 9, last 4");
        assert_eq!(sparkline_summary([7]), "1 value: min 7, max 7, last 7");
        assert_eq!(sparkline_summary([]), "no values");
    }

    #[test]
    fn a_chart_is_summarised_by_each_datasets_points_and_ranges() {
        let load = [(0.0, 1.0), (5.0, 9.5), (11.0, 4.0)];
        let spike = [(3.0, 2.0)];
        let summary = chart_summary([("Load", &load[..]), ("Spike", &spike[..]), ("None", &[])]);
        assert_eq!(
            summary,
            "Load: 3 points, x 0..11, y 1..9.5; Spike: 1 point, x 3..3, y 2..2; None: no points"
        );
        assert_eq!(chart_summary::<&str>([]), "no data");
    }

    #[test]
    fn a_bar_chart_is_summarised_by_its_bars_in_order() {
        assert_eq!(bar_chart_summary([("Mon", 3), ("Tue", 5)]), "Mon 3, Tue 5");
        assert_eq!(bar_chart_summary([(String::from("Q1"), 0)]), "Q1 0");
        assert_eq!(bar_chart_summary::<&str>([]), "no bars");
    }
}
