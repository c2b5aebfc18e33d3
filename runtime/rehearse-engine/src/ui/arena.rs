//! The node arena: every raw node a session's frames recorded, kept across
//! renders so a memoized subtree carried over unchanged stays where it is.
//!
//! A frame owns the arena while it renders. Its own nodes are appended at
//! the end (from [`Arena::base`] on); a subtree carried over in place keeps
//! its slots below `base` and is marked live. Everything else below `base`
//! is garbage from older frames: never reached from a live node, dropped
//! when the arena is compacted (a frame that starts a fresh arena).
//!
//! The key index (stable key → slot) persists with the nodes, so a subtree
//! carried over in place keeps its entries without re-indexing. Entries of
//! dead slots stay until overwritten or compacted away; every lookup checks
//! liveness.

use fixedbitset::FixedBitSet;
use rustc_hash::FxHashMap;

use super::key::NodeKey;
use super::node::{NodeIdx, RawNode};

/// The root node's slot, in every frame.
pub(crate) const ROOT: NodeIdx = 0;

/// Nodes by slot, with the frame's liveness and the key index.
#[derive(Default)]
pub(crate) struct Arena {
    /// A slot a relocated node left is a hole (`None`).
    slots: Vec<Option<RawNode>>,
    /// Stable key → slot. May point at dead slots.
    keys: FxHashMap<NodeKey, NodeIdx>,
    /// The first slot recorded by the current frame.
    base: NodeIdx,
    /// Slots below `base` carried over in place into the current frame.
    kept: FixedBitSet,
    /// Slots below `base`, not live when a node of this frame took their
    /// key: carrying one of them over later makes the key a duplicate.
    displaced: FixedBitSet,
    /// Live nodes below `base`.
    kept_count: usize,
}

impl Arena {
    /// An empty arena with room for `capacity` nodes.
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        Self { slots: Vec::with_capacity(capacity), ..Self::default() }
    }

    /// Starts a frame that keeps this arena: the nodes so far are dead
    /// until carried over in place.
    pub(crate) fn begin_frame(&mut self) {
        self.base = self.slots.len();
        self.kept.clear();
        self.kept.grow(self.base);
        self.displaced.clear();
        self.displaced.grow(self.base);
        self.kept_count = 0;
    }

    /// The number of slots, live or not. New nodes go at this index.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// How many nodes the current frame holds.
    pub(crate) fn live_count(&self) -> usize {
        // The root is live in every frame, below `base` in a kept arena.
        let root = usize::from(self.base > ROOT);
        self.kept_count + (self.slots.len() - self.base) + root
    }

    /// Whether a slot holds a node of the current frame.
    pub(crate) fn is_live(&self, idx: NodeIdx) -> bool {
        idx == ROOT || (idx >= self.base && idx < self.slots.len()) || self.kept.contains(idx)
    }

    /// Appends a node of the current frame.
    pub(crate) fn push(&mut self, node: RawNode) {
        self.slots.push(Some(node));
    }

    /// Replaces the root for a new frame, keeping its allocations.
    pub(crate) fn set_root(&mut self, mut root: RawNode) {
        match self.slots.get_mut(ROOT) {
            Some(Some(old)) => {
                let mut children = std::mem::take(&mut old.children);
                children.clear();
                root.children = children;
                *old = root;
            }
            _ => {
                debug_assert!(self.slots.is_empty(), "the root is the first slot");
                self.slots.push(Some(root));
            }
        }
    }

    /// Moves a node out, leaving a hole (relocating it).
    pub(crate) fn take(&mut self, idx: NodeIdx) -> Option<RawNode> {
        self.slots.get_mut(idx)?.take()
    }

    /// Marks slots carried over in place as live. Returns whether one of
    /// them holds a key a node of this frame already took: a duplicate.
    pub(crate) fn keep(&mut self, range: std::ops::Range<NodeIdx>) -> bool {
        debug_assert!(range.end <= self.base, "only older slots are kept");
        self.kept_count += range.len();
        self.kept.insert_range(range.clone());
        self.displaced.count_ones(range) > 0
    }

    /// Indexes a node of the current frame by its key. Returns the live
    /// node that already has the key, if any (a duplicate).
    pub(crate) fn index_key(&mut self, key: NodeKey, idx: NodeIdx) -> Option<NodeIdx> {
        let old = self.keys.insert(key, idx)?;
        if old == idx {
            return None;
        }
        if self.is_live(old) {
            return Some(old);
        }
        if old < self.base {
            // It may still be carried over in place later in this frame.
            self.displaced.insert(old);
        }
        None
    }

    /// The live node with this key.
    pub(crate) fn find(&self, key: &NodeKey) -> Option<NodeIdx> {
        self.keys.get(key).copied().filter(|&idx| self.is_live(idx))
    }

    /// Every live node, in slot order (not document order).
    pub(crate) fn live(&self) -> impl Iterator<Item = &RawNode> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|(idx, _)| self.is_live(*idx))
            .filter_map(|(_, slot)| slot.as_ref())
    }

    /// Slots that no live node holds.
    pub(crate) fn garbage(&self) -> usize {
        self.slots.len() - self.live_count()
    }
}

