//! Memoized subtrees: a render carries over what an unchanged subtree
//! recorded in the previous frame — its nodes, handlers, caret and cells —
//! instead of running its body again. The nodes stay where they are in the
//! session's arena and the cells where they are in the kept buffer, so
//! carrying a subtree over costs the same however large it is.
//!
//! A subtree is unchanged when its dependencies (what the app says the body
//! reads), its area, its coordinate space, its layer and its component are
//! the same, no handler inside it ran since, and no interaction state
//! (focus, hover, press) inside it changed. A body that reads anything the
//! frame cannot compare (the clock, another node's state, nested
//! components, overlays, key bindings) is volatile: it renders every time.
//!
//! What a frame keeps of its memoized subtrees (the records, the bodies
//! being recorded, the previous frame offered) is the frame's own state,
//! in `ui/frame_builder/memo_carry.rs`; here is how a render uses it.

use std::hash::{Hash, Hasher};

use ratatui::layout::Rect;
use rustc_hash::FxHasher;

use crate::identity::ComponentPath;
use crate::ui::frame_builder::{ActiveMemo, FrameBuilder, MemoKey, MemoRecord, Slots, holds};
use crate::ui::node::NodeIdx;
use rehearse_core::semantic::Bounds;

mod replay;

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
    frame.viewport().hash(&mut hasher);
    frame.layers().current().hash(&mut hasher);
    owner.hash(&mut hasher);
    hasher.finish()
}

impl FrameBuilder {
    /// Marks the innermost memoized body (and those around it) volatile.
    pub(crate) fn mark_volatile(&self) {
        self.memo.mark_volatile();
    }

    /// Memoized bodies this render ran.
    pub(crate) fn bodies_run(&self) -> u64 {
        self.memo.bodies_run
    }

    /// Memoized bodies this render carried over without running them.
    pub(crate) fn bodies_carried(&self) -> u64 {
        self.memo.bodies_carried
    }

    /// Counts a memoized body that runs (carried over or not memoizable).
    pub(crate) fn count_body_run(&mut self) {
        self.memo.bodies_run += 1;
    }

    /// Notes that the render read or changed node `idx` (its state, its
    /// handlers, its pointer policy). A body that reaches outside itself is
    /// volatile; and a node a memoized body recorded, reached from outside
    /// that body, means the body cannot be carried over next time — the
    /// outside code would change the carried node again.
    pub(crate) fn touch(&self, idx: NodeIdx) {
        let memo = &self.memo;
        let innermost = memo.stack.last();
        let outside = innermost.is_none_or(|active| idx < active.first);
        if innermost.is_some() && outside {
            memo.mark_volatile();
        }
        if !self.nodes[idx].in_memo {
            return;
        }
        // Outside every body being recorded, or inside one that already
        // ended within the innermost (an enclosing body reaching into it).
        let in_ended = innermost.is_some_and(|active| {
            !outside
                && memo.records[active.record + 1..].iter().any(|ended| ended.nodes.contains(idx))
        });
        if outside || in_ended {
            memo.touched_from_outside.borrow_mut().push(idx);
        }
    }

    /// Ends the render for the bodies whose nodes code outside them touched
    /// (see [`touch`](Self::touch)): they render afresh next time, and the
    /// projection of what they hold now is not reused.
    pub(super) fn forget_memos_touched_from_outside(&mut self) {
        let touched = std::mem::take(self.memo.touched_from_outside.get_mut());
        for idx in touched {
            for at in 0..self.memo.records.len() {
                if !holds(&self.memo.records, at, idx) {
                    continue;
                }
                self.memo.records[at].volatile = true;
                self.restamp(at);
            }
        }
    }

    /// Notes paint on the application layer at `area` (screen cells): a
    /// finished memoized body painted over is not carried over next time.
    pub(super) fn note_paint(&mut self, area: Bounds) {
        let active = &self.memo.stack;
        let mut covered = Vec::new();
        covered
            .extend(self.paint.memos_under(area, |memo| active.iter().any(|a| a.record == memo)));
        for memo in covered {
            // A carried-over record's inner ones have no paint of their own.
            let inner = memo + 1..memo + 1 + self.memo.records[memo].inner;
            for at in std::iter::once(memo).chain(inner) {
                if at == memo || !self.memo.records[at].cells.intersection(area).is_empty() {
                    self.memo.records[at].painted_over = true;
                    // What is drawn over its nodes may be what names them.
                    self.restamp(at);
                }
            }
        }
        self.paint.paint(area, None);
    }

