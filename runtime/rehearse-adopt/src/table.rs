//! A ratatui `Table` with its `TableState`: a `table` node with a `row` per
//! row (the header first, when there is one) and a `cell` per cell, the
//! selected row and column read from the state.
//!
//! ratatui 0.30 keeps a `Table`'s rows private, so the app hands the tag
//! the cells' labels (lazily, like every fact), and the column widths and
//! spacing it gave the table (ratatui's defaults otherwise: equal columns,
//! one cell apart). Cells lie in columns laid out as ratatui lays them out,
//! after the selection symbol's column when ratatui draws one. Body rows
//! are laid out from the top of the body (below the header) starting at
//! the state's offset *after* the table rendered (ratatui scrolls the
//! selection into view as it renders), so rows scrolled out are in the
//! tree, offscreen, as the engine publishes them; the table publishes that
//! offset, of how many body rows there are.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, HighlightSpacing, StatefulWidget, TableState};
use rehearse_core::semantic::{Bounds, ScrollPosition, SemanticFacts};
use rehearse_lang::{ActionSet, SemanticRole};

use crate::child::PartFacts;
use crate::list::ListBlock;
use crate::record::{self, Layer};

/// The header of a table tagged without one.
pub type NoHeader = fn() -> [&'static str; 0];

/// The row ids of a table tagged without them.
pub type NoRowIds = fn(usize) -> String;

/// A table widget with its meaning and its cells' labels, made by
/// [`TagTable::tag_table`]; render it with `render_stateful_widget` and the
/// table's own `TableState`.
#[derive(Debug, Clone)]
#[must_use = "a tag does nothing until it is rendered"]
pub struct TaggedTable<'b, W, F, R, H = NoHeader, D = NoRowIds> {
    table: W,
    facts: F,
    rows: R,
    header: Option<H>,
    row_ids: Option<D>,
    layout: TableLayout<'b>,
}

/// How ratatui lays the table out: what the app gave the `Table`.
#[derive(Debug, Clone)]
struct TableLayout<'b> {
    block: Option<Cow<'b, Block<'b>>>,
    widths: Vec<Constraint>,
    column_spacing: u16,
    flex: Flex,
    highlight_width: u16,
    highlight_spacing: HighlightSpacing,
    row_height: u16,
}

impl<'b, W, F, R, H, D> TaggedTable<'b, W, F, R, H, D> {
    /// The header row's cells (the ones given to `Table::header`), built
    /// only while a harness records. The header is one row tall; its row
    /// offers no action.
    pub fn header<H2>(self, cells: H2) -> TaggedTable<'b, W, F, R, H2, D> {
        let Self { table, facts, rows, row_ids, layout, .. } = self;
        TaggedTable { table, facts, rows, header: Some(cells), row_ids, layout }
    }

    /// The automation id of each body row, given its index (called only
    /// while a harness records), as the engine's `Table::row_ids`.
    pub fn row_ids<D2: Fn(usize) -> String>(self, ids: D2) -> TaggedTable<'b, W, F, R, H, D2> {
        let Self { table, facts, rows, header, layout, .. } = self;
        TaggedTable { table, facts, rows, header, row_ids: Some(ids), layout }
    }

    /// The block the table is drawn in (the one given to `Table::block`),
    /// by reference or by value: rows lie inside it.
    pub fn block<'c>(self, block: impl Into<ListBlock<'c>>) -> TaggedTable<'c, W, F, R, H, D> {
        let Self { table, facts, rows, header, row_ids, layout } = self;
        let block = Some(block.into().into_cow());
        let layout = TableLayout { block, ..layout };
        TaggedTable { table, facts, rows, header, row_ids, layout }
    }

    /// The column widths given to `Table::new` or `Table::widths` (equal
    /// columns when none are given, as ratatui's).
    pub fn widths(mut self, widths: impl IntoIterator<Item = impl Into<Constraint>>) -> Self {
        self.layout.widths = widths.into_iter().map(Into::into).collect();
        self
    }

    /// The spacing given to `Table::column_spacing` (1 by default).
    pub fn column_spacing(mut self, spacing: u16) -> Self {
        self.layout.column_spacing = spacing;
        self
    }

    /// The flex given to `Table::flex` (`Flex::Start` by default).
    pub fn flex(mut self, flex: Flex) -> Self {
        self.layout.flex = flex;
        self
    }

    /// The symbol given to `Table::highlight_symbol`: ratatui draws it in
    /// a column of its own before the cells while a row is selected.
    pub fn highlight_symbol(mut self, symbol: &str) -> Self {
        self.layout.highlight_width = u16::try_from(Line::raw(symbol).width()).unwrap_or(u16::MAX);
        self
    }

    /// The spacing given to `Table::highlight_spacing` (when the symbol's
    /// column is drawn; while a row is selected by default).
    pub fn highlight_spacing(mut self, spacing: HighlightSpacing) -> Self {
        self.layout.highlight_spacing = spacing;
        self
    }

    /// How many rows each body row takes (1 by default; `Row::height`).
    pub fn row_height(mut self, rows: u16) -> Self {
        self.layout.row_height = rows.max(1);
        self
    }
}

