//! `Status`: a one-line status bar.

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::ui::{Ui, View};
use crate::widgets::{theme, with_id};
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
    text: String,
    id: Option<String>,
}

impl Status {
    /// A status bar showing `text`.
    pub fn new(text: impl Into<String>) -> Self {
        Self { text: text.into(), id: None }
    }

    /// Sets the automation id.
    #[must_use]
    pub fn automation_id(mut self, id: impl Into<String>) -> Self {
        self.id = Some(id.into());
        self
    }
}

impl Semantic for Status {
    fn semantics(&self) -> SemanticFacts {
        let facts = SemanticFacts::new(SemanticRole::Status).label(self.text.as_str());
        with_id(facts, self.id.as_deref())
    }
}

impl<M: Send + 'static> View<M> for Status {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let line = Rect { height: area.height.min(1), ..area };
        ui.leaf_own(line, facts, |area, buf| {
            buf.set_style(area, theme::STATUS);
            Line::raw(format!(" {}", self.text)).render(area, buf);
        });
    }
}
