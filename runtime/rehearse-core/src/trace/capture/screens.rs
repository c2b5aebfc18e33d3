//! Screens as a trace keeps them: every distinct row and screen once, the
//! rows as they were drawn. A capture looks only at the rows the frames
//! since the last capture changed (when the plane says which) and keeps a
//! row it has not seen at that place as a copy of its cells: nothing is
//! encoded, hashed or redacted then. A document encodes the rows its steps
//! reference ([`LineEncoder`]): text, style runs, styles — each once.

use std::collections::HashMap;

use ratatui::buffer::{Buffer, Cell, CellWidth};
use ratatui::layout::Rect;
use ratatui::style::Color;
use rustc_hash::FxHashMap;

use crate::CommittedFrame;
use crate::artifacts::{CellStyle, color_name, modifier_names, visible_symbol};
use crate::trace::model::{LineRecord, ScreenRecord, StyleRecord};

/// How many distinct rows are remembered at each place of the screen, to
/// find a row that comes back (a checkbox toggled on and off, a status
/// line counting up and down) without storing it again.
const RECENT: usize = 4;

/// The distinct screens and rows of one trace.
#[derive(Debug, Default)]
pub(crate) struct ScreenTable {
    /// Distinct rows, their cells as drawn.
    pub(crate) rows: Vec<Box<[Cell]>>,
    /// Distinct screens; their `lines` index `rows`.
    pub(crate) screens: Vec<ScreenRecord>,
    screen_ids: FxHashMap<ScreenRecord, usize>,
    /// The last screen captured.
    last: Option<Last>,
    /// At each row of the screen, the rows seen there lately, newest
    /// first.
    recent: Vec<Vec<usize>>,
    /// The rows the generations committed since the last captured one may
    /// have changed, as their frames said.
    damage: Damage,
    /// About what the rows and screens take in `trace.json`.
    pub(crate) bytes: usize,
}

/// The rows generations `from + 1 ..= to` may have changed: `None` when
/// any row may have.
#[derive(Debug, Default)]
struct Damage {
    from: u64,
    to: u64,
    rows: Option<Vec<u16>>,
}

#[derive(Debug)]
struct Last {
    generation: u64,
    area: Rect,
    screen: usize,
}

impl ScreenTable {
    /// A generation was committed (and may be captured later, or not: a
    /// step captures only the last it committed): gathers the rows it
    /// changed, so a later capture looks only at the rows every generation
    /// since the last capture changed.
    pub(crate) fn committed(&mut self, frame: &CommittedFrame) {
        let generation = frame.generation.0;
        let damage = &mut self.damage;
        if damage.to.checked_add(1) != Some(generation) {
            // Not the next generation: nothing is known about the rows.
            *damage = Damage { from: generation, to: generation, rows: None };
            return;
        }
        damage.to = generation;
        match (&mut damage.rows, frame.changed_rows.as_deref()) {
            (Some(rows), Some(changed)) => {
                rows.extend_from_slice(changed);
                rows.sort_unstable();
                rows.dedup();
            }
            (rows, _) => *rows = None,
        }
    }

    /// The rows that may differ between the last captured generation
    /// (`captured`) and `frame`, when known.
    fn hint<'a>(&'a self, captured: u64, frame: &'a CommittedFrame) -> Option<&'a [u16]> {
        let generation = frame.generation.0;
        let damage = &self.damage;
        if damage.from == captured && damage.to == generation {
            damage.rows.as_deref()
        } else if captured.checked_add(1) == Some(generation) {
            frame.changed_rows.as_deref()
        } else {
            None
        }
    }

