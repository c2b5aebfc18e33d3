//! The screen tree: what `text~"…"` and `col,row` selectors resolve against
//! on the terminal plane.
//!
//! A program publishes no semantic tree, so the plane builds one from the
//! grid: a synthetic `application` root the size of the screen, and under it
//! one `text` node per non-blank screen line. A line's name is its text from
//! its first to its last non-blank cell (blank cells between are spaces, the
//! second half of a wide character adds nothing); its bounds are that run of
//! cells on its row. `text~"…"` then matches the lines that contain the text
//! (the root has no name), and a pointer action goes to the centre of the
//! matched text itself, not of the line ([`LineMap::locate`]).

use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use rehearse_core::semantic::{Bounds, Generation, NodeIdentity, SemanticNode, SemanticTree};
use rehearse_core::{REDACTED, TypedSecrets};
use rehearse_lang::{ActionSet, SemanticAction, SemanticRole};

use crate::emulator::Emulator;

/// Where each character of a line's name sits on the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LineMap {
    /// The screen row.
    pub(crate) row: u16,
    /// For each character of the name, in order: its first column and its
    /// width in cells.
    pub(crate) cells: Vec<(u16, u8)>,
}

impl LineMap {
    /// The cells `text` covers at its first occurrence in `name` (the line's
    /// name), as a first column and a width; `None` when it is not there.
    pub(crate) fn locate(&self, name: &str, text: &str) -> Option<(u16, u16)> {
        let byte = name.find(text)?;
        self.locate_span(name, byte..byte + text.len())
    }

    /// The cells the characters at bytes `span` of `name` (the line's name)
    /// cover, as a first column and a width; `None` when the span is not
    /// in it.
    pub(crate) fn locate_span(&self, name: &str, span: Range<usize>) -> Option<(u16, u16)> {
        let start = name.get(..span.start)?.chars().count();
        let len = name.get(span)?.chars().count().max(1);
        let first = self.cells.get(start)?;
        let last = self.cells.get(start + len - 1)?;
        let end = last.0 + u16::from(last.1.max(1));
        Some((first.0, end.saturating_sub(first.0)))
    }
}

/// The screen as a tree, with the map of each line's characters to cells.
pub(crate) struct ScreenTree {
    /// The tree.
    pub(crate) tree: SemanticTree,
    /// One map per `text` node, indexed by the node's identity.
    pub(crate) lines: Vec<LineMap>,
}

/// Collects the `text` nodes row by row, as the cells are visited.
pub(crate) struct TreeBuilder {
    root: SemanticNode,
    lines: Vec<LineMap>,
    name: String,
    cells: Vec<(u16, u8)>,
    /// Blank cells after the last non-blank one of the current row.
    blanks: Vec<u16>,
}

impl TreeBuilder {
    /// A builder for a screen of `cols` × `rows`.
    pub(crate) fn new(cols: u16, rows: u16) -> Self {
        Self {
            root: SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, cols, rows)),
            lines: Vec::new(),
            name: String::new(),
            cells: Vec::new(),
            blanks: Vec::new(),
        }
    }

    /// One cell of the current row, in column order.
    pub(crate) fn cell(&mut self, col: u16, text: &str, width: u8) {
        if width == 0 {
            return;
        }
        if text.is_empty() || text.chars().all(char::is_whitespace) {
            // Blanks before the first non-blank cell are skipped.
            if !self.cells.is_empty() {
                self.blanks.push(col);
            }
            return;
        }
        for blank in self.blanks.drain(..) {
            self.name.push(' ');
            self.cells.push((blank, 1));
        }
        // A cell holds one character and any combining marks: the marks
        // share its cell.
        for (index, character) in text.chars().enumerate() {
            self.name.push(character);
            self.cells.push((col, if index == 0 { width } else { 0 }));
        }
    }

    /// Ends row `row`: a `text` node when it held a non-blank cell.
    pub(crate) fn end_row(&mut self, row: u16) {
        if let Some(line) = self.take_row(row) {
            self.push(line);
        }
    }

    /// Ends row `row` and hands back its `text` node (identity not set yet)
    /// and line map, when it held a non-blank cell.
    fn take_row(&mut self, row: u16) -> Option<(SemanticNode, LineMap)> {
        self.blanks.clear();
        let cells = std::mem::take(&mut self.cells);
        let name = std::mem::take(&mut self.name);
        let (Some(first), Some(last)) = (cells.first(), cells.last()) else { return None };
        let width = last.0 + u16::from(last.1.max(1)) - first.0;
        let bounds = Bounds::new(first.0.into(), row.into(), width, 1);
        let actions = ActionSet::from_slice(&[SemanticAction::Click, SemanticAction::Drag]);
        let node =
            SemanticNode::new(SemanticRole::Text, bounds).with_name(name).with_actions(actions);
        Some((node, LineMap { row, cells }))
    }

    /// Adds a line's node, numbered in order.
    fn push(&mut self, (mut node, map): (SemanticNode, LineMap)) {
        node.identity = NodeIdentity(self.lines.len() as u64);
        self.root.children.push(node);
        self.lines.push(map);
    }

    /// The tree of generation `generation`.
    pub(crate) fn finish(self, generation: Generation) -> ScreenTree {
        let Bounds { width, height, .. } = self.root.bounds;
        let tree = SemanticTree::new(generation, Size::new(width, height), self.root);
        ScreenTree { tree, lines: self.lines }
    }
}

