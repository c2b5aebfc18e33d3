//! `Text` and `Heading`: static text.

use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::widgets::{Paragraph, Wrap};

use crate::ui::{Ui, View};
use crate::widgets::{Common, common_builders, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::SemanticRole;

/// Static text; its content is its accessible name.
///
/// ```
/// use rehearse::widgets::Text;
/// use rehearse::prelude::*;
/// let facts = Text::new("3 items left").automation_id("count").semantics();
/// assert_eq!(facts.role, SemanticRole::Text);
/// assert_eq!(facts.label.as_deref(), Some("3 items left"));
/// ```
#[derive(Debug, Clone)]
pub struct Text {
    /// The content is the label.
    common: Common,
    role: SemanticRole,
    style: Style,
    alignment: Alignment,
    wrap: bool,
}

impl Text {
    /// Text with the given content.
    pub fn new(content: impl Into<String>) -> Self {
        Self {
            common: Common::default().labelled(content),
            role: SemanticRole::Text,
            style: theme::NORMAL,
            alignment: Alignment::Left,
            wrap: true,
        }
    }

    /// Sets the style.
    #[must_use]
    pub fn style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }

    /// Sets the alignment.
    #[must_use]
    pub fn alignment(mut self, alignment: Alignment) -> Self {
        self.alignment = alignment;
        self
    }

    /// Truncates instead of wrapping.
    #[must_use]
    pub fn no_wrap(mut self) -> Self {
        self.wrap = false;
        self
    }

    common_builders! {
        /// Sets the automation id.
        automation_id,
    }

    /// Publishes the text with another role (`status`, `alert`, ...).
    #[must_use]
    pub fn role(mut self, role: SemanticRole) -> Self {
        self.role = role;
        self
    }
}

impl Semantic for Text {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(self.role)
    }
}

impl<M: Send + 'static> View<M> for Text {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let mut paragraph = Paragraph::new(self.common.label.unwrap_or_default())
            .style(self.style)
            .alignment(self.alignment);
        if self.wrap {
            paragraph = paragraph.wrap(Wrap { trim: false });
        }
        ui.leaf_own(area, facts, |area, buf| {
            ratatui::widgets::Widget::render(paragraph, area, buf)
        });
    }
}

/// A heading: bold text with the `heading` role.
#[derive(Debug, Clone)]
pub struct Heading(Text);

impl Heading {
    /// A heading with the given content.
    pub fn new(content: impl Into<String>) -> Self {
        Self(Text::new(content).role(SemanticRole::Heading).style(theme::HEADING))
    }

    /// Sets the automation id.
    #[must_use]
    pub fn automation_id(self, id: impl Into<String>) -> Self {
        Self(self.0.automation_id(id))
    }

    /// Sets the alignment.
    #[must_use]
    pub fn alignment(self, alignment: Alignment) -> Self {
        Self(self.0.alignment(alignment))
    }
}

impl Semantic for Heading {
    fn semantics(&self) -> SemanticFacts {
        self.0.semantics()
    }
}

impl<M: Send + 'static> View<M> for Heading {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        self.0.show(area, ui);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::identity;

    #[test]
    fn text_is_named_by_its_content_under_the_role_it_is_given() {
        let facts = Text::new("Saved").automation_id("saved").semantics();
        assert_eq!(identity(&facts), (SemanticRole::Text, Some("Saved"), Some("saved")));
        assert_eq!((facts.states.enabled, facts.value), (None, None));
        assert_eq!(
            Text::new("Oops").role(SemanticRole::Alert).semantics().role,
            SemanticRole::Alert
        );
    }

    #[test]
    fn a_heading_is_text_with_the_heading_role() {
        let facts = Heading::new("Todos").automation_id("title").semantics();
        assert_eq!(identity(&facts), (SemanticRole::Heading, Some("Todos"), Some("title")));
    }
}
