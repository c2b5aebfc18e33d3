//! `List` and `ListItem`: a scrolling list with a selection.

use std::hash::{Hash, Hasher};

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::component::Key;
use crate::semantic::SemanticFacts;
use crate::ui::{NodeRef, Ui, WidgetEvent};
use crate::widgets::scroll_view::{ScrollOffset, scroll_body};
use crate::widgets::{ValueCallback, theme, with_id};
use crate::{KeyCode, MouseButton, SemanticRole};

type Content<'a, M> = Box<dyn FnOnce(&mut Ui<'_, M>, Rect) + 'a>;

/// An item built only when it changed (see [`ListItem::lazy`]).
struct Lazy<'a, M> {
    deps: u64,
    build: Box<dyn FnOnce() -> ListItem<'a, M> + 'a>,
}

/// One item of a [`List`]: a label, or custom content drawn by a closure
/// (which may add its own child widgets, such as a checkbox and a button).
pub struct ListItem<'a, M> {
    label: Option<String>,
    id: Option<String>,
    key: Option<Key>,
    content: Option<Content<'a, M>>,
    lazy: Option<Lazy<'a, M>>,
}

impl<'a, M> ListItem<'a, M> {
    /// An item showing (and named by) `label`.
    pub fn new(label: impl Into<String>) -> Self {
        Self { label: Some(label.into()), id: None, key: None, content: None, lazy: None }
    }

    /// An item drawn by `content`; its name comes from its label if set, else
    /// from the names of the widgets the content adds.
    pub fn custom(content: impl FnOnce(&mut Ui<'_, M>, Rect) + 'a) -> Self {
        Self { label: None, id: None, key: None, content: Some(Box::new(content)), lazy: None }
    }

    /// An item under reconciliation key `key` that is built only when it
    /// changed: when its key, `deps`, row, selection and the list's focus are
    /// what they were in the previous frame, the list carries the item over
    /// unchanged ([`Ui::memo`]) and `build` is not called. `deps` must hash
    /// everything the built item shows and every value its handlers capture.
    /// Long lists stay cheap to re-render: only the items that changed are
    /// built, laid out and recorded again.
    ///
    /// ```
    /// use rehearse::widgets::ListItem;
    ///
    /// let (id, title, done) = (7_u64, "milk", false);
    /// let item: ListItem<'_, ()> = ListItem::lazy(id, &(title, done), move || {
    ///     ListItem::new(title).automation_id(format!("item-{id}"))
    /// });
    /// # let _ = item;
    /// ```
    pub fn lazy(
        key: impl Into<Key>,
        deps: &(impl std::hash::Hash + ?Sized),
        build: impl FnOnce() -> ListItem<'a, M> + 'a,
    ) -> Self {
        let mut hasher = rustc_hash::FxHasher::default();
        deps.hash(&mut hasher);
        let lazy = Lazy { deps: std::hash::Hasher::finish(&hasher), build: Box::new(build) };
        Self { label: None, id: None, key: Some(key.into()), content: None, lazy: Some(lazy) }
    }

    /// Sets the accessible name (and, for plain items, the text shown).
    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Sets the automation id.
    #[must_use]
    pub fn automation_id(mut self, id: impl Into<String>) -> Self {
        self.id = Some(id.into());
        self
    }

    /// Sets the reconciliation key (defaults to the index), so focus and
    /// interaction state follow the item when items move.
    #[must_use]
    pub fn key(mut self, key: impl Into<Key>) -> Self {
        self.key = Some(key.into());
        self
    }
}

/// What the framework remembers about a list between renders.
#[derive(Debug, Default, Clone, Copy)]
struct ListMemory {
    last_selected: Option<usize>,
}

/// A vertical list of items, one row each, scrolling when it overflows.
///
/// The list is focusable: Up/Down/Home/End move the selection (sending
/// `on_select`), Enter sends `on_activate`. Clicking an item selects it.
/// When the selection changes, the list scrolls it into view; the wheel
/// scrolls freely. Items scrolled out stay in the tree, out of view. Items
/// publish Click only when the list has `on_select`. Rows past the u16
/// coordinate space (65,535 rows) are not laid out.
pub struct List<M> {
    id: Option<String>,
    name: Option<String>,
    selected: Option<usize>,
    on_select: Option<ValueCallback<usize, M>>,
    on_activate: Option<ValueCallback<usize, M>>,
}

impl<M: Send + 'static> List<M> {
    /// A list.
    pub fn new() -> Self {
        Self { id: None, name: None, selected: None, on_select: None, on_activate: None }
    }

