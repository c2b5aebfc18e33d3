//! `List` and `ListItem`: a scrolling list with a selection.

use std::hash::{Hash, Hasher};

use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::identity::ReconcileKey;
use crate::ui::{NodeRef, Ui, WidgetEvent};
use crate::widgets::scroll_view::{ScrollOffset, scroll_body};
use crate::widgets::{Common, ValueCallback, common_builders, theme};
use rehearse_lang::{KeyCode, MouseButton, SemanticRole};

type Content<'a, M> = Box<dyn FnOnce(&mut Ui<'_, M>, Rect) + 'a>;

/// An item built only when it changed (see [`ListItem::lazy`]).
struct Lazy<'a, M> {
    deps: u64,
    build: Box<dyn FnOnce() -> ListItem<'a, M> + 'a>,
}

/// One item of a [`List`]: a label, or custom content drawn by a closure
/// (which may add its own child widgets, such as a checkbox and a button).
pub struct ListItem<'a, M> {
    common: Common,
    key: Option<ReconcileKey>,
    content: Option<Content<'a, M>>,
    lazy: Option<Lazy<'a, M>>,
}

impl<'a, M> ListItem<'a, M> {
    /// An item showing (and named by) `label`.
    pub fn new(label: impl Into<String>) -> Self {
        Self { common: Common::default().labelled(label), key: None, content: None, lazy: None }
    }

