//! `Table`: a header and rows of cells, with a selected row.

use std::rc::Rc;

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Scrollbar, ScrollbarOrientation, ScrollbarState, StatefulWidget, Widget};

use crate::ui::{Ui, View, WidgetEvent};
use crate::widgets::{Common, ValueCallback, common_builders, left_click, step_selection, theme};
use rehearse_core::semantic::{Semantic, SemanticFacts};
use rehearse_lang::{ActionSet, KeyCode, MouseButton, ScrollDirection, SemanticRole};

/// The body's scroll position, kept by the framework across renders.
#[derive(Debug, Default, Clone, Copy)]
struct Scroll {
    /// The first body row shown.
    offset: usize,
    /// The selection and body height the offset last followed; the offset
    /// snaps to the selection again when either changes.
    followed: Option<(Option<usize>, u16)>,
}

/// A table: an optional header row and rows of text cells, with at most
/// one selected row.
///
/// Records a `table` node (named by its [`label`](Self::label), never by
/// its content). Its children are `row` nodes — the header first, when
/// there is one — each with one `cell` child per cell, named by the cell's
/// text; a row is named by its cells. The header row has no actions and no
/// selected state.
///
/// A table with [`on_select`](Self::on_select) (or an explicit
/// [`selected`](Self::selected) row) publishes `selected` on every body row.
/// With `on_select`, clicking a row selects it, and while the table is
/// focused Up/Down, Home/End and PageUp/PageDown move the selection.
///
/// The body scrolls through [`Ui::scrolled`] so that the selected row stays
/// visible; the wheel scrolls it freely until the selection moves again.
/// Rows scrolled out stay in the tree with zero-area clipped bounds,
/// `in_view == false` and the `offscreen` state. When rows overflow, a
/// scrollbar in the last column takes presses and jumps there.
///
/// The lifetime lets [`row_ids`](Self::row_ids) borrow the app's data.
///
/// ```
/// use rehearse::widgets::Table;
/// enum Msg { Select(usize) }
/// let names = ["milk", "eggs"];
/// let table = Table::new(["Item", "Qty"])
///     .rows([["Milk", "2"], ["Eggs", "12"]])
///     .selected(Some(0))
///     .automation_id("groceries")
///     .row_ids(|at| format!("item-{}", names[at]))
///     .on_select(Msg::Select);
/// # let _ = table;
/// ```
pub struct Table<'a, M> {
    common: Common,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    widths: Vec<Constraint>,
    selected: Option<usize>,
    selectable: bool,
    row_ids: Option<Box<dyn Fn(usize) -> String + 'a>>,
    on_select: Option<ValueCallback<usize, M>>,
}

impl<'a, M> Table<'a, M> {
    /// A table with these column headers (an empty header draws and
    /// records no header row) and no rows.
    pub fn new(header: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Self {
            common: Common::switchable(),
            header: header.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
            widths: Vec::new(),
            selected: None,
            selectable: false,
            row_ids: None,
            on_select: None,
        }
    }

    /// Sets the rows, each a sequence of cell texts.
    #[must_use]
    pub fn rows<R, C>(mut self, rows: R) -> Self
    where
        R: IntoIterator,
        R::Item: IntoIterator<Item = C>,
        C: Into<String>,
    {
        self.rows = rows.into_iter().map(|row| row.into_iter().map(Into::into).collect()).collect();
        self
    }

    /// Appends one row.
    #[must_use]
    pub fn row(mut self, cells: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.rows.push(cells.into_iter().map(Into::into).collect());
        self
    }

    /// Column widths (by default the columns share the width equally).
    #[must_use]
    pub fn widths(mut self, widths: impl IntoIterator<Item = Constraint>) -> Self {
        self.widths = widths.into_iter().collect();
        self
    }

    /// The selected row's index among the body rows (`None` for none).
    #[must_use]
    pub fn selected(mut self, selected: impl Into<Option<usize>>) -> Self {
        self.selected = selected.into();
        self.selectable = true;
        self
    }

    common_builders! {
        /// The table's label: its accessible name (not drawn).
        label,
        /// Sets the table's automation id.
        automation_id,
    }

    /// Gives body row `at` the automation id `ids(at)`.
    #[must_use]
    pub fn row_ids(mut self, ids: impl Fn(usize) -> String + 'a) -> Self {
        self.row_ids = Some(Box::new(ids));
        self
    }

    common_builders! {
        /// Enables or disables the table.
        enabled,
    }

    /// The message a selection sends, given the body row's index. Without
    /// it rows publish no Click action and keys do nothing.
    #[must_use]
    pub fn on_select(mut self, message: impl Fn(usize) -> M + 'static) -> Self {
        self.on_select = Some(Box::new(message));
        self.selectable = true;
        self
    }

