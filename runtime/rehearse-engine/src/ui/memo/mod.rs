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

use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};
use std::ops::Range;

use fixedbitset::FixedBitSet;
use ratatui::layout::Rect;
use rustc_hash::{FxHashMap, FxHasher};

use crate::identity::ComponentPath;
use crate::ui::frame_builder::FrameBuilder;
use crate::ui::key::NodeKey;
use crate::ui::node::NodeIdx;
use rehearse_core::semantic::Bounds;

mod replay;

/// Where a memoized subtree sits: its parent node and its key scope there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct MemoKey {
    pub(super) parent: NodeKey,
    pub(super) scope: u64,
}

/// A range of arena slots, `Copy` so records copy as plain bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slots {
    start: NodeIdx,
    end: NodeIdx,
}

impl Slots {
    fn new(range: Range<NodeIdx>) -> Self {
        Self { start: range.start, end: range.end }
    }

    fn range(self) -> Range<NodeIdx> {
        self.start..self.end
    }

    fn contains(self, idx: NodeIdx) -> bool {
        (self.start..self.end).contains(&idx)
    }
}

/// What a frame remembers about one memoized subtree.
#[derive(Debug, Clone, Copy)]
struct MemoRecord {
    key: MemoKey,
    /// Hash of the dependencies and of everything around the body that it
    /// may read (area, coordinate space, layer, component).
    fingerprint: u64,
    /// The nodes its body recorded, or moved, into the arena: contiguous
    /// and in document order. Records inside it carried over in place
    /// (`detached`) hold the rest of its nodes.
    nodes: Slots,
    /// Its first top-level node (a child of the node it was recorded
    /// under), if it has any.
    first_root: NodeIdx,
    /// How many top-level nodes it has: `first_root` and those its
    /// `next_root` chain reaches.
    roots: usize,
    /// Its nodes lie outside the `nodes` of the record it is inside: it was
    /// carried over in place while that one rendered.
    detached: bool,
    /// Some record inside it is detached: its nodes are not one range, so
    /// it can be kept in place but not moved.
    has_detached: bool,
    /// The parent's sibling count in `counted_in` afterwards (nodes with an
    /// automation id are not counted: their key is their id).
    counted: usize,
    /// The key scope its top-level nodes are counted in: its own, or for a
    /// group the one around it.
    counted_in: u64,
    /// How many memoized subtrees were recorded inside this one: the
    /// records right after it. Relative, so carrying records over copies
    /// them as they are.
    inner: usize,
    /// Where the body placed the caret, if it did.
    cursor: Option<(u16, u16)>,
    /// The screen cells the body may have drawn on.
    cells: Bounds,
    /// Changes whenever the subtree is rendered afresh, so a projection of
    /// it can tell whether it still describes these nodes.
    stamp: u64,
    /// The body read something the frame cannot compare.
    volatile: bool,
    /// Its cells are not only its own: something was painted beneath it
    /// before it, or over it after it.
    painted_over: bool,
}

/// A memoized body being recorded.
struct ActiveMemo {
    first: NodeIdx,
    record: usize,
    volatile_before: u64,
    cursor_sets_before: u64,
    /// How many children its parent had when it began: the ones added
    /// since are its top-level nodes.
    children_before: usize,
}

/// What the previous frame offers for reuse.
pub(crate) struct Previous {
    pub(super) frame: Box<FrameBuilder>,
    /// Nodes of that frame (by index) a memoized subtree must not be
    /// carried over across: a handler ran on them, or their focus, hover or
    /// press state changed.
    stale: Vec<NodeIdx>,
    /// The record a render in document order looks for next.
    cursor: usize,
    /// Its records by key, built the first time the cursor guesses wrong.
    index: FxHashMap<MemoKey, usize>,
}

impl Previous {
    /// The frame offered with `stale` nodes.
    pub(crate) fn new(frame: Box<FrameBuilder>, stale: Vec<NodeIdx>) -> Self {
        Self { frame, stale, cursor: 0, index: FxHashMap::default() }
    }

    /// The index of the record for `key`. A render visits memoized bodies
    /// in the order the previous one did, so the cursor usually has it.
    fn find(&mut self, key: &MemoKey) -> Option<usize> {
        let records = &self.frame.memo.records;
        let at = match records.get(self.cursor) {
            Some(record) if record.key == *key => self.cursor,
            _ => {
                if self.index.is_empty() {
                    self.index.extend(records.iter().enumerate().map(|(at, r)| (r.key, at)));
                }
                *self.index.get(key)?
            }
        };
        // Its body, if it renders, visits the records inside it next.
        self.cursor = at + 1;
        Some(at)
    }
}

