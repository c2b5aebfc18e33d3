//! Screens as a trace keeps them: every distinct style, line and screen
//! once. A capture compares the frame with the last one captured row by
//! row and encodes only the rows that changed.

use std::collections::HashMap;

use ratatui::buffer::{Buffer, Cell, CellWidth};
use ratatui::style::Color;

use crate::CommittedFrame;
use crate::artifacts::{CellStyle, color_name, modifier_names, visible_symbol};
use crate::trace::model::{LineRecord, ScreenRecord, StyleRecord};

/// The distinct screens, lines and styles of one trace.
#[derive(Debug, Default)]
pub(crate) struct ScreenTable {
    pub(crate) styles: Vec<StyleRecord>,
    style_ids: HashMap<CellStyle, u32>,
    pub(crate) lines: Vec<LineRecord>,
    line_ids: HashMap<LineRecord, usize>,
    pub(crate) screens: Vec<ScreenRecord>,
    screen_ids: HashMap<ScreenRecord, usize>,
    /// The last frame captured, to skip the rows it shares.
    mirror: Option<Mirror>,
    /// The rows the generations committed since the mirrored one may have
    /// changed, as their frames said.
    damage: Damage,
    /// About what the lines take in `trace.json`.
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
struct Mirror {
    generation: u64,
    buffer: Buffer,
    screen: usize,
}

impl ScreenTable {
    /// A generation was committed (and may be captured later, or not: a
    /// step captures only the last it committed): gathers the rows it
    /// changed, so a later capture compares only the rows every generation
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

    /// The rows that may differ between the mirrored generation
    /// (`mirrored`) and `frame`, when known.
    fn hint<'a>(&'a self, mirrored: u64, frame: &'a CommittedFrame) -> Option<&'a [u16]> {
        let generation = frame.generation.0;
        let damage = &self.damage;
        if damage.from == mirrored && damage.to == generation {
            damage.rows.as_deref()
        } else if mirrored.checked_add(1) == Some(generation) {
            frame.changed_rows.as_deref()
        } else {
            None
        }
    }

    /// The screen `frame` shows, as an index into `screens`.
    pub(crate) fn capture(&mut self, frame: &CommittedFrame) -> usize {
        let generation = frame.generation.0;
        let buffer = &frame.buffer;
        let width = usize::from(buffer.area.width);
        let height = usize::from(buffer.area.height);
        let cursor = frame
            .cursor
            .filter(|&(col, row)| col < buffer.area.width && row < buffer.area.height)
            .map(|(col, row)| [col, row]);
        let mirror = self.mirror.take();
        let mut lines = Vec::with_capacity(height);
        let mut mirror = match mirror {
            Some(mirror)
                if mirror.generation == generation && mirror.buffer.area == buffer.area =>
            {
                let screen = mirror.screen;
                self.mirror = Some(mirror);
                return screen;
            }
            Some(mut mirror) if mirror.buffer.area == buffer.area => {
                let before = &self.screens[mirror.screen];
                lines.extend_from_slice(&before.lines);
                // The plane's hint, when the frames since the mirrored one
                // said which rows they changed: only those may differ.
                let hinted = self.hint(mirror.generation, frame);
                let mut check = |row: usize, lines: &mut Vec<usize>| {
                    let range = row * width..(row + 1) * width;
                    let cells = &buffer.content[range.clone()];
                    if mirror.buffer.content[range.clone()] != *cells {
                        mirror.buffer.content[range].clone_from_slice(cells);
                        lines[row] = usize::MAX;
                    }
                };
                match hinted {
                    Some(rows) => {
                        for &row in rows.iter().filter(|&&row| usize::from(row) < height) {
                            check(usize::from(row), &mut lines);
                        }
                    }
                    None => (0..height).for_each(|row| check(row, &mut lines)),
                }
                mirror
            }
            _ => {
                lines.resize(height, usize::MAX);
                Mirror { generation, buffer: buffer.clone(), screen: 0 }
            }
        };
        for (row, line) in lines.iter_mut().enumerate() {
            if *line == usize::MAX {
                let record = self.encode(&buffer.content[row * width..(row + 1) * width]);
                *line = self.intern_line(record);
            }
        }
        let record =
            ScreenRecord { cols: buffer.area.width, rows: buffer.area.height, cursor, lines };
        let screen = match self.screen_ids.get(&record) {
            Some(&screen) => screen,
            None => {
                self.bytes += 40 + record.lines.len() * 4;
                self.screens.push(record.clone());
                self.screen_ids.insert(record, self.screens.len() - 1);
                self.screens.len() - 1
            }
        };
        mirror.generation = generation;
        mirror.screen = screen;
        self.mirror = Some(mirror);
        self.damage = Damage { from: generation, to: generation, rows: Some(Vec::new()) };
        screen
    }

    /// Keeps the styles and replaces the lines and screens (after a
    /// compaction); the next capture starts afresh.
    pub(crate) fn replace(&mut self, lines: Vec<LineRecord>, screens: Vec<ScreenRecord>) {
        self.line_ids = lines.iter().cloned().enumerate().map(|(at, line)| (line, at)).collect();
        self.screen_ids =
            screens.iter().cloned().enumerate().map(|(at, screen)| (screen, at)).collect();
        self.bytes = lines.iter().map(line_bytes).sum::<usize>()
            + screens.iter().map(|screen| 40 + screen.lines.len() * 4).sum::<usize>();
        self.lines = lines;
        self.screens = screens;
        self.mirror = None;
    }

    fn intern_line(&mut self, record: LineRecord) -> usize {
        if let Some(&line) = self.line_ids.get(&record) {
            return line;
        }
        self.bytes += line_bytes(&record);
        self.lines.push(record.clone());
        self.line_ids.insert(record, self.lines.len() - 1);
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

    /// One row's cells as a line record.
    fn encode(&mut self, row: &[Cell]) -> LineRecord {
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

/// About what a line takes in `trace.json`.
pub(crate) fn line_bytes(line: &LineRecord) -> usize {
    let cells = line.text.as_ref().map_or(0, String::len)
        + line.cells.as_ref().map_or(0, |cells| cells.iter().map(|cell| cell.len() + 3).sum());
    24 + cells + line.spans.len() * 14
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
        assert_eq!(a.lines[..2], b.lines[..2], "unchanged rows are the same lines");
        assert_eq!(a.cursor, Some([1, 0]));
        let top = &table.lines[a.lines[0]];
        assert_eq!(top.text.as_deref(), Some("ab"));
        assert_eq!(top.spans, vec![[0, 2, 0]]);
        assert_eq!(table.styles[0].fg.as_deref(), Some("cyan"));
        let wide = &table.lines[a.lines[1]];
        assert_eq!(wide.cells, Some(vec!["中".to_owned(), String::new(), "x".to_owned()]));
        assert_eq!(wide.text(), "中x");
        assert_eq!(table.lines[a.lines[2]].text.as_deref(), Some(""), "a blank row is empty");
    }

    fn text(table: &ScreenTable, screen: usize) -> Vec<String> {
        table.screens[screen].lines.iter().map(|&line| table.lines[line].text()).collect()
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
