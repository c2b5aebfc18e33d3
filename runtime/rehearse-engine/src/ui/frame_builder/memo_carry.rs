//! The memo carry state of one render (see [`memo`](crate::ui::memo) for
//! how subtrees are carried over): what the previous frame offers, the
//! records of memoized subtrees this render made or carried over, and the
//! bodies being recorded. It is a field of the frame, and the previous
//! frame is part of it: a piece of the frame builder, whose records the
//! carrying-over code in `ui/memo/` reads and writes.

use std::cell::{Cell, RefCell};
use std::ops::Range;

use fixedbitset::FixedBitSet;
use rustc_hash::FxHashMap;

use super::FrameBuilder;
use crate::ui::key::NodeKey;
use crate::ui::node::NodeIdx;
use rehearse_core::semantic::Bounds;

/// Where a memoized subtree sits: its parent node and its key scope there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct MemoKey {
    pub(in crate::ui) parent: NodeKey,
    pub(in crate::ui) scope: u64,
}

/// A range of arena slots, `Copy` so records copy as plain bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::ui) struct Slots {
    pub(in crate::ui) start: NodeIdx,
    pub(in crate::ui) end: NodeIdx,
}

impl Slots {
    pub(in crate::ui) fn new(range: Range<NodeIdx>) -> Self {
        Self { start: range.start, end: range.end }
    }

    pub(in crate::ui) fn range(self) -> Range<NodeIdx> {
        self.start..self.end
    }

    pub(in crate::ui) fn contains(self, idx: NodeIdx) -> bool {
        (self.start..self.end).contains(&idx)
    }
}

/// What a frame remembers about one memoized subtree.
#[derive(Debug, Clone, Copy)]
pub(in crate::ui) struct MemoRecord {
    pub(in crate::ui) key: MemoKey,
    /// Hash of the dependencies and of everything around the body that it
    /// may read (area, coordinate space, layer, component).
    pub(in crate::ui) fingerprint: u64,
    /// The nodes its body recorded, or moved, into the arena: contiguous
    /// and in document order. Records inside it carried over in place
    /// (`detached`) hold the rest of its nodes.
    pub(in crate::ui) nodes: Slots,
    /// Its first top-level node (a child of the node it was recorded
    /// under), if it has any.
    pub(in crate::ui) first_root: NodeIdx,
    /// How many top-level nodes it has: `first_root` and those its
    /// `next_root` chain reaches.
    pub(in crate::ui) roots: usize,
    /// Its nodes lie outside the `nodes` of the record it is inside: it was
    /// carried over in place while that one rendered.
    pub(in crate::ui) detached: bool,
    /// Some record inside it is detached: its nodes are not one range, so
    /// it can be kept in place but not moved.
    pub(in crate::ui) has_detached: bool,
    /// The parent's sibling count in `counted_in` afterwards (nodes with an
    /// automation id are not counted: their key is their id).
    pub(in crate::ui) counted: usize,
    /// The key scope its top-level nodes are counted in: its own, or for a
    /// group the one around it.
    pub(in crate::ui) counted_in: u64,
    /// How many memoized subtrees were recorded inside this one: the
    /// records right after it. Relative, so carrying records over copies
    /// them as they are.
    pub(in crate::ui) inner: usize,
    /// Where the body placed the caret, if it did.
    pub(in crate::ui) cursor: Option<(u16, u16)>,
    /// The screen cells the body may have drawn on.
    pub(in crate::ui) cells: Bounds,
    /// Changes whenever the subtree is rendered afresh, so a projection of
    /// it can tell whether it still describes these nodes.
    pub(in crate::ui) stamp: u64,
    /// The body read something the frame cannot compare.
    pub(in crate::ui) volatile: bool,
    /// Its cells are not only its own: something was painted beneath it
    /// before it, or over it after it.
    pub(in crate::ui) painted_over: bool,
}

/// A memoized body being recorded.
pub(in crate::ui) struct ActiveMemo {
    pub(in crate::ui) first: NodeIdx,
    pub(in crate::ui) record: usize,
    pub(in crate::ui) volatile_before: u64,
    pub(in crate::ui) cursor_sets_before: u64,
    /// How many children its parent had when it began: the ones added
    /// since are its top-level nodes.
    pub(in crate::ui) children_before: usize,
}

/// What the previous frame offers for reuse.
pub(crate) struct Previous {
    pub(in crate::ui) frame: Box<FrameBuilder>,
    /// Nodes of that frame (by index) a memoized subtree must not be
    /// carried over across: a handler ran on them, or their focus, hover or
    /// press state changed.
    pub(in crate::ui) stale: Vec<NodeIdx>,
    /// The record a render in document order looks for next.
    pub(in crate::ui) cursor: usize,
    /// Its records by key, built the first time the cursor guesses wrong.
    pub(in crate::ui) index: FxHashMap<MemoKey, usize>,
}