/// Hides what was typed as a secret in a screen tree's lines, as every
/// output that shows the tree (a wait's diagnostic, a selector's hint)
/// must: each piece of a secret reads [`REDACTED`] in its line's name —
/// a secret the screen wrapped is found across the lines — and the line's
/// map of characters to cells follows, so text after it is still located
/// where it is on screen. Only for a freshly built tree: a name already
/// redacted is never redacted again.
pub(crate) fn redact_lines(tree: &mut SemanticTree, lines: &mut [LineMap], secrets: &TypedSecrets) {
    if secrets.is_empty() {
        return;
    }
    let mut joined = String::new();
    let mut starts = Vec::with_capacity(tree.root.children.len());
    for node in &tree.root.children {
        starts.push(joined.len());
        joined.push_str(&node.name);
        joined.push('\n');
    }
    let found = secrets.find(&joined);
    if found.is_empty() {
        return;
    }
    for (node, start) in tree.root.children.iter_mut().zip(starts) {
        let end = start + node.name.len();
        let pieces: Vec<std::ops::Range<usize>> = found
            .iter()
            .filter(|range| range.start < end && range.end > start)
            .map(|range| range.start.max(start) - start..range.end.min(end) - start)
            .collect();
        let Some(map) = usize::try_from(node.identity.0).ok().and_then(|at| lines.get_mut(at))
        else {
            continue;
        };
        if pieces.is_empty() {
            continue;
        }
        let mut name = String::with_capacity(node.name.len());
        let mut cells = Vec::with_capacity(map.cells.len());
        let mut pieces = pieces.into_iter().peekable();
        let mut chars = node.name.char_indices().enumerate().peekable();
        while let Some((index, (byte, character))) = chars.next() {
            match pieces.peek() {
                Some(piece) if piece.start == byte => {
                    // The piece's characters, and the cells they covered.
                    let mut covered = vec![map.cells[index]];
                    while chars.peek().is_some_and(|(_, (at, _))| *at < piece.end) {
                        let (next, _) = chars.next().expect("peeked");
                        covered.push(map.cells[next]);
                    }
                    pieces.next();
                    for (at, shown) in REDACTED.chars().enumerate() {
                        name.push(shown);
                        let last = at + 1 == REDACTED.len();
                        cells.push(if last {
                            covered[covered.len() - 1]
                        } else {
                            covered[at.min(covered.len() - 1)]
                        });
                    }
                }
                _ => {
                    name.push(character);
                    cells.push(map.cells[index]);
                }
            }
        }
        node.name = name;
        map.cells = cells;
    }
}

/// Builds the screen tree of what `emulator` shows now (the plane reads
/// it with its cells in one pass; the tests compare snapshots with it).
/// Reads `pty`'s emulator under the session's lock with its screen epoch
/// (which changes whenever the grid may have: output, a resize) and, when
/// `terminal` is true, the [`TerminalState`](rehearse_core::TerminalState)
/// of the same instant (typed secrets hidden).
pub(super) fn with_emulator_state<R>(
    pty: &crate::session::PtySession,
    terminal: bool,
    read: impl FnOnce(&dyn crate::emulator::Emulator, u64) -> R,
) -> (R, Option<rehearse_core::TerminalState>) {
    let state = pty.shared.lock();
    let emulator = state.emulator.as_ref();
    let terminal =
        terminal.then(|| crate::artifacts::terminal_state(emulator, state.exit, &state.secrets));
    (read(emulator, state.screen_epoch), terminal)
}

#[cfg(test)]
pub(crate) fn screen_tree(emulator: &dyn Emulator, generation: Generation) -> ScreenTree {
    let (rows, cols) = emulator.size();
    let mut builder = TreeBuilder::new(cols, rows);
    for row in 0..rows {
        emulator.visit_row(row, &mut |col, text, width, _| builder.cell(col, text, width));
        builder.end_row(row);
    }
    builder.finish(generation)
}