    /// An item drawn by `content`; its name comes from its label if set, else
    /// from the names of the widgets the content adds.
    pub fn custom(content: impl FnOnce(&mut Ui<'_, M>, Rect) + 'a) -> Self {
        Self { common: Common::default(), key: None, content: Some(Box::new(content)), lazy: None }
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
        key: impl Into<ReconcileKey>,
        deps: &(impl std::hash::Hash + ?Sized),
        build: impl FnOnce() -> ListItem<'a, M> + 'a,
    ) -> Self {
        let mut hasher = rustc_hash::FxHasher::default();
        deps.hash(&mut hasher);
        let lazy = Lazy { deps: std::hash::Hasher::finish(&hasher), build: Box::new(build) };
        Self { common: Common::default(), key: Some(key.into()), content: None, lazy: Some(lazy) }
    }

    common_builders! {
        /// Sets the accessible name (and, for plain items, the text shown).
        label,
        /// Sets the automation id.
        automation_id,
    }

    /// Sets the reconciliation key (defaults to the index), so focus and
    /// interaction state follow the item when items move.
    #[must_use]
    pub fn key(mut self, key: impl Into<ReconcileKey>) -> Self {
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
///
/// The selection is drawn over its row after the rows are, as ratatui's
/// `List` draws its highlight (its colours win over the row's), and rows
/// do not depend on it: moving the selection through a long list renders
/// only the row it leaves again. Lazy rows ([`ListItem::lazy`],
/// [`show_lazy`](Self::show_lazy)) are carried over in groups of eight, and
/// groups of groups, so a change to one row repeats work for a few groups,
/// not for every row.
pub struct List<M> {
    common: Common,
    selected: Option<usize>,
    on_select: Option<ValueCallback<usize, M>>,
    on_activate: Option<ValueCallback<usize, M>>,
}

impl<M: Send + 'static> List<M> {
    /// A list.
    pub fn new() -> Self {
        Self { common: Common::default(), selected: None, on_select: None, on_activate: None }
    }

    common_builders! {
        /// Sets the automation id.
        automation_id,
        /// Sets an accessible name (lists are never named from their items).
        name,
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
        let mut items: Vec<Option<ListItem<'_, M>>> = items.into_iter().map(Some).collect();
        self.show_rows(ui, area, &mut items)
    }

    /// Renders a list of `len` rows built only when they changed, without
    /// building or allocating anything for the rows that did not: `row(i)`
    /// gives row `i`'s reconciliation key and what it shows (hashed, like
    /// [`ListItem::lazy`]'s deps), and `build(i)` builds it when the key,
    /// the deps, its position, the selection or the list's focus changed.
    /// For long lists this is the cheapest way to render: a step that
    /// changes one row builds one row.
    ///
    /// ```
    /// use ratatui::layout::Rect;
    /// use rehearse::prelude::*;
    /// use rehearse::widgets::{List, ListItem};
    ///
    /// struct Shelf { books: Vec<String> }
    ///
    /// impl Component for Shelf {
    ///     type Message = usize;
    ///     fn update(&mut self, _: usize, _: &mut Context<'_, Self>) {}
    ///     fn view(&self, ui: &mut Ui<'_, usize>) {
    ///         let books = &self.books;
    ///         List::new().automation_id("books").on_select(|index| index).show_lazy(
    ///             ui,
    ///             ui.area(),
    ///             books.len(),
    ///             |index| (ReconcileKey::from(index), books[index].as_str()),
    ///             |index| ListItem::new(books[index].as_str()).automation_id(format!("book-{index}")),
    ///         );
    ///     }
    /// }
    ///
    /// let shelf = Shelf { books: (1..=500).map(|n| format!("Book {n}")).collect() };
    /// let session = Session::new(shelf, SessionOptions::default().viewport(30, 10));
    /// assert_eq!(session.tree().by_id("book-499").unwrap().name, "Book 500");
    /// ```
    pub fn show_lazy<'a, D: Hash>(
        self,
        ui: &mut Ui<'_, M>,
        area: Rect,
        len: usize,
        row: impl Fn(usize) -> (ReconcileKey, D),
        build: impl FnMut(usize) -> ListItem<'a, M>,
    ) -> NodeRef {
        self.show_rows(ui, area, &mut ByIndex { len, row, build })
    }

    fn show_rows<'a>(
        self,
        ui: &mut Ui<'_, M>,
        area: Rect,
        rows: &mut impl RowSource<'a, M>,
    ) -> NodeRef {
        let facts = self.common.facts(SemanticRole::List);
        let len = rows.len();
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
                let last_selected = memory.last_selected;
                let view =
                    RowView { list: node, content, selected, last_selected, focused, selectable };
                // Rows past the end of the u16 coordinate space cannot be
                // laid out; a list that long stops there.
                let laid_out = len.min(usize::from(content_height));
                ui.reserve_children(node, laid_out);
                // Lazy rows are carried over in groups of groups: an
                // unchanged group costs one check however many rows it
                // holds, so a click on a long list repeats work for a few
                // groups on the way to one row, not for every row.
                // What each lazy row depends on, all told: a group depends
                // on its rows' hashes.
                let hashes: Vec<Option<u64>> = (0..laid_out)
                    .map(|index| {
                        let (key, deps) = rows.lazy(index)?;
                        Some(hash_of(&(key, view.deps(index, deps))))
                    })
                    .collect();
                let grouped = Grouped { view, hashes: &hashes };
                let levels = group_levels(laid_out);
                grouped.show(ui, rows, levels, 0..laid_out);
                view.mark_selection(ui, laid_out);
            });
            // Items, however many there are past what can be laid out.
            ui.publish_scroll(node, usize::from(offset), len);
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

/// Where a list's rows come from: items built up front (some lazy), or
/// rows built by index.
trait RowSource<'a, M> {
    fn len(&self) -> usize;
    /// A lazy row's key and deps hash; `None` for an item built up front.
    fn lazy(&self, index: usize) -> Option<(ReconcileKey, u64)>;
    /// The row's item, built if it is lazy. Called at most once per row.
    fn take(&mut self, index: usize) -> ListItem<'a, M>;
}

impl<'a, M> RowSource<'a, M> for Vec<Option<ListItem<'a, M>>> {
    fn len(&self) -> usize {
        self.as_slice().len()
    }

    fn lazy(&self, index: usize) -> Option<(ReconcileKey, u64)> {
        let item = self[index].as_ref()?;
        Some((item.key.clone()?, item.lazy.as_ref()?.deps))
    }

    fn take(&mut self, index: usize) -> ListItem<'a, M> {
        let item = self[index].take().expect("each row is shown once");
        match item.lazy {
            Some(lazy) => (lazy.build)(),
            None => item,
        }
    }
}

/// Rows by index (`List::show_lazy`).
struct ByIndex<R, B> {
    len: usize,
    row: R,
    build: B,
}