impl Previous {
    /// The frame offered with `stale` nodes.
    pub(crate) fn new(frame: Box<FrameBuilder>, stale: Vec<NodeIdx>) -> Self {
        Self { frame, stale, cursor: 0, index: FxHashMap::default() }
    }

    /// The index of the record for `key`. A render visits memoized bodies
    /// in the order the previous one did, so the cursor usually has it.
    pub(in crate::ui) fn find(&mut self, key: &MemoKey) -> Option<usize> {
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
pub(in crate::ui) fn segments(
    records: &[MemoRecord],
    at: usize,
) -> impl Iterator<Item = Range<NodeIdx>> + '_ {
    let record = &records[at];
    // Only a record with detached ones inside needs a look at them.
    let inner = if record.has_detached { &records[at + 1..at + 1 + record.inner] } else { &[] };
    let detached = inner.iter().filter(|inner| inner.detached);
    std::iter::once(record.nodes.range()).chain(detached.map(|inner| inner.nodes.range()))
}

/// Whether slot `idx` holds a node of the record at `at`.
pub(in crate::ui) fn holds(records: &[MemoRecord], at: usize, idx: NodeIdx) -> bool {
    segments(records, at).any(|range| range.contains(&idx))
}

/// The memo carry state of one render: what the previous frame offers,
/// which of its records were carried over, the records of this render in
/// document order, the bodies being recorded, and the counters that tell
/// whether a body stayed comparable (volatile reads, caret placements).
///
/// Its invariants (kept by `ui/memo/`, the only code that writes it besides
/// this file): a record is carried over at most once (with the records
/// inside it), records lie in document order with `inner` counting the ones
/// right after each, and every rendering of a body gets a stamp no other
/// rendering had.
#[derive(Default)]
pub(in crate::ui) struct MemoCarry {
    /// Whether memoized bodies may be carried over at all.
    pub(in crate::ui) memoize: bool,
    /// What the previous frame offers memoized bodies.
    pub(in crate::ui) previous: Option<Previous>,
    /// The arena is the previous frame's: unchanged subtrees stay in place.
    pub(in crate::ui) shared_arena: bool,
    /// The previous frame's records already carried over (with the records
    /// inside them), by index.
    pub(in crate::ui) carried: FixedBitSet,
    /// Memoized subtrees recorded in this pass, in document order.
    pub(in crate::ui) records: Vec<MemoRecord>,
    /// Memoized bodies being recorded, innermost last.
    pub(in crate::ui) stack: Vec<ActiveMemo>,
    /// Counts reads a memoized body cannot be carried over across.
    pub(in crate::ui) volatile: Cell<u64>,
    /// Counts caret placements.
    pub(in crate::ui) caret_sets: u64,
    /// The last memo stamp handed out (carried from frame to frame).
    pub(in crate::ui) stamps: u64,
    /// Nodes memoized bodies recorded that code outside those bodies read
    /// or changed in this render (see `FrameBuilder::touch`).
    pub(in crate::ui) touched_from_outside: RefCell<Vec<NodeIdx>>,
    /// Memoized bodies this render ran.
    pub(in crate::ui) bodies_run: u64,
    /// Memoized bodies this render carried over without running them.
    pub(in crate::ui) bodies_carried: u64,
    /// Allocations handed on to the next frame.
    pub(in crate::ui) spare: Recycled,
}

/// What a frame's carry state hands on to the next one: allocations, and
/// the stamp counter (stamps never repeat within a session).
#[derive(Default)]
pub(in crate::ui) struct Recycled {
    pub(in crate::ui) records: Vec<MemoRecord>,
    pub(in crate::ui) index: FxHashMap<MemoKey, usize>,
    pub(in crate::ui) carried: FixedBitSet,
    pub(in crate::ui) stamps: u64,
}

impl MemoCarry {
    /// The carry state of a new render: `previous` (when carrying over is
    /// possible at all) offers its records; `shared_arena` says whether its
    /// nodes stay in place.
    pub(in crate::ui) fn start(
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
    pub(in crate::ui) fn hand_on(&mut self) -> Recycled {
        Recycled { stamps: self.stamps, ..std::mem::take(&mut self.spare) }
    }

    /// Lets go of the previous frame, keeping its allocations for the next.
    pub(in crate::ui) fn release_previous(&mut self) {
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
    pub(in crate::ui) fn recording(&self) -> bool {
        !self.stack.is_empty()
    }

    /// Counts a caret placement (a body replays a caret it placed).
    pub(in crate::ui) fn note_caret(&mut self) {
        self.caret_sets += 1;
    }

    /// Marks the bodies being recorded volatile.
    pub(in crate::ui) fn mark_volatile(&self) {
        self.volatile.set(self.volatile.get() + 1);
    }

    /// A stamp no rendering had before.
    pub(in crate::ui) fn next_stamp(&mut self) -> u64 {
        self.stamps += 1;
        self.stamps
    }
}
