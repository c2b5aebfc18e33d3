//! Wrapped ratatui gauges that publish their ratio: ratatui keeps a gauge's
//! ratio private, so the wrapper takes it once and builds both the gauge and
//! its value from it.

use ratatui::widgets::{Gauge, LineGauge};

use crate::semantic::Semantics;
use rehearse_lang::Sensitivity;

/// `ratio` clamped to `0.0..=1.0` (NaN is 0), which is what ratatui's gauges
/// accept (they panic outside it).
fn clamped(ratio: f64) -> f64 {
    if ratio.is_nan() { 0.0 } else { ratio.clamp(0.0, 1.0) }
}

/// The value a progress bar publishes: the ratio as a whole percentage,
/// `"40%"`, as the built-in `ProgressBar` does.
fn percent(ratio: f64) -> String {
    format!("{}%", (ratio * 100.0).round() as u8)
}

impl<'a> Semantics<Gauge<'a>> {
    /// A ratatui [`Gauge`] at `ratio` (clamped to `0.0..=1.0`, NaN is 0),
    /// styled by `style`, that publishes the ratio as its public value
    /// (`"40%"`) with the role `progress-bar`. `style` receives a gauge
    /// whose ratio is already set; setting another ratio there would make
    /// the drawing and the value disagree, so set everything but the ratio.
    ///
    /// ```
    /// use rehearse::prelude::*;
    /// use ratatui::widgets::{Block, Gauge};
    ///
    /// let upload = Semantics::gauge(0.4, |gauge| gauge.block(Block::bordered()))
    ///     .label("Upload");
    /// let facts = upload.semantics();
    /// assert_eq!(facts.role, SemanticRole::ProgressBar);
    /// assert_eq!(facts.value.unwrap().text(), Some("40%"));
    /// ```
    pub fn gauge(ratio: f64, style: impl FnOnce(Gauge<'a>) -> Gauge<'a>) -> Self {
        let ratio = clamped(ratio);
        Semantics::new(style(Gauge::default().ratio(ratio)))
            .value(percent(ratio), Sensitivity::Public)
    }
}

impl<'a> Semantics<LineGauge<'a>> {
    /// A ratatui [`LineGauge`] at `ratio`, like [`Semantics::gauge`]: the
    /// ratio is set once and published as the value (`"40%"`).
    ///
    /// ```
    /// use rehearse::prelude::*;
    /// use ratatui::widgets::LineGauge;
    ///
    /// let line = Semantics::line_gauge(1.5, |gauge| gauge);
    /// assert_eq!(line.semantics().value.unwrap().text(), Some("100%"));
    /// ```
    pub fn line_gauge(ratio: f64, style: impl FnOnce(LineGauge<'a>) -> LineGauge<'a>) -> Self {
        let ratio = clamped(ratio);
        Semantics::new(style(LineGauge::default().ratio(ratio)))
            .value(percent(ratio), Sensitivity::Public)
    }
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    use super::*;
    use crate::semantic::Semantic;
    use rehearse_lang::SemanticRole;

    #[test]
    fn the_value_and_the_drawing_come_from_one_ratio() {
        let wrapped = Semantics::gauge(0.25, |gauge| gauge);
        let facts = wrapped.semantics();
        assert_eq!(facts.role, SemanticRole::ProgressBar);
        assert_eq!(facts.value.as_ref().and_then(|value| value.text()), Some("25%"));
        let area = Rect::new(0, 0, 8, 1);
        let (mut ours, mut theirs) = (Buffer::empty(area), Buffer::empty(area));
        wrapped.render(area, &mut ours);
        Gauge::default().ratio(0.25).render(area, &mut theirs);
        assert_eq!(ours, theirs);
        for (ratio, text) in [(f64::NAN, "0%"), (-1.0, "0%"), (2.0, "100%")] {
            let facts = Semantics::line_gauge(ratio, |gauge| gauge).semantics();
            assert_eq!(facts.value.as_ref().and_then(|value| value.text()), Some(text));
        }
    }
}
