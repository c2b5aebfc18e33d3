//! `Semantics`: semantics for a ratatui widget you do not own.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::semantic::{IntoSemanticText, Semantic, SemanticFacts};
use rehearse_lang::{ActionSet, Checked, SemanticRole, Sensitivity};

/// Wraps any ratatui widget with semantic facts; it renders exactly as the
/// wrapped widget does.
///
/// The role starts from the widget-type map ([`mapped_role`]): a
/// `Paragraph` is `text`, a `List` is `list`, a `Gauge` is `progress-bar`,
/// and anything else is `generic`. An explicit [`role`](Self::role) wins.
///
/// ```
/// use rehearse::prelude::*;
/// use ratatui::widgets::{Gauge, Paragraph};
///
/// let title = Semantics::new(Paragraph::new("Todos")).role(SemanticRole::Heading).name("Todos");
/// assert_eq!(title.semantics().role, SemanticRole::Heading);
/// assert_eq!(Semantics::new(Gauge::default()).semantics().role, SemanticRole::ProgressBar);
/// ```
#[derive(Debug, Clone)]
pub struct Semantics<W> {
    widget: W,
    facts: SemanticFacts,
}

impl<W: Widget> Semantics<W> {
    /// Wraps `widget`, with the role its type maps to.
    pub fn new(widget: W) -> Self {
        Self { widget, facts: SemanticFacts::new(mapped_role::<W>()) }
    }

    /// Sets the role.
    #[must_use]
    pub fn role(mut self, role: SemanticRole) -> Self {
        self.facts.role = role;
        self
    }

    /// Sets an explicit accessible name.
    #[must_use]
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.facts = self.facts.name(name);
        self
    }

    /// Sets the widget's own label.
    #[must_use]
    pub fn label(mut self, label: impl IntoSemanticText) -> Self {
        self.facts = self.facts.label(label);
        self
    }

    /// Publishes a value.
    #[must_use]
    pub fn value(mut self, value: impl IntoSemanticText, sensitivity: Sensitivity) -> Self {
        self.facts = self.facts.value(value, sensitivity);
        self
    }

    /// Sets the automation id.
    #[must_use]
    pub fn automation_id(mut self, id: impl Into<String>) -> Self {
        self.facts = self.facts.automation_id(id);
        self
    }

    /// Replaces the supported actions.
    #[must_use]
    pub fn actions(mut self, actions: ActionSet) -> Self {
        self.facts = self.facts.actions(actions);
        self
    }

    /// Reports the enabled state.
    #[must_use]
    pub fn enabled(mut self, enabled: bool) -> Self {
        self.facts = self.facts.enabled(enabled);
        self
    }

    /// Reports the selected state.
    #[must_use]
    pub fn selected(mut self, selected: bool) -> Self {
        self.facts = self.facts.selected(selected);
        self
    }

    /// Reports the expanded state.
    #[must_use]
    pub fn expanded(mut self, expanded: bool) -> Self {
        self.facts = self.facts.expanded(expanded);
        self
    }

    /// Reports the checked state.
    #[must_use]
    pub fn checked(mut self, checked: impl Into<Checked>) -> Self {
        self.facts = self.facts.checked(checked);
        self
    }

    /// The wrapped widget.
    pub fn inner(&self) -> &W {
        &self.widget
    }
}

impl<W: Widget> Widget for Semantics<W> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.widget.render(area, buf);
    }
}

impl<W> Semantic for Semantics<W> {
    fn semantics(&self) -> SemanticFacts {
        self.facts.clone()
    }
}

/// The role a ratatui widget type maps to (level 2 of the role rules:
/// explicit annotation, then this map, then `generic`).
///
/// | widget | role |
/// |---|---|
/// | `Paragraph` | text |
/// | `Block` | group |
/// | `List` | list |
/// | `Table` | table |
/// | `Tabs` | tab-list |
/// | `Gauge`, `LineGauge` | progress-bar |
/// | `Scrollbar` | scroll-view |
/// | `Sparkline`, `BarChart`, `Chart`, `Canvas` | image |
/// | anything else | generic |
pub fn mapped_role<W>() -> SemanticRole {
    // The type's path without generic arguments, e.g.
    // `ratatui_widgets::paragraph::Paragraph`.
    let full = std::any::type_name::<W>();
    let path = full.split('<').next().unwrap_or(full);
    if !path.starts_with("ratatui") {
        return SemanticRole::Generic;
    }
    match path.rsplit("::").next().unwrap_or(path) {
        "Paragraph" => SemanticRole::Text,
        "Block" => SemanticRole::Group,
        "List" => SemanticRole::List,
        "Table" => SemanticRole::Table,
        "Tabs" => SemanticRole::TabList,
        "Gauge" | "LineGauge" => SemanticRole::ProgressBar,
        "Scrollbar" => SemanticRole::ScrollView,
        "Sparkline" | "BarChart" | "Chart" | "Canvas" => SemanticRole::Image,
        _ => SemanticRole::Generic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::widgets::{
        Block, Clear, Gauge, LineGauge, List, Paragraph, Scrollbar, Table, Tabs,
    };

    #[test]
    fn ratatui_widgets_map_to_roles() {
        assert_eq!(mapped_role::<Paragraph<'static>>(), SemanticRole::Text);
        assert_eq!(mapped_role::<Block<'static>>(), SemanticRole::Group);
        assert_eq!(mapped_role::<List<'static>>(), SemanticRole::List);
        assert_eq!(mapped_role::<Table<'static>>(), SemanticRole::Table);
        assert_eq!(mapped_role::<Tabs<'static>>(), SemanticRole::TabList);
        assert_eq!(mapped_role::<Gauge<'static>>(), SemanticRole::ProgressBar);
        assert_eq!(mapped_role::<LineGauge<'static>>(), SemanticRole::ProgressBar);
        assert_eq!(mapped_role::<Scrollbar<'static>>(), SemanticRole::ScrollView);
        assert_eq!(mapped_role::<Clear>(), SemanticRole::Generic);
        assert_eq!(mapped_role::<String>(), SemanticRole::Generic);
    }

    #[test]
    fn explicit_role_wins_and_rendering_is_the_inner_widget() {
        let wrapped = Semantics::new(Paragraph::new("Todos"))
            .role(SemanticRole::Heading)
            .automation_id("title");
        assert_eq!(wrapped.semantics().role, SemanticRole::Heading);
        assert_eq!(wrapped.semantics().automation_id.as_deref(), Some("title"));
        let area = Rect::new(0, 0, 8, 1);
        let mut ours = Buffer::empty(area);
        let mut theirs = Buffer::empty(area);
        wrapped.render(area, &mut ours);
        Paragraph::new("Todos").render(area, &mut theirs);
        assert_eq!(ours, theirs);
    }
}