    /// The screen `frame` shows, as an index into `screens`.
    pub(crate) fn capture(&mut self, frame: &CommittedFrame) -> usize {
        let generation = frame.generation.0;
        let buffer = &frame.buffer;
        let area = buffer.area;
        let (width, height) = (usize::from(area.width), usize::from(area.height));
        let cursor = frame
            .cursor
            .filter(|&(col, row)| col < area.width && row < area.height)
            .map(|(col, row)| [col, row]);
        let mut lines;
        match &self.last {
            Some(last) if last.area == area && last.generation == generation => {
                return last.screen;
            }
            Some(last) if last.area == area => {
                lines = self.screens[last.screen].lines.clone();
                // The plane's hint, when the frames since the last capture
                // said which rows they changed: only those may differ.
                match self.hint(last.generation, frame).map(<[u16]>::to_vec) {
                    Some(rows) => {
                        for row in rows.into_iter().map(usize::from).filter(|&row| row < height) {
                            self.look(buffer, width, row, &mut lines);
                        }
                    }
                    None => (0..height).for_each(|row| self.look(buffer, width, row, &mut lines)),
                }
            }
            _ => {
                lines = vec![usize::MAX; height];
                self.recent = vec![Vec::new(); height];
                (0..height).for_each(|row| self.look(buffer, width, row, &mut lines));
            }
        }
        let record = ScreenRecord { cols: area.width, rows: area.height, cursor, lines };
        let screen = match self.screen_ids.get(&record) {
            Some(&screen) => screen,
            None => {
                self.bytes += 40 + record.lines.len() * 4;
                self.screens.push(record.clone());
                self.screen_ids.insert(record, self.screens.len() - 1);
                self.screens.len() - 1
            }
        };
        self.last = Some(Last { generation, area, screen });
        self.damage = Damage { from: generation, to: generation, rows: Some(Vec::new()) };
        screen
    }

    /// Row `row` of `buffer` as a stored row: the one there before when it
    /// did not change, one seen there lately, or a new copy.
    fn look(&mut self, buffer: &Buffer, width: usize, row: usize, lines: &mut [usize]) {
        let cells = &buffer.content[row * width..(row + 1) * width];
        let before = lines[row];
        if before != usize::MAX && same_row(&self.rows[before], cells) {
            return;
        }
        let recent = &mut self.recent[row];
        let found =
            recent.iter().position(|&seen| seen != before && same_row(&self.rows[seen], cells));
        let stored = match found {
            Some(at) => recent.remove(at),
            None => {
                self.bytes += row_bytes(cells);
                self.rows.push(cells.into());
                self.rows.len() - 1
            }
        };
        recent.insert(0, stored);
        recent.truncate(RECENT);
        lines[row] = stored;
    }

    /// Replaces the rows and screens (after a compaction); the next
    /// capture starts afresh.
    pub(crate) fn replace(&mut self, rows: Vec<Box<[Cell]>>, screens: Vec<ScreenRecord>) {
        self.screen_ids =
            screens.iter().cloned().enumerate().map(|(at, screen)| (screen, at)).collect();
        self.bytes = rows.iter().map(|row| row_bytes(row)).sum::<usize>()
            + screens.iter().map(|screen| 40 + screen.lines.len() * 4).sum::<usize>();
        self.rows = rows;
        self.screens = screens;
        self.last = None;
        self.recent.clear();
    }
}

/// Whether two rows show the same: every cell's symbol, colours and
/// modifiers (what a line records; how a terminal would diff them is not).
#[inline]
fn same_row(a: &[Cell], b: &[Cell]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(a, b)| {
            a.fg == b.fg
                && a.bg == b.bg
                && a.modifier == b.modifier
                && a.underline_color == b.underline_color
                && a.symbol() == b.symbol()
        })
}

/// About what a row takes in `trace.json` once encoded: its cells up to
/// the last that is not a blank default one, and a run per style change.
fn row_bytes(cells: &[Cell]) -> usize {
    let mut end = 0;
    let mut runs = 0;
    let mut style = CellStyle::DEFAULT;
    for (col, cell) in cells.iter().enumerate() {
        let here = CellStyle {
            fg: cell.fg,
            bg: cell.bg,
            underline: cell.underline_color,
            modifier: cell.modifier,
        };
        if here != style {
            runs += 1;
            style = here;
        }
        if cell.symbol() != " " || !here.is_default() {
            end = col + 1;
        }
    }
    24 + end + runs * 14
}

