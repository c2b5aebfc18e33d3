//! `Status`: a one-line status bar.

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::ui::{Ui, View};
use crate::widgets::{Common, common_builders, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::SemanticRole;

/// A one-line status bar (reversed video across its width). Publishes role
/// `status` named by its text.
///
/// ```
/// use rehearse::prelude::*;
/// use rehearse::widgets::Status;
/// let facts = Status::new("3 items left").semantics();
/// assert_eq!(facts.role, SemanticRole::Status);
/// assert_eq!(facts.label.as_deref(), Some("3 items left"));
/// ```
#[derive(Debug, Clone)]
pub struct Status {
    common: Common,
}

impl Status {
    /// A status bar showing `text`.
    pub fn new(text: impl Into<String>) -> Self {
        Self { common: Common::default().labelled(text) }
    }

    common_builders! {
        /// Sets the automation id.
        automation_id,
    }
}

impl Semantic for Status {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(SemanticRole::Status)
    }
}

impl<M: Send + 'static> View<M> for Status {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let line = Rect { height: area.height.min(1), ..area };
        ui.leaf_own(line, facts, |area, buf| {
            buf.set_style(area, theme::STATUS);
            Line::raw(format!(" {}", self.common.label_text())).render(area, buf);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::identity;
    use rehearse_core::semantic::ReportedStates;

    #[test]
    fn a_status_bar_is_named_by_its_text_and_reports_no_states() {
        let facts = Status::new("3 items left").automation_id("count").semantics();
        assert_eq!(identity(&facts), (SemanticRole::Status, Some("3 items left"), Some("count")));
        assert_eq!(facts.states, ReportedStates::default());
        assert_eq!((facts.value, facts.actions), (None, None));
    }
}