/// Takes snapshots of one emulator's screen, re-reading only the rows that
/// changed since the last one.
///
/// A commit reads the whole grid into a ratatui `Buffer` and the screen
/// tree; at 80x24 that is about a million instructions when every cell is
/// visited (vt100 finds each cell from the top of the screen, ratatui sets
/// each symbol). Between two commits a program usually redraws a few rows,
/// so the snapshotter keeps each row's key ([`Emulator::row_keys`], a
/// faithful encoding of the row) and its `text` node, and visits only the
/// rows whose key changed; the rest of the buffer is the last snapshot's.
#[derive(Default)]
pub(crate) struct Snapshotter {
    /// The screen epoch the last snapshot read (see
    /// [`PtySession::with_emulator_epoch`](crate::session::PtySession)).
    epoch: Option<u64>,
    /// Each row's key as the last snapshot read it.
    keys: Vec<String>,
    /// This snapshot's keys (kept to reuse the vector).
    fresh: Vec<String>,
    /// Each row's `text` node and line map, `None` for a blank row.
    rows: Vec<Option<(SemanticNode, LineMap)>>,
}

impl Snapshotter {
    /// Whether the grid is the one the last snapshot read: nothing was
    /// output and nothing resized since (`epoch` is the session's count).
    pub(crate) fn unchanged(&self, epoch: u64) -> bool {
        self.epoch == Some(epoch)
    }

    /// Makes the next [`take`](Self::take) build the screen tree again even
    /// when the grid has not changed (the committed tree was replaced).
    pub(crate) fn forget_epoch(&mut self) {
        self.epoch = None;
    }

