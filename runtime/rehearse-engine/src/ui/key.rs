//! Node keys and key scopes: how a node keeps its identity across renders.
//!
//! A node's key is a 64-bit hash of its automation id, or of its parent's
//! key, its key scope (`Ui::keyed`, nested components, memoized bodies) and
//! its index among the siblings of that scope. A render hands those indices
//! out with [`KeyScopes`](super::key_scopes::KeyScopes).

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
}
