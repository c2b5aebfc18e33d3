//! The key scopes of one render: the state a render keeps to hand out the
//! sibling indices node keys are made of (see [`key`](super::key)): the
//! scopes open under each node, the sibling counters per (parent, scope),
//! and the `Ui::keyed` scopes already used under a parent (a key used twice
//! is an error).

use rustc_hash::{FxHashMap, FxHashSet};

use super::node::NodeIdx;

/// The key scopes of one render: which scope is open under each node, how
/// many siblings each (parent, scope) has had, and which `Ui::keyed` scopes
/// were used. A frame hands its allocations on to the next
/// ([`recycle`](Self::recycle)).
#[derive(Default)]
pub(super) struct KeyScopes {
    /// Scopes open now, innermost last, with the node they are open under.
    open: Vec<(NodeIdx, u64)>,
    /// Nodes opened so far per (parent, scope).
    siblings: FxHashMap<(NodeIdx, u64), usize>,
    /// `Ui::keyed` scopes used in this render, by parent node.
    used: FxHashSet<(NodeIdx, u64)>,
}

impl KeyScopes {
    /// The same allocations, emptied for a new render.
    pub(super) fn recycle(mut self) -> Self {
        self.open.clear();
        self.siblings.clear();
        self.used.clear();
        self
    }

    /// Opens `scope` for the nodes recorded directly under `parent`, until
    /// the matching [`leave`](Self::leave).
    pub(super) fn enter(&mut self, parent: NodeIdx, scope: u64) {
        self.open.push((parent, scope));
    }

    /// Closes the innermost scope.
    pub(super) fn leave(&mut self) {
        self.open.pop();
    }

    /// The innermost scope open under `parent`, if one is.
    pub(super) fn open_under(&self, parent: NodeIdx) -> Option<u64> {
        self.open.iter().rev().find(|(owner, _)| *owner == parent).map(|(_, scope)| *scope)
    }

    /// The key scope nodes opened directly under `parent` are in now (0,
    /// the parent's own, when none is open).
    pub(super) fn scope_under(&self, parent: NodeIdx) -> u64 {
        self.open_under(parent).unwrap_or(0)
    }

    /// The index among its siblings of the next node opened under `parent`
    /// in `scope`, counting it.
    pub(super) fn next_index(&mut self, parent: NodeIdx, scope: u64) -> usize {
        let counter = self.siblings.entry((parent, scope)).or_insert(0);
        let index = *counter;
        *counter += 1;
        index
    }

    /// How many nodes were opened under `parent` in `scope`.
    pub(super) fn count(&self, parent: NodeIdx, scope: u64) -> usize {
        self.siblings.get(&(parent, scope)).copied().unwrap_or(0)
    }

    /// Sets how many nodes were opened under `parent` in `scope` (a
    /// memoized body carried over counts its nodes without opening them).
    pub(super) fn set_count(&mut self, parent: NodeIdx, scope: u64, count: usize) {
        self.siblings.insert((parent, scope), count);
    }

    /// Notes that a `Ui::keyed` scope was used under `parent`: `false` when
    /// it already was in this render (a key used twice).
    pub(super) fn claim(&mut self, parent: NodeIdx, scope: u64) -> bool {
        self.used.insert((parent, scope))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_innermost_scope_under_a_parent_counts_its_own_siblings() {
        let mut scopes = KeyScopes::default();
        assert_eq!(scopes.scope_under(3), 0);
        assert_eq!(scopes.next_index(3, 0), 0);
        assert_eq!(scopes.next_index(3, 0), 1);
        scopes.enter(3, 11);
        scopes.enter(5, 12);
        // A scope open under another node does not apply to this one.
        assert_eq!(scopes.scope_under(3), 11);
        assert_eq!(scopes.open_under(4), None);
        assert_eq!(scopes.next_index(3, 11), 0);
        scopes.enter(3, 13);
        assert_eq!(scopes.scope_under(3), 13);
        scopes.leave();
        scopes.leave();
        assert_eq!(scopes.scope_under(3), 11);
        scopes.leave();
        assert_eq!(scopes.scope_under(3), 0);
        assert_eq!((scopes.count(3, 0), scopes.count(3, 11), scopes.count(3, 13)), (2, 1, 0));
        scopes.set_count(3, 13, 8);
        assert_eq!(scopes.next_index(3, 13), 8);
    }

    #[test]
    fn a_scope_claimed_twice_is_reported_until_the_next_render() {
        let mut scopes = KeyScopes::default();
        assert!(scopes.claim(1, 9));
        assert!(!scopes.claim(1, 9));
        assert!(scopes.claim(2, 9), "another parent");
        scopes.enter(1, 9);
        scopes.next_index(1, 9);
        let mut scopes = scopes.recycle();
        assert!(scopes.claim(1, 9));
        assert_eq!(scopes.count(1, 9), 0);
        assert_eq!(scopes.open_under(1), None);
    }
}