    /// Gives the record at `at` a new stamp, so the projection of what it
    /// holds is not reused: it changed after the record was made or
    /// carried over.
    fn restamp(&mut self, at: usize) {
        let record = &self.memo.records[at];
        if record.roots == 1 {
            self.restamp_node(record.first_root);
        }
    }

    /// Gives the memoized subtree node `idx` roots, if it roots one, a new
    /// stamp (see [`restamp`](Self::restamp)).
    pub(crate) fn restamp_node(&mut self, idx: NodeIdx) {
        if self.nodes[idx].memo.is_some() {
            self.nodes[idx].memo = Some(self.memo.next_stamp());
        }
    }

    /// Whether a memoized body may be carried over here at all: memoizing
    /// is on, the body is application content under an ordinary node.
    pub(crate) fn can_memoize(&self) -> bool {
        self.memo.memoize && self.layers().current() == 0 && self.under_node()
    }

    /// Starts recording a memoized body.
    pub(crate) fn begin_memo(
        &mut self,
        key: MemoKey,
        fingerprint: u64,
        cells: Bounds,
        counted_in: u64,
    ) {
        let record = self.memo.records.len();
        let stamp = self.memo.next_stamp();
        let painted_over = self.paint.is_painted(cells);
        let first = self.nodes.len();
        self.memo.records.push(MemoRecord {
            key,
            fingerprint,
            nodes: Slots::new(first..first),
            first_root: 0,
            roots: 0,
            detached: false,
            has_detached: false,
            counted: 0,
            counted_in,
            inner: 0,
            cursor: None,
            cells,
            stamp,
            volatile: false,
            painted_over,
        });
        let parent = self.current_node();
        self.memo.stack.push(ActiveMemo {
            first,
            record,
            volatile_before: self.memo.volatile.get(),
            cursor_sets_before: self.memo.caret_sets,
            children_before: self.nodes[parent].children.len(),
        });
    }

    /// Finishes recording the innermost memoized body.
    pub(crate) fn end_memo(&mut self, parent: NodeIdx) {
        let memo = self.memo.stack.pop().expect("begin_memo before end_memo");
        let end = self.nodes.len();
        let counted = self.sibling_count(parent, self.memo.records[memo.record].counted_in);
        // Its top-level nodes are the children its parent gained, in
        // document order. Chain them, so carrying it over in place reaches
        // them without a search (offsets: moving its nodes keeps them).
        let roots = &self.nodes[parent].children[memo.children_before..];
        let (first_root, root_count) = (roots.first().copied().unwrap_or(0), roots.len());
        for at in memo.children_before + 1..memo.children_before + root_count {
            let (before, root) = {
                let children = &self.nodes[parent].children;
                (children[at - 1], children[at])
            };
            self.nodes[before].next_root = root as isize - before as isize;
        }
        let inner = memo.record + 1..self.memo.records.len();
        let has_detached = self.memo.records[inner.clone()].iter().any(|record| record.detached);
        if root_count == 1 {
            self.nodes[first_root].memo = Some(self.memo.records[memo.record].stamp);
        }
        let volatile = self.memo.volatile.get() != memo.volatile_before;
        let cursor =
            (self.memo.caret_sets != memo.cursor_sets_before).then_some(self.cursor).flatten();
        let record = &mut self.memo.records[memo.record];
        record.nodes = Slots::new(memo.first..end);
        record.first_root = first_root;
        record.roots = root_count;
        record.has_detached = has_detached;
        record.counted = counted;
        record.inner = inner.len();
        record.cursor = cursor;
        record.volatile = volatile;
        let cells = record.cells;
        // Cells of its area that nothing claimed, before it or inside it,
        // still show the previous frame: a fresh render leaves them blank.
        self.blank_unclaimed(cells);
        self.paint.paint(cells, Some(memo.record));
    }
}
