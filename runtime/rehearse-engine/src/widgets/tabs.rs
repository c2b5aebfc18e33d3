//! `Tabs`: a strip of tabs, one selected.

use std::rc::Rc;

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::ui::{Ui, View, WidgetEvent};
use crate::widgets::{ValueCallback, interaction_style, step_selection, theme, with_id};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{ActionSet, KeyCode, MouseButton, SemanticRole};

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
    titles: Vec<String>,
    selected: Option<usize>,
    label: Option<String>,
    id: Option<String>,
    tab_ids: Vec<String>,
    enabled: bool,
    on_select: Option<ValueCallback<usize, M>>,
}

impl<M> Tabs<M> {
    /// A strip of tabs with these titles, the first selected.
    pub fn new(titles: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Self {
            titles: titles.into_iter().map(Into::into).collect(),
            selected: Some(0),
            label: None,
            id: None,
            tab_ids: Vec::new(),
            enabled: true,
            on_select: None,
        }
    }

    /// The selected tab's index (`None` for none).
    #[must_use]
    pub fn selected(mut self, selected: impl Into<Option<usize>>) -> Self {
        self.selected = selected.into();
        self
    }

    /// The strip's label: its accessible name (not drawn).
    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Sets the strip's automation id.
    #[must_use]
    pub fn automation_id(mut self, id: impl Into<String>) -> Self {
        self.id = Some(id.into());
        self
    }

    /// Automation ids for the tabs, in title order. Tabs past the end of
    /// the list get none.
    #[must_use]
    pub fn tab_ids(mut self, ids: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.tab_ids = ids.into_iter().map(Into::into).collect();
        self
    }

    /// Enables or disables the strip.
    #[must_use]
    pub fn enabled(mut self, enabled: bool) -> Self {
        self.enabled = enabled;
        self
    }

    /// The message a selection sends, given the tab's index. Without it
    /// the tabs publish no Click action.
    #[must_use]
    pub fn on_select(mut self, message: impl Fn(usize) -> M + 'static) -> Self {
        self.on_select = Some(Box::new(message));
        self
    }

    fn selection(&self) -> Option<usize> {
        self.selected.filter(|&at| at < self.titles.len())
    }
}

impl<M> Semantic for Tabs<M> {
    fn semantics(&self) -> SemanticFacts {
        let facts = SemanticFacts::new(SemanticRole::TabList)
            .label(self.label.as_deref())
            .enabled(self.enabled);
        with_id(facts, self.id.as_deref())
    }
}

impl<M: Send + 'static> View<M> for Tabs<M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let enabled = self.enabled;
        let selected = self.selection();
        let on_select: Option<Rc<dyn Fn(usize) -> M>> = self.on_select.map(Rc::from);
        let titles = self.titles;
        let tab_ids = self.tab_ids;
        let strip = ui.node(area, facts, |ui, strip| {
            let strip_focused = ui.is_focused(strip);
            let mut x = area.x;
            for (at, title) in titles.iter().enumerate() {
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
                let mut facts = SemanticFacts::new(SemanticRole::Tab)
                    .label(title.as_str())
                    .selected(selected == Some(at));
                if on_select.is_none() {
                    facts = facts.actions(ActionSet::EMPTY);
                }
                let facts = with_id(facts, tab_ids.get(at).map(String::as_str));
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
                    ui.on_event(node, move |event, cx| match event {
                        WidgetEvent::Click { button: MouseButton::Left, .. } => {
                            cx.emit(on_select(at));
                            true
                        }
                        _ => false,
                    });
                }
            }
        });
        if !enabled {
            return;
        }
        ui.make_focusable(strip);
        if let Some(on_select) = on_select {
            let len = titles.len();
            ui.on_event(strip, move |event, cx| {
                let WidgetEvent::Key(key) = event else { return false };
                match step_selection(key, selected, len, KeyCode::Left, KeyCode::Right, 0) {
                    Some(next) => {
                        cx.emit(on_select(next));
                        true
                    }
                    None => false,
                }
            });
        }
    }
}