/// Encodes stored rows as a document's lines: each distinct line once,
/// each distinct style once, in the order first met.
#[derive(Debug, Default)]
pub(crate) struct LineEncoder {
    pub(crate) styles: Vec<StyleRecord>,
    style_ids: HashMap<CellStyle, u32>,
    pub(crate) lines: Vec<LineRecord>,
    line_ids: HashMap<LineRecord, usize>,
}

impl LineEncoder {
    /// The index of `line` among the lines, added when new.
    pub(crate) fn intern(&mut self, line: LineRecord) -> usize {
        if let Some(&at) = self.line_ids.get(&line) {
            return at;
        }
        self.lines.push(line.clone());
        self.line_ids.insert(line, self.lines.len() - 1);
        self.lines.len() - 1
    }

    fn style_id(&mut self, style: CellStyle) -> u32 {
        if let Some(&id) = self.style_ids.get(&style) {
            return id;
        }
        let color = |color: Color| (color != Color::Reset).then(|| color_name(color));
        self.styles.push(StyleRecord {
            fg: color(style.fg),
            bg: color(style.bg),
            ul: color(style.underline),
            mods: modifier_names(style.modifier).into_iter().map(str::to_owned).collect(),
        });
        let id = u32::try_from(self.styles.len() - 1).unwrap_or(u32::MAX);
        self.style_ids.insert(style, id);
        id
    }

    /// One row's cells as a line record (its styles added to `styles`).
    pub(crate) fn encode(&mut self, row: &[Cell]) -> LineRecord {
        let mut symbols: Vec<&str> = Vec::with_capacity(row.len());
        let mut styles: Vec<Option<u32>> = Vec::with_capacity(row.len());
        let mut simple = true;
        let mut covered = 0usize;
        // Neighbouring cells mostly share a style: look it up once.
        let mut last: Option<(CellStyle, u32)> = None;
        for cell in row {
            let symbol = match cell.symbol() {
                "" => " ",
                symbol => visible_symbol(symbol),
            };
            let style = CellStyle {
                fg: cell.fg,
                bg: cell.bg,
                underline: cell.underline_color,
                modifier: cell.modifier,
            };
            let id = if style.is_default() {
                None
            } else {
                match last {
                    Some((known, id)) if known == style => Some(id),
                    _ => {
                        let id = self.style_id(style);
                        last = Some((style, id));
                        Some(id)
                    }
                }
            };
            styles.push(id);
            if covered > 0 && symbol == " " {
                covered -= 1;
                symbols.push("");
                simple = false;
                continue;
            }
            covered = symbol.cell_width().saturating_sub(1).into();
            let mut chars = symbol.chars();
            if covered > 0 || chars.next().is_none() || chars.next().is_some() {
                simple = false;
            }
            symbols.push(symbol);
        }
        // Blank default cells at the end are left out.
        let keep = symbols
            .iter()
            .zip(&styles)
            .rposition(|(symbol, style)| *symbol != " " || style.is_some())
            .map_or(0, |last| last + 1);
        symbols.truncate(keep);
        styles.truncate(keep);
        let mut spans: Vec<[u32; 3]> = Vec::new();
        for (col, style) in styles.iter().enumerate() {
            let Some(style) = *style else { continue };
            let col = u32::try_from(col).unwrap_or(u32::MAX);
            match spans.last_mut() {
                Some(span) if span[1] == col && span[2] == style => span[1] = col + 1,
                _ => spans.push([col, col + 1, style]),
            }
        }
        if simple {
            LineRecord { text: Some(symbols.concat()), cells: None, spans }
        } else {
            let cells = symbols.into_iter().map(str::to_owned).collect();
            LineRecord { text: None, cells: Some(cells), spans }
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::{Rect, Size};
    use ratatui::style::{Color, Style};

    use super::*;
    use crate::semantic::{Bounds, Generation, SemanticNode, SemanticTree};
    use rehearse_lang::SemanticRole;

    fn frame(generation: u64, buffer: Buffer) -> CommittedFrame {
        let size = Size::new(buffer.area.width, buffer.area.height);
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 6, 3));
        let tree = SemanticTree::new(Generation(generation), size, root);
        let mut frame = CommittedFrame::new(Generation(generation), size, tree, buffer);
        frame.cursor = Some((1, 0));
        frame
    }

