//! Where things live among siblings and in the component tree: the
//! reconciliation key and the component path built from them.

use std::fmt;
use std::sync::Arc;

/// A sibling-scoped reconciliation key for nested components and keyed
/// widgets. It keeps state (and focus) attached to the right item when
/// siblings are added, removed or reordered.
///
/// A `Key` is never an automation id: selectors cannot see it.
///
/// ```
/// use rehearse::ReconcileKey;
/// assert_eq!(ReconcileKey::from(3usize).to_string(), "3");
/// assert_eq!(ReconcileKey::from("row-a"), ReconcileKey::new("row-a"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReconcileKey(KeyRepr);

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum KeyRepr {
    Int(u64),
    Str(Arc<str>),
}

impl ReconcileKey {
    /// A key from text.
    pub fn new(key: impl AsRef<str>) -> Self {
        Self(KeyRepr::Str(Arc::from(key.as_ref())))
    }

    /// Bytes that identify the key, tagged by kind so `ReconcileKey::from(3)` and
    /// `ReconcileKey::from("3")` stay distinct.
    pub(crate) fn fingerprint(&self, mut write: impl FnMut(&[u8])) {
        match &self.0 {
            KeyRepr::Int(key) => {
                write(&[0]);
                write(&key.to_le_bytes());
            }
            KeyRepr::Str(key) => {
                write(&[1]);
                write(key.as_bytes());
            }
        }
    }
}

impl From<&str> for ReconcileKey {
    fn from(key: &str) -> Self {
        Self::new(key)
    }
}

impl From<String> for ReconcileKey {
    fn from(key: String) -> Self {
        Self(KeyRepr::Str(Arc::from(key)))
    }
}

impl From<u64> for ReconcileKey {
    fn from(key: u64) -> Self {
        Self(KeyRepr::Int(key))
    }
}

impl From<usize> for ReconcileKey {
    fn from(key: usize) -> Self {
        Self(KeyRepr::Int(key as u64))
    }
}

impl From<u32> for ReconcileKey {
    fn from(key: u32) -> Self {
        Self(KeyRepr::Int(u64::from(key)))
    }
}

impl fmt::Display for ReconcileKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            KeyRepr::Int(key) => key.fmt(f),
            KeyRepr::Str(key) => f.write_str(key),
        }
    }
}

impl fmt::Debug for ReconcileKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            KeyRepr::Int(key) => write!(f, "ReconcileKey({key})"),
            KeyRepr::Str(key) => write!(f, "ReconcileKey({key:?})"),
        }
    }
}

/// Which component a message, a timer, a command or a handler belongs to:
/// the keys from the root to where it lives (empty for the root), and
/// which mounting of a component there it is. A component unmounted and
/// another mounted under the same keys later is another instance: what was
/// addressed to the first never reaches the second.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub(crate) struct ComponentPath {
    keys: Arc<[ReconcileKey]>,
    instance: u64,
}

impl ComponentPath {
    /// The root component (instance 0).
    pub(crate) fn root() -> Self {
        Self { keys: Arc::from(Vec::new()), instance: 0 }
    }

    /// The nested component mounted under `key` as `instance`.
    pub(crate) fn child(&self, key: &ReconcileKey, instance: u64) -> Self {
        let mut keys = self.keys.to_vec();
        keys.push(key.clone());
        Self { keys: Arc::from(keys), instance }
    }

    pub(crate) fn keys(&self) -> &[ReconcileKey] {
        &self.keys
    }

    /// Which mounting of a component under these keys this is.
    pub(crate) fn instance(&self) -> u64 {
        self.instance
    }

    /// Whether this path is `ancestor`'s place or lies below it.
    pub(crate) fn starts_with(&self, ancestor: &Self) -> bool {
        self.keys.starts_with(&ancestor.keys)
    }
}

impl fmt::Debug for ComponentPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("/")?;
        let keys: Vec<String> = self.keys.iter().map(ToString::to_string).collect();
        f.write_str(&keys.join("/"))
    }
}
