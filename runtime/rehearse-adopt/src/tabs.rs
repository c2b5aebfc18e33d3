//! A ratatui `Tabs`: a `tab-list` node with a `tab` per title, the
//! selected one marked.
//!
//! ratatui 0.30 keeps a `Tabs`' titles and selection private, so the app
//! hands the tag the titles (lazily, like every fact) and the index it gave
//! `Tabs::select`. Each tab lies where ratatui draws it: its title with the
//! padding either side (one space by default), tabs one divider apart (`│`
//! by default), on the first row inside the block. A tab laid out past the
//! right edge is in the tree, offscreen, as ratatui draws none of it.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Widget};
use rehearse_core::semantic::{Bounds, SemanticFacts};
use rehearse_lang::SemanticRole;

use crate::child::PartFacts;
use crate::list::ListBlock;
use crate::record::{self, Layer};

/// A tabs widget with its meaning and its titles, made by
/// [`TagTabs::tag_tabs`]; render it with `render_widget`.
#[derive(Debug, Clone)]
#[must_use = "a tag does nothing until it is rendered"]
pub struct TaggedTabs<'b, W, F, T> {
    tabs: W,
    facts: F,
    titles: T,
    selected: Option<usize>,
    block: Option<Cow<'b, Block<'b>>>,
    padding: (u16, u16),
    divider: u16,
}

/// How many columns `text` takes.
fn width(text: &str) -> u16 {
    u16::try_from(Line::raw(text).width()).unwrap_or(u16::MAX)
}

impl<'b, W, F, T> TaggedTabs<'b, W, F, T> {
    /// The block the tabs are drawn in (the one given to `Tabs::block`),
    /// by reference or by value: the tabs lie inside it.
    pub fn block<'c>(self, block: impl Into<ListBlock<'c>>) -> TaggedTabs<'c, W, F, T> {
        let Self { tabs, facts, titles, selected, padding, divider, .. } = self;
        let block = Some(block.into().into_cow());
        TaggedTabs { tabs, facts, titles, selected, block, padding, divider }
    }

    /// The padding given to `Tabs::padding` (one space either side by
    /// default): a tab's bounds take it in.
    pub fn padding(mut self, left: &str, right: &str) -> Self {
        self.padding = (width(left), width(right));
        self
    }

    /// The divider given to `Tabs::divider` (`│` by default).
    pub fn divider(mut self, divider: &str) -> Self {
        self.divider = width(divider);
        self
    }
}

impl<W, F, T, I> Widget for TaggedTabs<'_, W, F, T>
where
    W: Widget,
    F: FnOnce() -> SemanticFacts,
    T: FnOnce() -> I,
    I: IntoIterator,
    I::Item: PartFacts,
{
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.tabs.render(area, buf);
        if !record::active() {
            return;
        }
        let inner = self.block.as_ref().map_or(area, |block| block.inner(area));
        let strip =
            record::push((self.facts)(), Bounds::from(area), Bounds::from(inner), Layer::Content);
        let (left, right) = self.padding;
        let mut x = i32::from(inner.x);
        for (index, title) in (self.titles)().into_iter().enumerate() {
            if index > 0 {
                x = x.saturating_add(i32::from(self.divider));
            }
            let facts = title.part_facts(SemanticRole::Tab).selected(self.selected == Some(index));
            // A tab is as wide as its title as drawn: its label.
            let title = facts.label.as_deref().map_or(0, width);
            let tab = left.saturating_add(title).saturating_add(right);
            let height = inner.height.min(1);
            record::push_child(strip, facts, Bounds::new(x, i32::from(inner.y), tab, height));
            x = x.saturating_add(i32::from(tab));
        }
    }
}

/// Tags a tabs widget (ratatui's `Tabs`, or any widget drawing tabs as
/// ratatui's does) with its meaning, its titles and the selected one.
///
/// ```
/// use ratatui::widgets::Tabs;
/// use rehearse_adopt::TagTabs;
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::SemanticRole;
///
/// let titles = ["Home", "Settings"];
/// let selected = 1;
/// let tabs = Tabs::new(titles).select(selected);
/// let tagged = tabs.tag_tabs(
///     || SemanticFacts::new(SemanticRole::TabList).automation_id("sections"),
///     || titles,
///     Some(selected),
/// );
/// # let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(20, 1)).unwrap();
/// # terminal.draw(|frame| frame.render_widget(tagged, frame.area())).unwrap();
/// ```
pub trait TagTabs: Widget + Sized {
    /// These tabs with the facts `facts` builds, a tab per element of what
    /// `titles` returns (built only while a harness records; a tab given
    /// as facts is as wide as its label), and `selected` — the index given
    /// to `Tabs::select` — marked selected.
    fn tag_tabs<F, T>(
        self,
        facts: F,
        titles: T,
        selected: Option<usize>,
    ) -> TaggedTabs<'static, Self, F, T> {
        TaggedTabs { tabs: self, facts, titles, selected, block: None, padding: (1, 1), divider: 1 }
    }
}

impl<W: Widget> TagTabs for W {}