    fn selection(&self) -> Option<usize> {
        self.selected.filter(|&at| at < self.rows.len())
    }

    /// The column rectangles of a row at `area`.
    fn columns(&self, area: Rect) -> Vec<Rect> {
        let count = self.rows.iter().map(Vec::len).chain([self.header.len()]).max().unwrap_or(0);
        let widths: Vec<Constraint> = if self.widths.is_empty() {
            vec![Constraint::Fill(1); count]
        } else {
            self.widths.clone()
        };
        Layout::horizontal(widths).spacing(1).split(area).to_vec()
    }
}

impl<M> Semantic for Table<'_, M> {
    fn semantics(&self) -> SemanticFacts {
        self.common.facts(SemanticRole::Table)
    }
}

/// Records and draws one row's cells at `columns` (moved to `y`).
fn cells<M: Send + 'static>(ui: &mut Ui<'_, M>, texts: &[String], columns: &[Rect], y: u16) {
    for (text, column) in texts.iter().zip(columns) {
        let cell = Rect { y, height: 1, ..*column };
        let facts = SemanticFacts::new(SemanticRole::Cell).label(text.as_str());
        ui.leaf_own(cell, facts, |area, buf| Line::raw(text.as_str()).render(area, buf));
    }
}

impl<M: Send + 'static> View<M> for Table<'_, M> {
    fn show(self, area: Rect, ui: &mut Ui<'_, M>) {
        let facts = self.semantics();
        let enabled = self.common.is_enabled();
        let selected = self.selection();
        let len = self.rows.len();
        let header_height = u16::from(!self.header.is_empty()).min(area.height);
        let body = Rect { y: area.y + header_height, height: area.height - header_height, ..area };
        let height = usize::from(body.height);
        let overflow = len > height && body.width > 1;
        let row_width = if overflow { body.width - 1 } else { body.width };
        let columns = self.columns(Rect { width: row_width, height: 1, ..body });
        let content_height = u16::try_from(len).unwrap_or(u16::MAX);
        let max_offset = len.saturating_sub(height);
        let on_select: Option<Rc<dyn Fn(usize) -> M>> = self.on_select.map(Rc::from);
        let mut bar = None;
        let table = ui.node(area, facts, |ui, table| {
            let focused = ui.is_focused(table);
            let offset = {
                let scroll = ui.state::<Scroll>(table);
                if scroll.followed != Some((selected, body.height)) {
                    if let Some(at) = selected {
                        if at < scroll.offset {
                            scroll.offset = at;
                        } else if height > 0 && at >= scroll.offset + height {
                            scroll.offset = at + 1 - height;
                        }
                    }
                    scroll.followed = Some((selected, body.height));
                }
                scroll.offset = scroll.offset.min(max_offset);
                scroll.offset
            };
            if header_height > 0 {
                let header = Rect { height: 1, ..area };
                let facts = SemanticFacts::new(SemanticRole::Row).actions(ActionSet::EMPTY);
                ui.node(header, facts, |ui, _| {
                    ui.draw_own(header, |area, buf| buf.set_style(area, theme::HEADING));
                    cells(ui, &self.header, &columns, header.y);
                });
            }
            // Scrolled by body rows, the header aside.
            ui.publish_scroll(table, offset, len);
            let scroll_offset = u16::try_from(offset).unwrap_or(u16::MAX);
            ui.scrolled(body, scroll_offset, content_height, |ui, content| {
                for (at, texts) in self.rows.iter().enumerate() {
                    let Ok(dy) = u16::try_from(at) else { break };
                    let Some(y) = content.y.checked_add(dy) else { break };
                    let row = Rect { y, height: 1, width: row_width, ..content };
                    let mut facts = SemanticFacts::new(SemanticRole::Row);
                    if self.selectable {
                        facts = facts.selected(selected == Some(at));
                    }
                    if on_select.is_none() {
                        facts = facts.actions(ActionSet::EMPTY);
                    }
                    if let Some(ids) = &self.row_ids {
                        facts = facts.automation_id(ids(at));
                    }
                    let row_node = ui.node(row, facts, |ui, row_node| {
                        let style = row_style(
                            enabled,
                            selected == Some(at),
                            focused,
                            ui.is_hovered(row_node) && on_select.is_some(),
                        );
                        ui.draw_own(row, |area, buf| buf.set_style(area, style));
                        cells(ui, texts, &columns, y);
                    });
                    if let (true, Some(on_select)) = (enabled, &on_select) {
                        let on_select = on_select.clone();
                        ui.on_event(row_node, left_click(move || on_select(at)));
                    }
                }
            });
            if overflow {
                let track = Rect { x: body.right() - 1, width: 1, ..body };
                let mut state = ScrollbarState::new(max_offset + 1)
                    .position(offset)
                    .viewport_content_length(height);
                ui.draw_own(track, |area, buf| {
                    Scrollbar::new(ScrollbarOrientation::VerticalRight)
                        .begin_symbol(None)
                        .end_symbol(None)
                        .render(area, buf, &mut state);
                });
                ui.own_cells(table, [track]);
                bar = Some(track);
            }
        });
        if !enabled {
            return;
        }
        ui.make_focusable(table);
        // Screen position of the table's area, for pointer coordinates.
        let screen = ui.bounds(table);
        let bar = bar.map(|track| {
            let x = screen.x + i32::from(track.x - area.x);
            let y = screen.y + i32::from(track.y - area.y);
            (x, y, track.height)
        });
        ui.on_event(table, move |event, cx| match event {
            WidgetEvent::Scroll { direction, .. } => {
                let scroll = cx.state::<Scroll>();
                scroll.offset = match direction {
                    ScrollDirection::Up => scroll.offset.saturating_sub(1),
                    ScrollDirection::Down => (scroll.offset + 1).min(max_offset),
                };
                true
            }
            WidgetEvent::Press { button: MouseButton::Left, col, row } => {
                let Some((x, y, track)) = bar else { return false };
                if i32::from(*col) != x || i32::from(*row) < y {
                    return false;
                }
                let along = (i32::from(*row) - y) as usize;
                let span = usize::from(track.saturating_sub(1)).max(1);
                cx.state::<Scroll>().offset = (along * max_offset).div_ceil(span).min(max_offset);
                true
            }
            WidgetEvent::Key(key) => {
                let Some(on_select) = &on_select else { return false };
                match step_selection(key, selected, len, KeyCode::Up, KeyCode::Down, height.max(1))
                {
                    Some(next) => {
                        cx.emit(on_select(next));
                        true
                    }
                    None => false,
                }
            }
            _ => false,
        });
    }
}