impl std::ops::Index<NodeIdx> for Arena {
    type Output = RawNode;

    fn index(&self, idx: NodeIdx) -> &RawNode {
        self.slots[idx].as_ref().expect("a live node is never relocated away")
    }
}

impl std::ops::IndexMut<NodeIdx> for Arena {
    fn index_mut(&mut self, idx: NodeIdx) -> &mut RawNode {
        self.slots[idx].as_mut().expect("a live node is never relocated away")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rehearse_core::semantic::SemanticFacts;
    use rehearse_lang::SemanticRole;

    fn node(key: u64) -> RawNode {
        RawNode::new(SemanticFacts::new(SemanticRole::Generic), NodeKey::test(key))
    }

    #[test]
    fn a_kept_arena_has_dead_nodes_until_they_are_kept() {
        let mut arena = Arena::default();
        arena.begin_frame();
        arena.set_root(node(0));
        for key in 1..=4 {
            let at = arena.len();
            arena.push(node(key));
            assert_eq!(arena.index_key(NodeKey::test(key), at), None);
        }
        assert_eq!(arena.live_count(), 5);
        assert_eq!(arena.find(&NodeKey::test(3)), Some(3));

        arena.begin_frame();
        arena.set_root(node(0));
        assert_eq!(arena.find(&NodeKey::test(3)), None, "older nodes are dead");
        assert!(arena.is_live(ROOT));
        assert!(!arena.keep(2..4));
        assert_eq!(arena.find(&NodeKey::test(3)), Some(3), "kept in place, still indexed");
        assert_eq!(arena.find(&NodeKey::test(1)), None);
        assert_eq!(arena.live_count(), 3);
        assert_eq!(arena.garbage(), 2);
    }

    #[test]
    fn a_key_taken_over_and_then_kept_is_a_duplicate() {
        let mut arena = Arena::default();
        arena.begin_frame();
        arena.set_root(node(0));
        arena.push(node(7));
        arena.index_key(NodeKey::test(7), 1);

        arena.begin_frame();
        arena.set_root(node(0));
        // A new node takes key 7 while slot 1 is dead: not a duplicate yet.
        arena.push(node(7));
        assert_eq!(arena.index_key(NodeKey::test(7), 2), None);
        // Carrying slot 1 over now puts key 7 in the frame twice.
        assert!(arena.keep(1..2));

        arena.begin_frame();
        arena.set_root(node(0));
        assert!(!arena.keep(2..3));
        // A new node with a live node's key is a duplicate at once.
        arena.push(node(7));
        assert_eq!(arena.index_key(NodeKey::test(7), 3), Some(2));
    }
}
