//! A ratatui `List` with its `ListState`: a `list` node with a
//! `list-item` per item, the selection read from the state.
//!
//! ratatui 0.30 keeps a `List`'s items private, so the app hands the tag
//! the items' labels (lazily, like every fact). Each item is one row tall
//! unless told otherwise ([`TaggedList::item_height`]), laid out from the
//! top of the list's inner area ([`TaggedList::block`]) starting at the
//! state's offset *after* the list rendered (ratatui scrolls the selection
//! into view as it renders), so items scrolled out are in the tree,
//! offscreen, as the engine publishes them. The list publishes where it is
//! scrolled: the state's offset, of how many items there are.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::borrow::Cow;

use ratatui::widgets::{Block, ListState, StatefulWidget};
use rehearse_core::semantic::{Bounds, ScrollPosition, SemanticFacts};
use rehearse_lang::SemanticRole;

use crate::record::{self, Layer};

/// What one item of a tagged list publishes: its label (a `&str` or
/// `String`, which names a `list-item`) or facts of its own (an id, states;
/// its role stays as given).
pub trait ItemFacts {
    /// The item's facts, before the list adds its selection.
    fn item_facts(self) -> SemanticFacts;
}

impl ItemFacts for &str {
    fn item_facts(self) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::ListItem).label(self)
    }
}

impl ItemFacts for String {
    fn item_facts(self) -> SemanticFacts {
        SemanticFacts::new(SemanticRole::ListItem).label(self)
    }
}

impl ItemFacts for &String {
    fn item_facts(self) -> SemanticFacts {
        self.as_str().item_facts()
    }
}

impl ItemFacts for SemanticFacts {
    fn item_facts(self) -> SemanticFacts {
        self
    }
}

/// A list widget with its meaning and its items' labels, made by
/// [`TagList::tag_list`]; render it with `render_stateful_widget` and the
/// list's own `ListState`.
#[derive(Debug, Clone)]
#[must_use = "a tag does nothing until it is rendered"]
pub struct TaggedList<'b, W, F, L> {
    list: W,
    facts: F,
    items: L,
    block: Option<Cow<'b, Block<'b>>>,
    item_height: u16,
}

impl<'b, W, F, L> TaggedList<'b, W, F, L> {
    /// The block the list is drawn in (the one given to `List::block`):
    /// items lie inside it. Without it they fill the area.
    /// The block goes by reference (`&block`, the one given to the list as
    /// a clone) or by value (`Block::bordered()`, a block like it).
    pub fn block<'c>(self, block: impl Into<ListBlock<'c>>) -> TaggedList<'c, W, F, L> {
        let Self { list, facts, items, item_height, .. } = self;
        TaggedList { list, facts, items, block: Some(block.into().0), item_height }
    }

    /// How many rows each item takes (1 by default).
    pub fn item_height(mut self, rows: u16) -> Self {
        self.item_height = rows.max(1);
        self
    }
}

impl<W, F, L, I> StatefulWidget for TaggedList<'_, W, F, L>
where
    W: StatefulWidget<State = ListState>,
    F: FnOnce() -> SemanticFacts,
    L: FnOnce() -> I,
    I: IntoIterator,
    I::Item: ItemFacts,
{
    type State = ListState;

    fn render(self, area: Rect, buf: &mut Buffer, state: &mut ListState) {
        // First: the list settles its offset while it renders.
        self.list.render(area, buf, state);
        if !record::active() {
            return;
        }
        let inner = self.block.as_ref().map_or(area, |block| block.inner(area));
        let items: Vec<I::Item> = (self.items)().into_iter().collect();
        // Scrolled by items, as the engine's `List` publishes it.
        let mut facts = (self.facts)();
        facts.states.scroll = Some(ScrollPosition::from_counts(state.offset(), items.len()));
        let list = record::push(facts, Bounds::from(area), Bounds::from(inner), Layer::Content);
        let offset = i64::try_from(state.offset()).unwrap_or(i64::MAX);
        let height = i64::from(self.item_height);
        for (index, item) in items.into_iter().enumerate() {
            let index_i64 = i64::try_from(index).unwrap_or(i64::MAX);
            let dy = index_i64.saturating_sub(offset).saturating_mul(height);
            let y = i64::from(inner.y).saturating_add(dy);
            let y = i32::try_from(y).unwrap_or(if y < 0 { i32::MIN / 2 } else { i32::MAX / 2 });
            let bounds = Bounds::new(i32::from(inner.x), y, inner.width, self.item_height);
            let facts = item.item_facts().selected(state.selected() == Some(index));
            record::push_child(list, facts, bounds);
        }
    }
}

/// Tags a list widget (ratatui's `List`, or any stateful widget over a
/// `ListState`) with its meaning and its items.
///
/// ```
/// use ratatui::widgets::{Block, List, ListState};
/// use rehearse_adopt::TagList;
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::SemanticRole;
///
/// let items = vec!["Milk".to_owned(), "Eggs".to_owned()];
/// let block = Block::bordered().title("Shopping");
/// let list = List::new(items.iter().map(String::as_str)).block(block.clone());
/// let tagged = list
///     .tag_list(|| SemanticFacts::new(SemanticRole::List).automation_id("items"), || &items)
///     .block(&block);
/// let mut state = ListState::default().with_selected(Some(0));
/// # let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(20, 5)).unwrap();
/// # terminal.draw(|frame| frame.render_stateful_widget(tagged, frame.area(), &mut state)).unwrap();
/// ```
pub trait TagList: StatefulWidget<State = ListState> + Sized {
    /// This list with the facts `facts` builds and one item per element of
    /// what `items` returns — both built only while a harness records.
    fn tag_list<F, L, I>(self, facts: F, items: L) -> TaggedList<'static, Self, F, L>
    where
        F: FnOnce() -> SemanticFacts,
        L: FnOnce() -> I,
        I: IntoIterator,
        I::Item: ItemFacts,
    {
        TaggedList { list: self, facts, items, block: None, item_height: 1 }
    }
}

impl<W: StatefulWidget<State = ListState>> TagList for W {}

/// The block a [`TaggedList`] is drawn in, borrowed or owned.
#[derive(Debug, Clone)]
pub struct ListBlock<'b>(Cow<'b, Block<'b>>);

impl<'b> ListBlock<'b> {
    /// The block, borrowed or owned.
    pub(crate) fn into_cow(self) -> Cow<'b, Block<'b>> {
        self.0
    }
}

impl<'b> From<&'b Block<'b>> for ListBlock<'b> {
    fn from(block: &'b Block<'b>) -> Self {
        Self(Cow::Borrowed(block))
    }
}

impl<'b> From<Block<'b>> for ListBlock<'b> {
    fn from(block: Block<'b>) -> Self {
        Self(Cow::Owned(block))
    }
}
