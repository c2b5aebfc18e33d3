//! Memoized subtrees: a render carries over what an unchanged subtree
//! recorded in the previous frame — its nodes, handlers, focus entries,
//! caret and cells — instead of running its body again.
//!
//! A subtree is unchanged when its dependencies (what the app says the body
//! reads), its area, its coordinate space, its layer and its component are
//! the same, no handler inside it ran since, and no interaction state
//! (focus, hover, press) inside it changed. A body that reads anything the
//! frame cannot compare (the clock, another node's state, nested
//! components, overlays, key bindings) is volatile: it renders every time.

use std::hash::{Hash, Hasher};
use std::ops::Range;

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;
use rustc_hash::FxHasher;

use super::frame::{FrameBuilder, NodeIdx, NodeKey, ParentSlot};
use crate::component::ComponentPath;
use crate::semantic::Bounds;

/// Where a memoized subtree sits: its parent node and its key scope there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct MemoKey {
    pub(crate) parent: NodeKey,
    pub(crate) scope: u64,
}

/// What a frame remembers about one memoized subtree.
#[derive(Debug, Clone)]
pub(crate) struct MemoRecord {
    pub(crate) key: MemoKey,
    /// Hash of the dependencies and of everything around the body that it
    /// may read (area, coordinate space, layer, component).
    pub(crate) fingerprint: u64,
    /// The subtree's nodes, contiguous and in document order.
    pub(crate) nodes: Range<NodeIdx>,
    /// The parent's sibling count in the body's key scope afterwards (nodes
    /// with an automation id are not counted: their key is their id).
    pub(crate) counted: usize,
    /// Its entries in the frame's focus order.
    pub(crate) focus: Range<usize>,
    /// Memoized subtrees recorded inside this one (indices into the
    /// frame's records).
    pub(crate) inner: Range<usize>,
    /// Where the body placed the caret, if it did.
    pub(crate) cursor: Option<(u16, u16)>,
    /// The screen cells the body may have drawn on.
    pub(crate) cells: Bounds,
    /// Changes whenever the subtree is rendered afresh, so a projection of
    /// it can tell whether it still describes these nodes.
    pub(crate) stamp: u64,
    /// The body read something the frame cannot compare.
    pub(crate) volatile: bool,
    /// Its cells are not only its own: something was painted beneath it
    /// before it, or over it after it.
    pub(crate) painted_over: bool,
}

/// A memoized body being recorded.
pub(crate) struct ActiveMemo {
    pub(crate) first: NodeIdx,
    pub(crate) record: usize,
    volatile_before: u64,
    cursor_sets_before: u64,
    focus_start: usize,
}

/// What the previous frame offers for reuse.
pub(crate) struct Previous {
    pub(crate) frame: Box<FrameBuilder>,
    /// Its application layer, as drawn.
    pub(crate) cells: Buffer,
    /// The cells belong to the committed generation and go back to it.
    pub(crate) lent: bool,
    /// Nodes of that frame (by index) a memoized subtree must not be
    /// carried over across: a handler ran on them, or their focus, hover or
    /// press state changed.
    pub(crate) stale: Vec<NodeIdx>,
}

impl Previous {
    fn record(&self, key: &MemoKey) -> Option<&MemoRecord> {
        let at = *self.frame.memo_index.get(key)?;
        Some(&self.frame.memos[at])
    }
}

/// The fingerprint of a memoized body's surroundings and dependencies.
pub(crate) fn fingerprint(
    deps: &(impl Hash + ?Sized),
    area: Rect,
    component_area: Rect,
    parent: NodeIdx,
    frame: &FrameBuilder,
    owner: &ComponentPath,
) -> u64 {
    let mut hasher = FxHasher::default();
    deps.hash(&mut hasher);
    area.hash(&mut hasher);
    component_area.hash(&mut hasher);
    // The body's nodes are clipped by their ancestors too.
    frame.nodes[parent].clip.hash(&mut hasher);
    let surface = frame.surface();
    (surface.dx, surface.dy, surface.clip).hash(&mut hasher);
    frame.viewport.hash(&mut hasher);
    frame.current_layer.hash(&mut hasher);
    owner.hash(&mut hasher);
    hasher.finish()
}