/// The ranges of arena slots that hold the nodes of the record at `at`: its
/// own range and those of the records inside it carried over in place.
fn segments(records: &[MemoRecord], at: usize) -> impl Iterator<Item = Range<NodeIdx>> + '_ {
    let record = &records[at];
    // Only a record with detached ones inside needs a look at them.
    let inner = if record.has_detached { &records[at + 1..at + 1 + record.inner] } else { &[] };
    let detached = inner.iter().filter(|inner| inner.detached);
    std::iter::once(record.nodes.range()).chain(detached.map(|inner| inner.nodes.range()))
}

/// Whether slot `idx` holds a node of the record at `at`.
fn holds(records: &[MemoRecord], at: usize, idx: NodeIdx) -> bool {
    segments(records, at).any(|range| range.contains(&idx))
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
    frame.viewport().hash(&mut hasher);
    frame.layers().current().hash(&mut hasher);
    owner.hash(&mut hasher);
    hasher.finish()
}

/// The memo carry state of one render: what the previous frame offers,
/// which of its records were carried over, the records of this render in
/// document order, the bodies being recorded, and the counters that tell
/// whether a body stayed comparable (volatile reads, caret placements).
///
/// Its invariants hold here: a record is carried over at most once (with
/// the records inside it), records lie in document order with `inner`
/// counting the ones right after each, and every rendering of a body gets
/// a stamp no other rendering had.
#[derive(Default)]
pub(super) struct MemoCarry {
    /// Whether memoized bodies may be carried over at all.
    memoize: bool,
    /// What the previous frame offers memoized bodies.
    previous: Option<Previous>,
    /// The arena is the previous frame's: unchanged subtrees stay in place.
    shared_arena: bool,
    /// The previous frame's records already carried over (with the records
    /// inside them), by index.
    carried: FixedBitSet,
    /// Memoized subtrees recorded in this pass, in document order.
    records: Vec<MemoRecord>,
    /// Memoized bodies being recorded, innermost last.
    stack: Vec<ActiveMemo>,
    /// Counts reads a memoized body cannot be carried over across.
    volatile: Cell<u64>,
    /// Counts caret placements.
    caret_sets: u64,
    /// The last memo stamp handed out (carried from frame to frame).
    stamps: u64,
    /// Nodes memoized bodies recorded that code outside those bodies read
    /// or changed in this render (see `FrameBuilder::touch`).
    touched_from_outside: RefCell<Vec<NodeIdx>>,
    /// Memoized bodies this render ran.
    bodies_run: u64,
    /// Memoized bodies this render carried over without running them.
    bodies_carried: u64,
    /// Allocations handed on to the next frame.
    spare: Recycled,
}

/// What a frame's carry state hands on to the next one: allocations, and
/// the stamp counter (stamps never repeat within a session).
#[derive(Default)]
pub(super) struct Recycled {
    records: Vec<MemoRecord>,
    index: FxHashMap<MemoKey, usize>,
    carried: FixedBitSet,
    stamps: u64,
}

impl MemoCarry {
    /// The carry state of a new render: `previous` (when carrying over is
    /// possible at all) offers its records; `shared_arena` says whether its
    /// nodes stay in place.
    pub(super) fn start(
        recycled: Recycled,
        memoize: bool,
        mut previous: Option<Previous>,
        shared_arena: bool,
    ) -> Self {
        let Recycled { mut records, index, mut carried, stamps } = recycled;
        carried.clear();
        carried.grow(previous.as_ref().map_or(0, |previous| previous.frame.memo.records.len()));
        records.clear();
        if let Some(previous) = previous.as_mut() {
            previous.index = index;
        }
        Self { memoize, previous, shared_arena, carried, records, stamps, ..Self::default() }
    }

    /// Hands the allocations and the stamp counter on to the next render.
    pub(super) fn hand_on(&mut self) -> Recycled {
        Recycled { stamps: self.stamps, ..std::mem::take(&mut self.spare) }
    }

    /// Lets go of the previous frame, keeping its allocations for the next.
    pub(super) fn release_previous(&mut self) {
        if let Some(previous) = self.previous.take() {
            let mut old = previous.frame;
            self.spare.records = std::mem::take(&mut old.memo.records);
            self.spare.index = previous.index;
            self.spare.index.clear();
            self.spare.carried = std::mem::take(&mut old.memo.carried);
        }
    }

    /// Whether a memoized body is being recorded.
    #[inline]
    pub(super) fn recording(&self) -> bool {
        !self.stack.is_empty()
    }

    /// Counts a caret placement (a body replays a caret it placed).
    pub(super) fn note_caret(&mut self) {
        self.caret_sets += 1;
    }

    /// Marks the bodies being recorded volatile.
    fn mark_volatile(&self) {
        self.volatile.set(self.volatile.get() + 1);
    }

    /// A stamp no rendering had before.
    fn next_stamp(&mut self) -> u64 {
        self.stamps += 1;
        self.stamps
    }
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
