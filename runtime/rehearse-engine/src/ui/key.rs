//! Node keys and key scopes: how a node keeps its identity across renders.
//!
//! A node's key is a 64-bit hash of its automation id, or of its parent's
//! key, its key scope (`Ui::keyed`, nested components, memoized bodies) and
//! its index among the siblings of that scope. [`KeyScopes`] is the state a
//! render keeps to hand those indices out: the scopes open under each node,
//! the sibling counters per (parent, scope), and the `Ui::keyed` scopes
//! already used under a parent (a key used twice is an error).

use rustc_hash::{FxHashMap, FxHashSet};

use super::node::NodeIdx;

/// A node's identity across renders: a hash of its automation id, or of its
/// parent's key, key scope and index among siblings. Hashing instead of
/// building path strings keeps a render free of per-node formatting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct NodeKey(u64);

impl NodeKey {
    /// The root node's key, in every frame.
    pub(super) const ROOT: Self = Self(0xcbf2_9ce4_8422_2325);

    /// The key of a node with automation id `id`, wherever it is.
    pub(super) fn of_id(id: &str) -> Self {
        Self(fnv(fnv(Self::ROOT.0, b"#"), id.as_bytes()))
    }

    /// The key of the `index`th child opened under this node in `scope`.
    pub(super) fn child(self, scope: u64, index: usize) -> Self {
        let mixed = fnv(fnv(self.0, &scope.to_le_bytes()), &(index as u64).to_le_bytes());
        Self(mixed)
    }

    #[cfg(test)]
    pub(crate) const fn test(key: u64) -> Self {
        Self(key)
    }

    /// The identity a projected node carries.
    pub(crate) const fn identity(self) -> rehearse_core::semantic::NodeIdentity {
        rehearse_core::semantic::NodeIdentity(self.0)
    }

    /// The key behind a projected node's identity.
    pub(crate) const fn of_identity(identity: rehearse_core::semantic::NodeIdentity) -> Self {
        Self(identity.0)
    }
}

/// The key scope of overlay roots under their anchor node.
pub(super) const OVERLAY_SCOPE: u64 = 0x6f76_6572_6c61_7973;

/// Where the records of memoized groups (`Ui::memo_group`) are kept apart
/// from key scopes.
pub(super) const GROUP_SCOPE: u64 = 0x6772_6f75_7073_2121;

/// A key scope (`Ui::keyed`, nested components) as a hash.
pub(super) fn scope_hash(kind: &[u8], key: &crate::identity::ReconcileKey) -> u64 {
    let mut state = fnv(NodeKey::ROOT.0, kind);
    key.fingerprint(|bytes| state = fnv(state, bytes));
    state
}

/// A scope nested in `outer` under the same parent node.
pub(super) fn nested_scope(outer: u64, inner: u64) -> u64 {
    fnv(outer, &inner.to_le_bytes())
}

/// FNV-1a, continuing from `state`.
fn fnv(mut state: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        state ^= u64::from(byte);
        state = state.wrapping_mul(0x0000_0100_0000_01b3);
    }
    state
}

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
    use crate::identity::ReconcileKey;

    #[test]
    fn keys_of_children_differ_by_scope_and_index_and_ids_ignore_the_parent() {
        let root = NodeKey::ROOT;
        assert_ne!(root.child(0, 0), root.child(0, 1));
        assert_ne!(root.child(0, 0), root.child(1, 0));
        assert_eq!(root.child(7, 3), root.child(7, 3));
        assert_ne!(root.child(0, 0).child(0, 0), root.child(0, 0));
        assert_eq!(NodeKey::of_id("save"), NodeKey::of_id("save"));
        assert_ne!(NodeKey::of_id("save"), NodeKey::of_id("load"));
        assert_eq!(NodeKey::of_identity(NodeKey::of_id("save").identity()), NodeKey::of_id("save"));
    }

    #[test]
    fn scope_hashes_tell_kinds_keys_and_nesting_apart() {
        let a = ReconcileKey::from("a");
        let b = ReconcileKey::from("b");
        assert_eq!(scope_hash(b"k", &a), scope_hash(b"k", &a));
        assert_ne!(scope_hash(b"k", &a), scope_hash(b"k", &b));
        assert_ne!(scope_hash(b"k", &a), scope_hash(b"c", &a));
        let (outer, inner) = (scope_hash(b"k", &a), scope_hash(b"k", &b));
        assert_ne!(nested_scope(outer, inner), nested_scope(inner, outer));
        assert_ne!(nested_scope(GROUP_SCOPE, 0), nested_scope(GROUP_SCOPE, 1));
    }

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
