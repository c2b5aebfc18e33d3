//! `ProgressBar`: how far along something is.

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Gauge, Widget};

use crate::ui::{Ui, View};
use crate::widgets::{Common, common_builders, rounded_border, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{SemanticRole, Sensitivity};

/// A progress bar drawn with ratatui's [`Gauge`].
///
/// Publishes role `progress-bar`, its [`label`](Self::label) as its name,
/// and the ratio as a public percentage value (`"40%"`): progress bars are
/// one of the roles that derive a value. It has no actions.
///
/// Three rows or more with a label draw a bordered gauge titled by the
/// label; fewer draw `label` then the gauge on one row.
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::ProgressBar;
/// let facts = ProgressBar::new(0.4).label("Upload").semantics();
/// assert_eq!(facts.value.unwrap().text(), Some("40%"));
/// assert_eq!(facts.label.as_deref(), Some("Upload"));
/// ```
#[derive(Debug, Clone)]
pub struct ProgressBar {
    common: Common,
    ratio: f64,
}

impl ProgressBar {
    /// A bar at `ratio`, clamped to `0.0..=1.0` (NaN is 0).
    pub fn new(ratio: f64) -> Self {
        let ratio = if ratio.is_nan() { 0.0 } else { ratio.clamp(0.0, 1.0) };
        Self { common: Common::default(), ratio }
    }

    common_builders! {
        /// The bar's label: its accessible name, drawn beside or above it.
        label,
        /// Sets the automation id.
        automation_id,
    }

    /// The ratio, in `0.0..=1.0`.
    pub fn ratio(&self) -> f64 {
        self.ratio
    }

    /// The published value: the ratio as a whole percentage, `"40%"`.
    pub fn percent_text(&self) -> String {
        format!("{}%", (self.ratio * 100.0).round() as u8)
    }
}

impl Semantic for ProgressBar {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(SemanticRole::ProgressBar).value(self.percent_text(), Sensitivity::Public)
    }
}

impl<M: Send + 'static> View<M> for ProgressBar {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let percent = self.percent_text();
        let ratio = self.ratio;
        let label = self.common.label;
        ui.leaf_own(area, facts, |area, buf| {
            let gauge = Gauge::default()
                .ratio(ratio)
                .label(percent)
                .gauge_style(theme::ACCENT)
                .use_unicode(true);
            match label {
                Some(label) if area.height >= 3 => {
                    gauge.block(rounded_border(Some(&label), theme::NORMAL)).render(area, buf);
                }
                Some(label) => {
                    let width = u16::try_from(Line::raw(label.as_str()).width()).unwrap_or(0);
                    let [text, bar] =
                        Layout::horizontal([Constraint::Length(width + 1), Constraint::Fill(1)])
                            .areas(area);
                    Line::raw(label).render(text, buf);
                    gauge.render(bar, buf);
                }
                None => gauge.render(area, buf),
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::identity;

    #[test]
    fn a_bar_publishes_its_clamped_ratio_as_a_public_percentage() {
        let facts = ProgressBar::new(0.404).label("Upload").automation_id("up").semantics();
        assert_eq!(identity(&facts), (SemanticRole::ProgressBar, Some("Upload"), Some("up")));
        let value = facts.value.expect("a progress bar has a value");
        assert_eq!((value.text(), value.sensitivity()), (Some("40%"), Sensitivity::Public));
        assert_eq!((facts.states.enabled, facts.actions), (None, None));
        let text = |ratio: f64| ProgressBar::new(ratio).semantics().value.unwrap();
        assert_eq!(text(1.7).text(), Some("100%"));
        assert_eq!(text(-1.0).text(), Some("0%"));
        assert_eq!(text(f64::NAN).text(), Some("0%"));
    }
}