impl TableLayout<'_> {
    /// Each column's x offset from the table's inner left edge and its
    /// width, as ratatui's `Table` computes them.
    fn columns(&self, width: u16, selection: bool, count: usize) -> Vec<(u16, u16)> {
        let widths = if self.widths.is_empty() {
            let each = width / u16::try_from(count.max(1)).unwrap_or(u16::MAX);
            vec![Constraint::Length(each); count]
        } else {
            self.widths.clone()
        };
        let symbol = match self.highlight_spacing {
            HighlightSpacing::Always => self.highlight_width,
            HighlightSpacing::WhenSelected if selection => self.highlight_width,
            _ => 0,
        };
        let [_, cells] = Layout::horizontal([Constraint::Length(symbol), Constraint::Fill(0)])
            .areas(Rect::new(0, 0, width, 1));
        Layout::horizontal(widths)
            .flex(self.flex)
            .spacing(self.column_spacing)
            .split(cells)
            .iter()
            .map(|column| (column.x, column.width))
            .collect()
    }
}

impl<W, F, R, I, H, HI, D> StatefulWidget for TaggedTable<'_, W, F, R, H, D>
where
    D: Fn(usize) -> String,
    W: StatefulWidget<State = TableState>,
    F: FnOnce() -> SemanticFacts,
    R: FnOnce() -> I,
    I: IntoIterator,
    I::Item: IntoIterator,
    <I::Item as IntoIterator>::Item: PartFacts,
    H: FnOnce() -> HI,
    HI: IntoIterator,
    HI::Item: PartFacts,
{
    type State = TableState;

    fn render(self, area: Rect, buf: &mut Buffer, state: &mut TableState) {
        // First: the table settles its offset and selection as it renders.
        self.table.render(area, buf, state);
        if !record::active() {
            return;
        }
        let layout = self.layout;
        let inner = layout.block.as_ref().map_or(area, |block| block.inner(area));
        let cells = |row: I::Item| -> Vec<SemanticFacts> {
            row.into_iter().map(|cell| cell.part_facts(SemanticRole::Cell)).collect()
        };
        let rows: Vec<Vec<SemanticFacts>> = (self.rows)().into_iter().map(cells).collect();
        let header: Option<Vec<SemanticFacts>> = self.header.map(|header| {
            header().into_iter().map(|cell| cell.part_facts(SemanticRole::Cell)).collect()
        });
        let count = rows.iter().chain(&header).map(Vec::len).max().unwrap_or(0);
        let columns = layout.columns(inner.width, state.selected().is_some(), count);
        let mut facts = (self.facts)();
        facts.states.scroll = Some(ScrollPosition::from_counts(state.offset(), rows.len()));
        let table = record::push(facts, Bounds::from(area), Bounds::from(inner), Layer::Content);
        let header_rows = u16::from(header.is_some());
        if let Some(header) = header {
            let facts = SemanticFacts::new(SemanticRole::Row).actions(ActionSet::EMPTY);
            let bounds = Bounds::new(i32::from(inner.x), i32::from(inner.y), inner.width, 1);
            push_row(table, facts, bounds, None, header, &columns, |_| None);
        }
        let offset = i64::try_from(state.offset()).unwrap_or(i64::MAX);
        let height = i64::from(layout.row_height);
        let body_top = i64::from(inner.y) + i64::from(header_rows);
        let (selected, selected_column) = (state.selected(), state.selected_column());
        // Body rows scrolled out above lie beneath the header: clipped to
        // the body, they are offscreen there.
        let body = Rect {
            y: inner.y.saturating_add(header_rows),
            height: inner.height.saturating_sub(header_rows),
            ..inner
        };
        let body = Some(Bounds::from(body));
        for (index, row) in rows.into_iter().enumerate() {
            let index_i64 = i64::try_from(index).unwrap_or(i64::MAX);
            let y =
                body_top.saturating_add(index_i64.saturating_sub(offset).saturating_mul(height));
            let y = i32::try_from(y).unwrap_or(if y < 0 { i32::MIN / 2 } else { i32::MAX / 2 });
            let bounds = Bounds::new(i32::from(inner.x), y, inner.width, layout.row_height);
            let mut facts = SemanticFacts::new(SemanticRole::Row).selected(selected == Some(index));
            if let Some(ids) = &self.row_ids {
                facts = facts.automation_id(ids(index));
            }
            // With a column selected, the cells in it (in the selected row,
            // when one is) are selected, as ratatui highlights them.
            let cell_selected = |column: usize| {
                selected_column.map(|chosen| {
                    column == chosen && selected.is_none_or(|chosen_row| chosen_row == index)
                })
            };
            push_row(table, facts, bounds, body, row, &columns, cell_selected);
        }
    }
}