    /// Sets the automation id.
    #[must_use]
    pub fn automation_id(mut self, id: impl Into<String>) -> Self {
        self.id = Some(id.into());
        self
    }

    /// Sets an accessible name (lists are never named from their items).
    #[must_use]
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// The selected item, owned by the app.
    #[must_use]
    pub fn selected(mut self, selected: Option<usize>) -> Self {
        self.selected = selected;
        self
    }

    /// The message selecting an item sends.
    #[must_use]
    pub fn on_select(mut self, message: impl Fn(usize) -> M + 'static) -> Self {
        self.on_select = Some(Box::new(message));
        self
    }

    /// The message Enter on the selected item sends.
    #[must_use]
    pub fn on_activate(mut self, message: impl Fn(usize) -> M + 'static) -> Self {
        self.on_activate = Some(Box::new(message));
        self
    }

    /// Renders the list at `area` with `items`.
    pub fn show(self, ui: &mut Ui<'_, M>, area: Rect, items: Vec<ListItem<'_, M>>) -> NodeRef {
        let mut facts = with_id(SemanticFacts::new(SemanticRole::List), self.id.as_deref());
        if let Some(name) = &self.name {
            facts = facts.name(name.as_str());
        }
        let len = items.len();
        let selected = self.selected.filter(|&index| index < len);
        let content_height = u16::try_from(len).unwrap_or(u16::MAX);
        let on_select = self.on_select;
        let selectable = on_select.is_some();
        let mut offset = 0;
        let node = ui.node(area, facts, |ui, node| {
            let focused = ui.is_focused(node);
            // Scroll a newly selected item into view.
            let memory = *ui.state::<ListMemory>(node);
            if selected != memory.last_selected
                && let Some(index) = selected
            {
                let index = u16::try_from(index).unwrap_or(u16::MAX);
                let offset = ui.state::<ScrollOffset>(node);
                if index < offset.rows {
                    offset.rows = index;
                } else if index >= offset.rows.saturating_add(area.height) {
                    offset.rows = index.saturating_add(1).saturating_sub(area.height);
                }
            }
            ui.state::<ListMemory>(node).last_selected = selected;
            offset = scroll_body(ui, node, area, content_height, |ui, content| {
                // Rows past the end of the u16 coordinate space cannot be
                // laid out; a list that long stops there.
                let mut items: Vec<Option<ListItem<'_, M>>> =
                    items.into_iter().take(usize::from(content_height)).map(Some).collect();
                let row_of = |index: usize| {
                    let dy = u16::try_from(index).unwrap_or(u16::MAX);
                    Rect::new(content.x, content.y + dy, content.width, 1)
                };
                let show = |ui: &mut Ui<'_, M>, index: usize, item: ListItem<'_, M>| {
                    let row = row_of(index);
                    let is_selected = selected == Some(index);
                    let key = item.key.clone().unwrap_or_else(|| Key::from(index));
                    match item.lazy {
                        Some(lazy) => {
                            let deps = lazy_deps(&lazy, index, is_selected, focused, selectable);
                            ui.memo(key, row, &deps, |ui| {
                                let item = (lazy.build)();
                                show_item(ui, row, item, is_selected, focused, selectable);
                            });
                        }
                        None => ui.keyed(key, |ui| {
                            show_item(ui, row, item, is_selected, focused, selectable);
                        }),
                    }
                };
                // Lazy rows are carried over in groups: an unchanged group
                // costs one check however many rows it holds, so a click on
                // a long list repeats work for one group, not every row.
                let show_rows = |ui: &mut Ui<'_, M>, first: usize, rows: &mut [Option<_>]| {
                    for (at, item) in rows.iter_mut().enumerate() {
                        if let Some(item) = item.take() {
                            show(ui, first + at, item);
                        }
                    }
                };
                for (group, rows) in items.chunks_mut(ROWS_PER_GROUP).enumerate() {
                    let first = group * ROWS_PER_GROUP;
                    if !rows.iter().flatten().all(|item| item.lazy.is_some()) {
                        show_rows(ui, first, rows);
                        continue;
                    }
                    let mut hasher = rustc_hash::FxHasher::default();
                    for (at, item) in rows.iter().enumerate() {
                        let Some(item) = item else { continue };
                        let index = first + at;
                        let is_selected = selected == Some(index);
                        item.key.hash(&mut hasher);
                        if let Some(lazy) = &item.lazy {
                            lazy_deps(lazy, index, is_selected, focused, selectable)
                                .hash(&mut hasher);
                        }
                    }
                    let deps = hasher.finish();
                    let (top, bottom) = (row_of(first), row_of(first + rows.len() - 1));
                    let area = Rect { height: bottom.bottom() - top.y, ..top };
                    ui.memo_group(group as u64, area, &deps, |ui| show_rows(ui, first, rows));
                }
            });
        });
        ui.make_focusable(node);
        let on_activate = self.on_activate;
        ui.on_event(node, move |event, cx| {
            if let WidgetEvent::Click { button: MouseButton::Left, row, .. } = event {
                // A click an item's content did not take selects the item
                // under it. Handled here rather than by each item, so a
                // carried-over item never holds a stale callback.
                let Some(on_select) = on_select.as_ref() else { return false };
                let Ok(from_top) = usize::try_from(i32::from(*row) - cx.bounds().y) else {
                    return false;
                };
                let index = from_top + usize::from(offset);
                if index >= len {
                    return false;
                }
                cx.emit(on_select(index));
                return true;
            }
            let WidgetEvent::Key(key) = event else { return false };
            if !key.modifiers.is_empty() || len == 0 {
                return false;
            }
            let next = match key.code {
                KeyCode::Up => Some(selected.map_or(0, |index| index.saturating_sub(1))),
                KeyCode::Down => Some(selected.map_or(0, |index| (index + 1).min(len - 1))),
                KeyCode::Home => Some(0),
                KeyCode::End => Some(len - 1),
                KeyCode::PageUp | KeyCode::PageDown => {
                    let page = usize::from(area.height.max(1));
                    let at = selected.unwrap_or(0);
                    Some(if key.code == KeyCode::PageUp {
                        at.saturating_sub(page)
                    } else {
                        (at + page).min(len - 1)
                    })
                }
                KeyCode::Enter => {
                    return match (&on_activate, selected) {
                        (Some(on_activate), Some(index)) => {
                            cx.emit(on_activate(index));
                            true
                        }
                        _ => false,
                    };
                }
                _ => None,
            };
            match (next, on_select.as_ref()) {
                (Some(index), Some(on_select)) if Some(index) != selected => {
                    cx.emit(on_select(index));
                    true
                }
                (Some(_), _) => true,
                (None, _) => false,
            }
        });
        node
    }
}

