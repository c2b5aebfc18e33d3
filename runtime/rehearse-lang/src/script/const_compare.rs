//! Comparisons usable in `const` code (the `const` assertions the macros
//! emit): strings, keys, key lists, duplicates. (Declarations compare in
//! [`declared`](super::declared), which builds on these.)

use crate::key::{KeyCode, KeyPress};

/// Whether `needle` occurs in `haystack` at byte `at`.
pub(crate) const fn starts_with_at(haystack: &[u8], at: usize, needle: &[u8]) -> bool {
    if at + needle.len() > haystack.len() {
        return false;
    }
    let mut index = 0;
    while index < needle.len() {
        if haystack[at + index] != needle[index] {
            return false;
        }
        index += 1;
    }
    true
}

/// Whether two strings are equal, in `const` code.
pub const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && starts_with_at(a, 0, b)
}

/// Whether two keys are the same key with the same modifiers, in `const`
/// code (compare normalized keys, such as parsed ones).
pub const fn key_eq(a: &KeyPress, b: &KeyPress) -> bool {
    let same_code = match (a.code, b.code) {
        (KeyCode::Char(x), KeyCode::Char(y)) => x == y,
        (KeyCode::F(x), KeyCode::F(y)) => x == y,
        (KeyCode::Up, KeyCode::Up)
        | (KeyCode::Down, KeyCode::Down)
        | (KeyCode::Left, KeyCode::Left)
        | (KeyCode::Right, KeyCode::Right)
        | (KeyCode::Enter, KeyCode::Enter)
        | (KeyCode::Esc, KeyCode::Esc)
        | (KeyCode::Tab, KeyCode::Tab)
        | (KeyCode::BackTab, KeyCode::BackTab)
        | (KeyCode::Backspace, KeyCode::Backspace)
        | (KeyCode::Delete, KeyCode::Delete)
        | (KeyCode::Insert, KeyCode::Insert)
        | (KeyCode::Home, KeyCode::Home)
        | (KeyCode::End, KeyCode::End)
        | (KeyCode::PageUp, KeyCode::PageUp)
        | (KeyCode::PageDown, KeyCode::PageDown) => true,
        _ => false,
    };
    same_code
        && a.modifiers.ctrl == b.modifiers.ctrl
        && a.modifiers.alt == b.modifiers.alt
        && a.modifiers.shift == b.modifiers.shift
}

/// Whether `keys` holds `key`, in `const` code.
///
/// ```
/// use rehearse_lang::script::refuses_key;
/// use rehearse_lang::{KeyCode, KeyPress, Modifiers};
/// const F6: KeyPress = KeyPress { code: KeyCode::F(6), modifiers: Modifiers::NONE };
/// const _: () = assert!(refuses_key(&[F6], &F6));
/// const _: () = assert!(!refuses_key(&[F6], &KeyPress { code: KeyCode::F(6), modifiers: Modifiers::CTRL }));
/// ```
pub const fn refuses_key(keys: &[KeyPress], key: &KeyPress) -> bool {
    let mut index = 0;
    while index < keys.len() {
        if key_eq(&keys[index], key) {
            return true;
        }
        index += 1;
    }
    false
}

/// Whether two key lists hold the same keys in the same order.
pub const fn same_keys(a: &[KeyPress], b: &[KeyPress]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut index = 0;
    while index < a.len() {
        if !key_eq(&a[index], &b[index]) {
            return false;
        }
        index += 1;
    }
    true
}

/// The first declaration that repeats an earlier one: `(earlier, later)`,
/// with `later` as small as can be. Empty entries (which declare nothing)
/// are skipped.
///
/// One pass over `entries` with a hash table of `CAPACITY` chains, so the
/// `const` assertion `automation_ids!` emits stays linear in the number of
/// declarations (it passes that number as `CAPACITY`). Both tables live on
/// the stack: `2 * CAPACITY` words.
///
/// ```
/// use rehearse_lang::script::first_duplicate;
/// const IDS: &[&str] = &["save", "item-{n}", "save"];
/// const _: () = assert!(matches!(first_duplicate::<3>(IDS), Some((0, 2))));
/// ```
///
/// # Panics
///
/// When `entries` holds more than `CAPACITY` entries (in a `const` item,
/// that is a compile error).
pub const fn first_duplicate<const CAPACITY: usize>(entries: &[&str]) -> Option<(usize, usize)> {
    probed_first_duplicate::<CAPACITY>(entries).0
}