impl FrameBuilder {
    /// Marks the innermost memoized body (and those around it) volatile.
    pub(crate) fn mark_volatile(&self) {
        self.volatile.set(self.volatile.get() + 1);
    }

    /// Marks the bodies being recorded volatile if `idx` lies outside the
    /// innermost one: a body that reads or changes another node cannot be
    /// carried over.
    pub(crate) fn touch(&self, idx: NodeIdx) {
        if self.memo_stack.last().is_some_and(|memo| idx < memo.first) {
            self.mark_volatile();
        }
    }

    /// Whether a memoized body may be carried over here at all: memoizing
    /// is on, the body is application content under an ordinary node.
    pub(crate) fn can_memoize(&self) -> bool {
        self.memoize
            && self.current_layer == 0
            && matches!(self.parents.last(), Some(ParentSlot::Node(_)))
    }

    /// Carries over the previous frame's subtree for `key` if it is
    /// unchanged; returns whether it did.
    pub(crate) fn replay(&mut self, key: MemoKey, fingerprint: u64) -> bool {
        let Some(previous) = self.previous.as_ref() else { return false };
        let Some(record) = previous.record(&key) else { return false };
        if record.fingerprint != fingerprint
            || record.volatile
            || record.painted_over
            || self.paint.is_painted(record.cells)
            || previous.cells.area != self.viewport
            || previous.stale.iter().any(|idx| record.nodes.contains(idx))
        {
            return false;
        }
        let record = record.clone();
        let mut previous = self.previous.take().expect("checked above");
        self.carry_over(&mut previous, &record);
        self.previous = Some(previous);
        true
    }

    fn carry_over(&mut self, previous: &mut Previous, record: &MemoRecord) {
        let parent = self.current_node();
        let shift = |idx: NodeIdx, from: &Range<NodeIdx>, to: NodeIdx| idx - from.start + to;
        let first = self.nodes.len();
        let focus_start = self.focus_order.len();
        let records_start = self.memos.len();
        for idx in record.nodes.clone() {
            // A record's nodes are carried over at most once: its key is
            // unique in the frame, and an outer record takes its inner ones.
            let mut node = previous.frame.nodes.take(idx).expect("carried over once");
            let at = self.nodes.len();
            node.parent = match node.parent {
                Some(old) if record.nodes.contains(&old) => Some(shift(old, &record.nodes, first)),
                _ => {
                    self.nodes[parent].children.push(at);
                    Some(parent)
                }
            };
            for child in &mut node.children {
                *child = shift(*child, &record.nodes, first);
            }
            self.index_key(node.key, at);
            self.nodes.push(node);
        }
        for &old in &previous.frame.focus_order[record.focus.clone()] {
            self.focus_order.push(shift(old, &record.nodes, first));
        }
        if let Some(cursor) = record.cursor {
            self.cursor = Some(cursor);
            self.cursor_sets += 1;
        }
        self.copy_cells(&previous.cells, record.cells);
        // The record and the ones inside it, renumbered into this frame.
        let old_base = previous.frame.memo_index.get(&record.key).copied().unwrap_or_default();
        let moved = |old: usize| old - old_base + records_start;
        let renumber = |old: &MemoRecord| MemoRecord {
            nodes: shift(old.nodes.start, &record.nodes, first)
                ..shift(old.nodes.end, &record.nodes, first),
            focus: old.focus.start - record.focus.start + focus_start
                ..old.focus.end - record.focus.start + focus_start,
            inner: moved(old.inner.start)..moved(old.inner.end),
            ..old.clone()
        };
        self.push_record(renumber(record), true);
        for old in record.inner.clone() {
            let inner = renumber(&previous.frame.memos[old]);
            self.push_record(inner, true);
        }
        for at in first..self.nodes.len() {
            if let Some(memo) = self.nodes[at].memo.as_mut() {
                *memo = moved(*memo);
            }
        }
        if record.counted > 0 {
            self.set_sibling_count(parent, record.key.scope, record.counted);
        }
    }