impl<'a, M, D: Hash, R: Fn(usize) -> (ReconcileKey, D), B: FnMut(usize) -> ListItem<'a, M>>
    RowSource<'a, M> for ByIndex<R, B>
{
    fn len(&self) -> usize {
        self.len
    }

    fn lazy(&self, index: usize) -> Option<(ReconcileKey, u64)> {
        let (key, deps) = (self.row)(index);
        Some((key, hash_of(&deps)))
    }

    fn take(&mut self, index: usize) -> ListItem<'a, M> {
        (self.build)(index)
    }
}

fn hash_of(value: &(impl Hash + ?Sized)) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}

/// How many rows, or groups, are carried over as one group.
const GROUP: usize = 8;

/// How many levels of groups a list of `rows` rows gets: enough that the
/// top level has a few groups (none for up to `GROUP` rows).
fn group_levels(rows: usize) -> u32 {
    let mut levels = 0;
    while GROUP.pow(levels + 1) < rows {
        levels += 1;
    }
    levels
}

/// A render's rows with what each lazy one depends on.
struct Grouped<'l> {
    view: RowView,
    /// Each lazy row's key and everything it depends on, hashed (`None`
    /// for an item built up front).
    hashes: &'l [Option<u64>],
}

impl Grouped<'_> {
    /// Shows the rows in `range`, in groups of `GROUP.pow(level)` rows
    /// carried over as one when all their rows are lazy and unchanged.
    fn show<'a, M: Send + 'static>(
        &self,
        ui: &mut Ui<'_, M>,
        rows: &mut impl RowSource<'a, M>,
        level: u32,
        range: std::ops::Range<usize>,
    ) {
        if level == 0 {
            for index in range {
                self.view.show(ui, rows, index);
            }
            return;
        }
        let size = GROUP.pow(level);
        for first in range.clone().step_by(size) {
            let group = first..(first + size).min(range.end);
            let Some(deps) = self.deps(group.clone()) else {
                self.show(ui, rows, level - 1, group);
                continue;
            };
            let (top, bottom) = (self.view.row(group.start), self.view.row(group.end - 1));
            let area = Rect { height: bottom.bottom() - top.y, ..top };
            let tag = (u64::from(level) << 48) | (first / size) as u64;
            ui.memo_group(tag, area, &deps, |ui| self.show(ui, rows, level - 1, group));
        }
    }

    /// What a group of rows depends on, when all of them are lazy.
    fn deps(&self, group: std::ops::Range<usize>) -> Option<u64> {
        let hashes = &self.hashes[group];
        hashes.iter().all(Option::is_some).then(|| hash_of(hashes))
    }
}

/// What every row of one render shares.
#[derive(Clone, Copy)]
struct RowView {
    list: NodeRef,
    content: Rect,
    selected: Option<usize>,
    /// The row selected in the render before.
    last_selected: Option<usize>,
    focused: bool,
    selectable: bool,
}

impl RowView {
    fn row(&self, index: usize) -> Rect {
        let dy = u16::try_from(index).unwrap_or(u16::MAX);
        Rect::new(self.content.x, self.content.y + dy, self.content.width, 1)
    }

    /// What a lazy row depends on besides its own deps: where it is, and
    /// whether it can be selected. Not whether it is: the selection shows
    /// over the row (see `show`), so moving it renders no row again.
    fn deps(&self, index: usize, deps: u64) -> (u64, usize, bool) {
        (deps, index, self.selectable)
    }