/// [`first_duplicate`], and how many pairs of entries it compared (which
/// its tests hold linear in the number of entries).
const fn probed_first_duplicate<const CAPACITY: usize>(
    entries: &[&str],
) -> (Option<(usize, usize)>, usize) {
    assert!(entries.len() <= CAPACITY, "first_duplicate: more entries than CAPACITY");
    // `latest[bucket]` and `previous[entry]` hold an entry's index + 1 (0 is
    // none): each bucket is a chain from its latest entry to its earliest.
    let mut latest = [0usize; CAPACITY];
    let mut previous = [0usize; CAPACITY];
    let mut later = 0;
    let mut compared = 0;
    while later < entries.len() {
        let entry = entries[later];
        if !entry.is_empty() {
            let bucket = (fnv1a(entry.as_bytes()) % CAPACITY as u64) as usize;
            let mut link = latest[bucket];
            while link != 0 {
                let earlier = link - 1;
                // At most one earlier entry can be equal: a second would
                // have been returned when it came.
                compared += 1;
                if str_eq(entries[earlier], entry) {
                    return (Some((earlier, later)), compared);
                }
                link = previous[earlier];
            }
            previous[later] = latest[bucket];
            latest[bucket] = later + 1;
        }
        later += 1;
    }
    (None, compared)
}

/// The 64-bit FNV-1a hash of `bytes`, in `const` code.
const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut index = 0;
    while index < bytes.len() {
        hash ^= bytes[index] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        index += 1;
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::declared::{DeclaredIds, same_declared_ids};

    #[test]
    fn keys_and_declarations_compare_in_const_code() {
        let parse = |spelling: &str| spelling.parse::<KeyPress>().unwrap();
        let keys = ["f6", "ctrl+s", "a", "enter", "shift+left"].map(parse);
        for (index, key) in keys.iter().enumerate() {
            for (other_index, other) in keys.iter().enumerate() {
                assert_eq!(key_eq(key, other), index == other_index, "{key} {other}");
            }
        }
        assert!(refuses_key(&keys, &parse("Ctrl+S")));
        assert!(!refuses_key(&keys, &parse("s")));
        assert!(same_keys(&keys, &keys));
        assert!(!same_keys(&keys, &keys[1..]));
        assert!(!same_keys(&keys[..2], &[keys[1], keys[0]]));
        let a = DeclaredIds::new(&["a", "b-{n}"]);
        assert!(same_declared_ids(Some(&a), Some(&DeclaredIds::new(&["a", "b-{n}"]))));
        assert!(!same_declared_ids(Some(&a), Some(&DeclaredIds::new(&["a", "b"]))));
        assert!(!same_declared_ids(Some(&a), Some(&DeclaredIds::new(&["a"]))));
        assert!(!same_declared_ids(Some(&a), None));
        assert!(same_declared_ids(None, None));
        assert_eq!(first_duplicate::<5>(&["a", "b", "c", "b", "a"]), Some((1, 3)));
        assert_eq!(first_duplicate::<2>(&["a", "b"]), None);
        assert_eq!(first_duplicate::<3>(&["", "a", ""]), None);
        assert!(str_eq("", "") && !str_eq("ab", "a") && !str_eq("ab", "ac"));
    }

    #[test]
    fn duplicate_declarations_are_found_in_linear_time() {
        // 30,000 distinct declarations: comparing each with every earlier
        // one is 4.5 * 10^8 comparisons (seconds in a debug build, and far
        // past the compiler's patience in a `const` assertion); one hash
        // lookup each takes milliseconds.
        const ENTRIES: usize = 30_000;
        // The tables take 2 * 8 * ENTRIES bytes of stack.
        let (distinct, repeated) = std::thread::Builder::new()
            .stack_size(16 << 20)
            .spawn(|| {
                let names: Vec<String> = (0..ENTRIES).map(|index| format!("id-{index}")).collect();
                let mut entries: Vec<&str> = names.iter().map(String::as_str).collect();
                let distinct = probed_first_duplicate::<ENTRIES>(&entries);
                entries[ENTRIES - 1] = "id-77";
                let repeated = probed_first_duplicate::<ENTRIES>(&entries);
                (distinct, repeated)
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(distinct.0, None);
        assert_eq!(repeated.0, Some((77, ENTRIES - 1)));
        // Only entries that share a hash bucket are compared: a handful per
        // entry, never every earlier one (4.5 * 10^8 pairs).
        for (_, compared) in [distinct, repeated] {
            assert!(compared < 2 * ENTRIES, "{compared} comparisons for {ENTRIES} entries");
        }
    }
}