    fn push_record(&mut self, record: MemoRecord, carried: bool) {
        self.memo_index.insert(record.key, self.memos.len());
        if carried {
            // Its cells are in place (a recorded body notes them at its end).
            self.paint.paint(record.cells, Some(self.memos.len()));
        }
        self.memos.push(record);
    }

    /// Starts recording a memoized body.
    pub(crate) fn begin_memo(&mut self, key: MemoKey, fingerprint: u64, cells: Bounds) {
        let record = self.memos.len();
        self.stamps += 1;
        let stamp = self.stamps;
        self.push_record(
            MemoRecord {
                key,
                fingerprint,
                nodes: self.nodes.len()..self.nodes.len(),
                counted: 0,
                focus: self.focus_order.len()..self.focus_order.len(),
                inner: record + 1..record + 1,
                cursor: None,
                cells,
                stamp,
                volatile: false,
                painted_over: self.paint.is_painted(cells),
            },
            false,
        );
        self.memo_stack.push(ActiveMemo {
            first: self.nodes.len(),
            record,
            volatile_before: self.volatile.get(),
            cursor_sets_before: self.cursor_sets,
            focus_start: self.focus_order.len(),
        });
    }

    /// Finishes recording the innermost memoized body.
    pub(crate) fn end_memo(&mut self, parent: NodeIdx) {
        let memo = self.memo_stack.pop().expect("begin_memo before end_memo");
        let end = self.nodes.len();
        let counted = self.sibling_count(parent, self.memos[memo.record].key.scope);
        let roots = (memo.first..end)
            .filter(|&at| self.nodes[at].parent.is_none_or(|of| of < memo.first))
            .count();
        let volatile = self.volatile.get() != memo.volatile_before
            || self.focus_order[memo.focus_start..].iter().any(|&idx| idx < memo.first);
        let cursor = (self.cursor_sets != memo.cursor_sets_before).then_some(self.cursor).flatten();
        let records_end = self.memos.len();
        let record = &mut self.memos[memo.record];
        record.nodes = memo.first..end;
        record.counted = counted;
        record.focus = memo.focus_start..self.focus_order.len();
        record.inner = memo.record + 1..records_end;
        record.cursor = cursor;
        record.volatile = volatile;
        let cells = record.cells;
        self.paint.paint(cells, Some(memo.record));
        if roots == 1 && end > memo.first {
            self.nodes[memo.first].memo = Some(memo.record);
        }
    }
}

impl FrameBuilder {
    /// Copies the cells of `area` (screen coordinates) from a buffer of the
    /// same size into the application layer. A row that still shows an
    /// older frame is blanked around the copy, not under it.
    fn copy_cells(&mut self, from: &Buffer, area: Bounds) {
        let Some(area) = area.intersection(Bounds::from(from.area)).to_rect() else { return };
        let width = usize::from(from.area.width);
        let (left, right) = (usize::from(area.x), usize::from(area.right()));
        let to = &mut self.layers[0].buffer;
        for row in area.y..area.bottom() {
            let start = usize::from(row) * width;
            let line = &mut to.content[start..start + width];
            if let Some(stale) = self.stale_rows.get_mut(usize::from(row))
                && std::mem::take(stale)
            {
                line[..left].iter_mut().for_each(Cell::reset);
                line[right..].iter_mut().for_each(Cell::reset);
            }
            line[left..right].clone_from_slice(&from.content[start + left..start + right]);
        }
    }
}