    #[test]
    fn rows_are_stored_once_and_wide_glyphs_keep_their_cells() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 6, 3));
        buffer.set_string(0, 0, "ab", Style::new().fg(Color::Cyan));
        buffer.set_string(0, 1, "中x", Style::new());
        let mut table = ScreenTable::default();
        let first = table.capture(&frame(1, buffer.clone()));
        assert_eq!(table.capture(&frame(1, buffer.clone())), first, "same generation");
        buffer.set_string(0, 2, "z", Style::new());
        let second = table.capture(&frame(2, buffer));
        assert_ne!(first, second);
        let (a, b) = (&table.screens[first], &table.screens[second]);
        assert_eq!(a.lines[..2], b.lines[..2], "unchanged rows are the same rows");
        assert_eq!(a.cursor, Some([1, 0]));
        let mut encoder = LineEncoder::default();
        let top = encoder.encode(&table.rows[a.lines[0]]);
        assert_eq!(top.text.as_deref(), Some("ab"));
        assert_eq!(top.spans, vec![[0, 2, 0]]);
        assert_eq!(encoder.styles[0].fg.as_deref(), Some("cyan"));
        let wide = encoder.encode(&table.rows[a.lines[1]]);
        assert_eq!(wide.cells, Some(vec!["中".to_owned(), String::new(), "x".to_owned()]));
        assert_eq!(wide.text(), "中x");
        let blank = encoder.encode(&table.rows[a.lines[2]]);
        assert_eq!(blank.text.as_deref(), Some(""), "a blank row is empty");
    }

    #[test]
    fn a_row_that_comes_back_is_not_stored_again() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 6, 2));
        let mut table = ScreenTable::default();
        let mut generation = 1;
        let mut capture = |table: &mut ScreenTable, buffer: &Buffer| {
            let mut committed = frame(generation, buffer.clone());
            committed.changed_rows = Some(vec![0]);
            table.committed(&committed);
            generation += 1;
            table.capture(&committed)
        };
        let off = capture(&mut table, &buffer);
        buffer.set_string(0, 0, "[x]", Style::new());
        let on = capture(&mut table, &buffer);
        let stored = table.rows.len();
        for _ in 0..5 {
            buffer.set_string(0, 0, "   ", Style::new());
            assert_eq!(capture(&mut table, &buffer), off);
            buffer.set_string(0, 0, "[x]", Style::new());
            assert_eq!(capture(&mut table, &buffer), on);
        }
        assert_eq!(table.rows.len(), stored, "toggling stores nothing new");
        assert_eq!(table.screens.len(), 2);
    }

    fn text(table: &ScreenTable, screen: usize) -> Vec<String> {
        let mut encoder = LineEncoder::default();
        let lines = table.screens[screen].lines.iter();
        lines.map(|&row| encoder.encode(&table.rows[row]).text()).collect()
    }

    #[test]
    fn a_capture_after_several_commits_rereads_every_row_they_changed() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 6, 3));
        let mut table = ScreenTable::default();
        let first = table.capture(&frame(1, buffer.clone()));
        // Two generations the step committed, each naming the row it
        // changed; only the last is captured.
        buffer.set_string(0, 0, "top", Style::new());
        let mut second = frame(2, buffer.clone());
        second.changed_rows = Some(vec![0]);
        table.committed(&second);
        buffer.set_string(0, 2, "end", Style::new());
        let mut third = frame(3, buffer.clone());
        third.changed_rows = Some(vec![2]);
        table.committed(&third);
        let last = table.capture(&third);
        assert_ne!(first, last);
        assert_eq!(text(&table, last), ["top", "", "end"], "row 0 changed in the skipped commit");
        // A generation that does not follow the last one committed: every
        // row is compared, whatever it says.
        buffer.set_string(0, 1, "mid", Style::new());
        let mut gap = frame(7, buffer);
        gap.changed_rows = Some(Vec::new());
        table.committed(&gap);
        let after_gap = table.capture(&gap);
        assert_eq!(text(&table, after_gap), ["top", "mid", "end"]);
    }
}