/// Records a row at `bounds` under `table` (clipped to `clip_to` too) and
/// its cells in `columns` (offsets from the row's left edge), each cell's
/// selection told by `selected` from its column.
fn push_row(
    table: usize,
    facts: SemanticFacts,
    bounds: Bounds,
    clip_to: Option<Bounds>,
    cells: Vec<SemanticFacts>,
    columns: &[(u16, u16)],
    selected: impl Fn(usize) -> Option<bool>,
) {
    let row = record::push_child_within(table, facts, bounds, clip_to);
    for (column, (cell, &(x, width))) in cells.into_iter().zip(columns).enumerate() {
        let at = Bounds::new(bounds.x + i32::from(x), bounds.y, width, bounds.height);
        let facts = match selected(column) {
            Some(selected) => cell.selected(selected),
            None => cell,
        };
        record::push_child(row, facts, at);
    }
}

/// Tags a table widget (ratatui's `Table`, or any stateful widget over a
/// `TableState`) with its meaning and its cells.
///
/// ```
/// use ratatui::layout::Constraint;
/// use ratatui::widgets::{Block, Row, Table, TableState};
/// use rehearse_adopt::TagTable;
/// use rehearse_core::semantic::SemanticFacts;
/// use rehearse_lang::SemanticRole;
///
/// let rows = [["Milk", "2"], ["Eggs", "12"]];
/// let widths = [Constraint::Length(6), Constraint::Length(3)];
/// let block = Block::bordered().title("Shopping");
/// let table = Table::new(rows.map(Row::new), widths)
///     .header(Row::new(["Item", "Qty"]))
///     .block(block.clone())
///     .highlight_symbol(">");
/// let tagged = table
///     .tag_table(|| SemanticFacts::new(SemanticRole::Table).automation_id("items"), || rows)
///     .header(|| ["Item", "Qty"])
///     .widths(widths)
///     .highlight_symbol(">")
///     .block(&block);
/// let mut state = TableState::default().with_selected(Some(0));
/// # let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(20, 6)).unwrap();
/// # terminal.draw(|frame| frame.render_stateful_widget(tagged, frame.area(), &mut state)).unwrap();
/// ```
pub trait TagTable: StatefulWidget<State = TableState> + Sized {
    /// This table with the facts `facts` builds and one body row per
    /// element of what `rows` returns, each an iterator of its cells —
    /// both built only while a harness records.
    fn tag_table<F, R>(self, facts: F, rows: R) -> TaggedTable<'static, Self, F, R> {
        let layout = TableLayout {
            block: None,
            widths: Vec::new(),
            column_spacing: 1,
            flex: Flex::Start,
            highlight_width: 0,
            highlight_spacing: HighlightSpacing::WhenSelected,
            row_height: 1,
        };
        TaggedTable { table: self, facts, rows, header: None, row_ids: None, layout }
    }
}

impl<W: StatefulWidget<State = TableState>> TagTable for W {}