    /// The screen tree of what `emulator` shows (at screen epoch `epoch`),
    /// bringing `buffer` up to date with it. `buffer` must be the buffer the
    /// last call brought up to date (any other content is only safe when
    /// its size differs from the screen's, which makes this read every row).
    pub(crate) fn take(
        &mut self,
        emulator: &dyn Emulator,
        epoch: u64,
        buffer: &mut Buffer,
        generation: Generation,
    ) -> ScreenTree {
        let (rows, cols) = emulator.size();
        let area = Rect::new(0, 0, cols, rows);
        if buffer.area != area || self.rows.len() != usize::from(rows) {
            *buffer = Buffer::empty(area);
            self.keys.clear();
            self.rows.clear();
            self.rows.resize(usize::from(rows), None);
        }
        emulator.row_keys(&mut self.fresh);
        let mut builder = TreeBuilder::new(cols, rows);
        for (row, key) in (0..rows).zip(&self.fresh) {
            let index = usize::from(row);
            if self.keys.get(index) == Some(key) {
                continue;
            }
            emulator.visit_row(row, &mut |col, text, width, style| {
                crate::artifacts::set_cell(buffer, col, row, text, width, style);
                builder.cell(col, text, width);
            });
            self.rows[index] = builder.take_row(row);
        }
        std::mem::swap(&mut self.keys, &mut self.fresh);
        self.epoch = Some(epoch);
        for line in self.rows.iter().flatten() {
            builder.push(line.clone());
        }
        builder.finish(generation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emulator::Vt100Emulator;

    fn emulator(bytes: &[u8]) -> Vt100Emulator {
        let mut emulator = Vt100Emulator::new(4, 20, 0);
        let _ = emulator.feed(bytes);
        emulator
    }

    #[test]
    fn one_text_node_per_non_blank_line_with_its_run_of_cells() {
        let emulator = emulator(b"  hello  world\r\n\r\n\x1b[5Cend");
        let screen = screen_tree(&emulator, Generation(1));
        let lines: Vec<(String, Bounds)> =
            screen.tree.root.children.iter().map(|n| (n.name.clone(), n.bounds)).collect();
        assert_eq!(
            lines,
            [
                ("hello  world".to_owned(), Bounds::new(2, 0, 12, 1)),
                ("end".to_owned(), Bounds::new(5, 2, 3, 1)),
            ]
        );
        assert!(screen.tree.root.name.is_empty(), "the root never matches text~");
        assert_eq!(screen.tree.root.bounds, Bounds::new(0, 0, 20, 4));
    }

    /// Feeds each step's bytes, then checks the incremental snapshot against
    /// a full read of the grid: the same buffer, tree and line maps.
    #[test]
    fn a_snapshot_that_rereads_changed_rows_equals_a_full_read() {
        let mut emulator = Vt100Emulator::new(4, 12, 0);
        let mut snapshotter = Snapshotter::default();
        let mut buffer = Buffer::empty(Rect::ZERO);
        let steps: [&[u8]; 9] = [
            b"hello\r\nworld",
            // Text on one row only.
            b"\x1b[1;1Hjello",
            // A style alone (no text changes): reverse video on a word.
            b"\x1b[2;1H\x1b[7mworld\x1b[0m",
            // A coloured blank (erase with a background).
            b"\x1b[3;1H\x1b[44m\x1b[K\x1b[0m",
            // Wide characters, then one overwritten by half.
            "\x1b[4;1H中文ok".as_bytes(),
            "\x1b[4;2Hx".as_bytes(),
            // Output that changes nothing.
            b"\x1b[1;1Hjello",
            // Scrolling moves every row.
            b"\x1b[4;1H\n\n",
            b"\x1b[2J",
        ];
        for (epoch, bytes) in steps.into_iter().enumerate() {
            let _ = emulator.feed(bytes);
            let generation = Generation(epoch as u64 + 1);
            let screen = snapshotter.take(&emulator, epoch as u64, &mut buffer, generation);
            let full = screen_tree(&emulator, generation);
            assert_eq!(buffer, crate::artifacts::to_buffer(&emulator), "after step {epoch}");
            assert_eq!(screen.tree, full.tree, "after step {epoch}");
            assert_eq!(screen.lines, full.lines, "after step {epoch}");
            assert!(snapshotter.unchanged(epoch as u64));
        }
        // A resize makes it read every row again.
        emulator.resize(3, 8);
        let screen = snapshotter.take(&emulator, 99, &mut buffer, Generation(99));
        assert_eq!(buffer, crate::artifacts::to_buffer(&emulator));
        assert_eq!(screen.tree, screen_tree(&emulator, Generation(99)).tree);
    }

    /// Rows whose key did not change are not visited again: the key alone
    /// decides, so a row is re-read exactly when its cells changed.
    #[test]
    fn only_rows_whose_cells_changed_are_read_again() {
        let mut emulator = Vt100Emulator::new(3, 10, 0);
        let _ = emulator.feed(b"one\r\ntwo\r\nthree");
        let mut before = Vec::new();
        emulator.row_keys(&mut before);
        let _ = emulator.feed(b"\x1b[2;1H\x1b[1mtwo\x1b[0m");
        let mut after = Vec::new();
        emulator.row_keys(&mut after);
        let changed: Vec<bool> = before.iter().zip(&after).map(|(a, b)| a != b).collect();
        assert_eq!(changed, [false, true, false], "bold alone changes the row's key");
    }

    #[test]
    fn a_typed_secret_is_hidden_in_the_lines_and_text_after_it_keeps_its_cells() {
        // 12 columns: the second secret wraps from row 2 to row 3.
        let mut emulator = Vt100Emulator::new(4, 12, 0);
        let _ = emulator.feed(b"pw hunter2 ok\r\n");
        let _ = emulator.feed(b"\x1b[2;1Habcdefghhunt\x1b[3;1Her2 done");
        let mut screen = screen_tree(&emulator, Generation(1));
        let mut secrets = TypedSecrets::new();
        secrets.add("hunter2");
        redact_lines(&mut screen.tree, &mut screen.lines, &secrets);
        let names: Vec<&str> = screen.tree.root.children.iter().map(|n| n.name.as_str()).collect();
        // (Row 2 was written over; `k` wrapped there first.)
        assert_eq!(names, ["pw <redacted> o", "abcdefgh<redacted>", "<redacted> done"]);
        // `done` and `o` are still where the screen shows them.
        let line = &screen.tree.root.children[2];
        assert_eq!(screen.lines[2].locate(&line.name, "done"), Some((4, 4)));
        assert_eq!(screen.lines[0].locate(&screen.tree.root.children[0].name, " o"), Some((10, 2)));
        assert_eq!(
            screen.lines[0].locate(&screen.tree.root.children[0].name, "<redacted>"),
            Some((3, 7))
        );
    }

    #[test]
    fn matched_text_is_located_by_cells_across_wide_characters() {
        let emulator = emulator("中文 ok".as_bytes());
        let screen = screen_tree(&emulator, Generation(1));
        let line = &screen.tree.root.children[0];
        assert_eq!(line.name, "中文 ok");
        assert_eq!(line.bounds, Bounds::new(0, 0, 7, 1));
        let map = &screen.lines[0];
        assert_eq!(map.locate(&line.name, "ok"), Some((5, 2)));
        assert_eq!(map.locate(&line.name, "文"), Some((2, 2)));
        assert_eq!(map.locate(&line.name, "nope"), None);
        assert_eq!(map.locate_span(&line.name, 0..line.name.len() + 1), None);
    }

    #[test]
    fn a_span_is_located_where_it_is_not_where_its_text_first_is() {
        let emulator = emulator("ok 文 ok".as_bytes());
        let screen = screen_tree(&emulator, Generation(1));
        let (line, map) = (&screen.tree.root.children[0], &screen.lines[0]);
        let second = line.name.rfind("ok").unwrap();
        assert_eq!(map.locate(&line.name, "ok"), Some((0, 2)));
        assert_eq!(map.locate_span(&line.name, second..second + 2), Some((6, 2)));
    }
}