impl<M: Send + 'static> Default for List<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// How many lazy rows are carried over as one group.
const ROWS_PER_GROUP: usize = 16;

/// What a lazy row depends on besides its own deps: where it is, whether it
/// is selected, and whether the list's focus shows on it.
fn lazy_deps<M>(
    lazy: &Lazy<'_, M>,
    index: usize,
    is_selected: bool,
    focused: bool,
    selectable: bool,
) -> (u64, usize, bool, bool, bool) {
    // The list's focus shows only on the selected item.
    (lazy.deps, index, is_selected, is_selected && focused, selectable)
}

fn show_item<M: Send + 'static>(
    ui: &mut Ui<'_, M>,
    row: Rect,
    item: ListItem<'_, M>,
    selected: bool,
    list_focused: bool,
    selectable: bool,
) {
    let mut facts =
        SemanticFacts::new(SemanticRole::ListItem).selected(selected).label(item.label.as_deref());
    if !selectable {
        // Clicking selects; without `on_select` a click does nothing.
        facts = facts.actions(crate::ActionSet::EMPTY);
    }
    let facts = with_id(facts, item.id.as_deref());
    let style = match (selected, list_focused) {
        (true, true) => theme::SELECTED.patch(theme::FOCUSED),
        (true, false) => theme::SELECTED,
        _ => theme::NORMAL,
    };
    let label = item.label;
    let content = item.content;
    ui.node(row, facts, |ui, _| {
        ui.draw_with(row, |area, buf| buf.set_style(area, style));
        match content {
            Some(content) => content(ui, row),
            None => {
                let text = label.unwrap_or_default();
                ui.draw_with(row, |area, buf| Line::styled(text, style).render(area, buf));
            }
        }
    });
}