fn row_style(enabled: bool, selected: bool, focused: bool, hovered: bool) -> Style {
    if !enabled {
        theme::DISABLED
    } else if selected && focused {
        theme::FOCUSED.patch(theme::SELECTED)
    } else if selected {
        theme::SELECTED
    } else if hovered {
        theme::HOVERED
    } else {
        theme::NORMAL
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::testing::{identity, node, session};
    use rehearse_core::semantic::ScrollPosition;
    use rehearse_lang::SemanticAction;

    #[test]
    fn a_table_is_named_by_its_label_never_its_cells() {
        let facts = Table::<()>::new(["Item"]).label("Groceries").automation_id("t").semantics();
        assert_eq!(identity(&facts), (SemanticRole::Table, Some("Groceries"), Some("t")));
        assert_eq!(facts.states.enabled, Some(true));
        let disabled = Table::<()>::new(["Item"]).enabled(false).semantics();
        assert_eq!(disabled.states.enabled, Some(false));
    }

    #[test]
    fn a_table_publishes_where_its_body_is_scrolled_in_rows() {
        // Thirty rows below a header, seven body rows shown, the last one
        // selected: twenty-three body rows lie above the first shown.
        let session = session(|ui| {
            let rows = (0..30).map(|at| [format!("row {at}")]);
            let table = Table::new(["Item"]).rows(rows).selected(Some(29)).automation_id("t");
            ui.add(ui.area(), table.on_select(|_| ()));
        });
        let table = node(&session, "t");
        assert_eq!(table.states.scroll, Some(ScrollPosition::new(23, 30)));
        assert!(table.children.iter().all(|row| row.states.scroll.is_none()));
    }

    #[test]
    fn body_rows_publish_selection_and_ids_and_the_header_row_nothing() {
        let session = session(|ui| {
            let table = Table::new(["Item", "Qty"])
                .rows([["Milk", "2"], ["Eggs", "12"]])
                .selected(Some(1))
                .automation_id("t")
                .row_ids(|at| format!("row-{at}"))
                .on_select(|_| ());
            ui.add(ui.area(), table);
        });
        let table = node(&session, "t");
        let header = &table.children[0];
        assert_eq!((header.role, header.actions), (SemanticRole::Row, ActionSet::EMPTY));
        assert_eq!(header.states.selected, None);
        let cells: Vec<&str> = header.children.iter().map(|cell| cell.name.as_str()).collect();
        assert_eq!(cells, ["Item", "Qty"]);
        let eggs = node(&session, "row-1");
        assert_eq!((eggs.role, eggs.states.selected), (SemanticRole::Row, Some(true)));
        assert!(eggs.actions.contains(SemanticAction::Click));
        assert_eq!(node(&session, "row-0").states.selected, Some(false));
    }
}
