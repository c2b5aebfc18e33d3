//! `Tabs`: a strip of tabs, one selected.

use std::rc::Rc;

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::ui::{Ui, View};
use crate::widgets::choices::{Choices, select_by_keys};
use crate::widgets::{Common, common_builders, interaction_style, left_click, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{KeyCode, SemanticRole};

/// A one-row strip of tabs: ` Inbox │ Sent │ Drafts `.
///
/// Records a `tab-list` node (named by its [`label`](Self::label)) with one
/// `tab` child per title, named by the title, `selected` true on the
/// selected tab and false on the others. The strip is focusable:
/// Left/Right (and Home/End) move the selection and send `on_select`.
/// Clicking a tab sends `on_select` with its index. Tabs that do not fit
/// stay in the tree, clipped to zero area.
///
/// Tabs get automation ids from [`tab_ids`](Self::tab_ids), in title order.
///
/// ```
/// use rehearse::widgets::Tabs;
/// enum Msg { Tab(usize) }
/// let tabs = Tabs::new(["Inbox", "Sent"]).selected(0).tab_ids(["inbox", "sent"]).on_select(Msg::Tab);
/// # let _ = tabs;
/// ```
pub struct Tabs<M> {
    common: Common,
    tabs: Choices<M>,
}

impl<M> Tabs<M> {
    /// A strip of tabs with these titles, the first selected.
    pub fn new(titles: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Self { common: Common::switchable(), tabs: Choices::new(titles, Some(0)) }
    }

    /// The selected tab's index (`None` for none).
    #[must_use]
    pub fn selected(mut self, selected: impl Into<Option<usize>>) -> Self {
        self.tabs.selected = selected.into();
        self
    }

    common_builders! {
        /// The strip's label: its accessible name (not drawn).
        label,
        /// Sets the strip's automation id.
        automation_id,
    }

    /// Automation ids for the tabs, in title order. Tabs past the end of
    /// the list get none.
    #[must_use]
    pub fn tab_ids(mut self, ids: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.tabs.ids = ids.into_iter().map(Into::into).collect();
        self
    }

    common_builders! {
        /// Enables or disables the strip.
        enabled,
    }

    /// The message a selection sends, given the tab's index. Without it
    /// the tabs publish no Click action.
    #[must_use]
    pub fn on_select(mut self, message: impl Fn(usize) -> M + 'static) -> Self {
        self.tabs.on_select = Some(Box::new(message));
        self
    }
}

impl<M> Semantic for Tabs<M> {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(SemanticRole::TabList)
    }
}

impl<M: Send + 'static> View<M> for Tabs<M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let enabled = self.common.is_enabled();
        let selected = self.tabs.selection();
        let tabs = self.tabs.all_facts(SemanticRole::Tab, SemanticFacts::selected);
        let on_select: Option<Rc<dyn Fn(usize) -> M>> = self.tabs.on_select.map(Rc::from);
        let titles = self.tabs.titles;
        let strip = ui.node(area, facts, |ui, strip| {
            let strip_focused = ui.is_focused(strip);
            let mut x = area.x;
            for ((at, title), facts) in titles.iter().enumerate().zip(tabs) {
                if at > 0 {
                    let divider = Rect::new(x, area.y, 1, area.height.min(1));
                    ui.draw_own(divider.intersection(area), |area, buf| {
                        Line::styled("│", theme::NORMAL).render(area, buf);
                    });
                    x = x.saturating_add(1);
                }
                let text = format!(" {title} ");
                let width = u16::try_from(Line::raw(text.as_str()).width()).unwrap_or(u16::MAX);
                let tab = Rect::new(x, area.y, width, area.height.min(1));
                x = x.saturating_add(width);
                let node = ui.node(tab, facts, |ui, node| {
                    let style = if !enabled {
                        theme::DISABLED
                    } else if selected == Some(at) && strip_focused {
                        theme::FOCUSED.patch(theme::SELECTED)
                    } else if selected == Some(at) {
                        theme::ACCENT.patch(theme::SELECTED)
                    } else {
                        interaction_style(ui, node, enabled)
                    };
                    ui.draw_own(tab.intersection(area), |area, buf| {
                        Line::styled(text, style).render(area, buf);
                    });
                });
                if let (true, Some(on_select)) = (enabled, &on_select) {
                    let on_select = on_select.clone();
                    ui.on_event(node, left_click(move || on_select(at)));
                }
            }
        });
        if !enabled {
            return;
        }
        ui.make_focusable(strip);
        if let Some(on_select) = on_select {
            const AXES: &[(KeyCode, KeyCode)] = &[(KeyCode::Left, KeyCode::Right)];
            ui.on_event(strip, select_by_keys(on_select, selected, titles.len(), AXES));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::{node, session};
    use rehearse_lang::{ActionSet, SemanticAction};

    #[test]
    fn a_strip_selects_its_first_tab_and_names_each_by_its_title() {
        let session = session(|ui| {
            let tabs = Tabs::new(["Inbox", "Sent"])
                .label("Folders")
                .automation_id("folders")
                .tab_ids(["inbox", "sent"])
                .on_select(|_| ());
            ui.add(ui.area(), tabs);
        });
        let strip = node(&session, "folders");
        assert_eq!((strip.role, strip.name.as_str()), (SemanticRole::TabList, "Folders"));
        let inbox = node(&session, "inbox");
        assert_eq!((inbox.role, inbox.name.as_str()), (SemanticRole::Tab, "Inbox"));
        assert_eq!(inbox.states.selected, Some(true));
        assert_eq!(inbox.actions, ActionSet::from_slice(&[SemanticAction::Click]));
        assert_eq!(node(&session, "sent").states.selected, Some(false));
    }

    #[test]
    fn without_on_select_tabs_promise_no_click() {
        let session = session(|ui| {
            ui.add(ui.area(), Tabs::new(["Inbox"]).selected(None).tab_ids(["inbox"]));
        });
        let inbox = node(&session, "inbox");
        assert_eq!((inbox.actions, inbox.states.selected), (ActionSet::EMPTY, Some(false)));
        assert_eq!(Tabs::<()>::new(["a"]).enabled(false).semantics().states.enabled, Some(false));
    }
}