    /// Shows the selection over its row, as ratatui's `List` draws its
    /// highlight — after every row, so over the groups that hold it, which
    /// then render afresh next time — and marks the row selected (and the
    /// one selected before not).
    fn mark_selection<M: Send + 'static>(&self, ui: &mut Ui<'_, M>, laid_out: usize) {
        // Each row is one child of the list.
        for index in [self.last_selected, self.selected].into_iter().flatten() {
            if index < laid_out
                && let Some(item) = ui.child(self.list, index)
            {
                ui.set_selected(item, self.selected == Some(index));
            }
        }
        if let Some(index) = self.selected.filter(|&index| index < laid_out) {
            let style =
                if self.focused { theme::SELECTED.patch(theme::FOCUSED) } else { theme::SELECTED };
            ui.draw_own(self.row(index), |area, buf| buf.set_style(area, style));
        }
    }

    /// Shows row `index`: memoized when it is lazy, under its
    /// reconciliation key otherwise.
    fn show<'a, M: Send + 'static>(
        &self,
        ui: &mut Ui<'_, M>,
        rows: &mut impl RowSource<'a, M>,
        index: usize,
    ) {
        let row = self.row(index);
        let selectable = self.selectable;
        match rows.lazy(index) {
            Some((key, deps)) => ui.memo(key, row, &self.deps(index, deps), |ui| {
                show_item(ui, row, rows.take(index), selectable);
            }),
            None => {
                let item = rows.take(index);
                let key = item.key.clone().unwrap_or_else(|| ReconcileKey::from(index));
                ui.keyed(key, |ui| show_item(ui, row, item, selectable));
            }
        }
    }
}

/// One row, as if not selected (the list marks the selected one).
fn show_item<M: Send + 'static>(
    ui: &mut Ui<'_, M>,
    row: Rect,
    item: ListItem<'_, M>,
    selectable: bool,
) {
    let mut facts = item.common.facts(SemanticRole::ListItem).selected(false);
    if !selectable {
        // Clicking selects; without `on_select` a click does nothing.
        facts = facts.actions(rehearse_lang::ActionSet::EMPTY);
    }
    let label = item.common.label;
    let content = item.content;
    ui.node(row, facts, |ui, _| match content {
        Some(content) => content(ui, row),
        None => {
            let text = label.unwrap_or_default();
            ui.draw_own(row, |area, buf| Line::styled(text, theme::NORMAL).render(area, buf));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::{node, session};
    use rehearse_core::semantic::ScrollPosition;
    use rehearse_lang::{ActionSet, SemanticAction};

    fn groceries(ui: &mut Ui<'_, ()>) {
        let items = vec![
            ListItem::new("Milk").automation_id("milk"),
            ListItem::new("Eggs").label("Two eggs").automation_id("eggs"),
        ];
        List::new()
            .automation_id("list")
            .name("Groceries")
            .selected(Some(1))
            .on_select(|_| ())
            .show(ui, ui.area(), items);
    }

    #[test]
    fn a_list_is_named_explicitly_and_its_items_by_their_labels() {
        let session = session(groceries);
        let list = node(&session, "list");
        assert_eq!((list.role, list.name.as_str()), (SemanticRole::List, "Groceries"));
        let names: Vec<&str> = list.children.iter().map(|item| item.name.as_str()).collect();
        assert_eq!(names, ["Milk", "Two eggs"]);
        let milk = node(&session, "milk");
        assert_eq!(milk.role, SemanticRole::ListItem);
        assert_eq!(milk.states.selected, Some(false));
        assert_eq!(milk.actions, ActionSet::from_slice(&[SemanticAction::Click]));
        assert_eq!(node(&session, "eggs").states.selected, Some(true));
    }

    #[test]
    fn items_of_a_list_without_on_select_promise_no_click() {
        let session = session(|ui| {
            let items = vec![ListItem::new("Milk").automation_id("milk")];
            List::new().show(ui, ui.area(), items);
        });
        assert_eq!(node(&session, "milk").actions, ActionSet::EMPTY);
    }

    #[test]
    fn a_list_publishes_where_it_is_scrolled_in_items() {
        // Twenty items through eight rows, the last one selected: scrolled
        // to show it, twelve items above the first shown.
        let session = session(|ui| {
            let items = (0..20).map(|at| ListItem::new(format!("item {at}"))).collect();
            List::new().automation_id("l").selected(Some(19)).show(ui, ui.area(), items);
        });
        let list = node(&session, "l");
        assert_eq!(list.states.scroll, Some(ScrollPosition::new(12, 20)));
        assert_eq!(list.markdown_line(), "list \"l\" #l scroll 12 of 20 at 0,0 30x8");
        let short = crate::widgets::testing::session(groceries);
        assert_eq!(node(&short, "list").states.scroll, Some(ScrollPosition::new(0, 2)));
        assert_eq!(node(&short, "milk").states.scroll, None, "an item does not scroll");
    }
}
