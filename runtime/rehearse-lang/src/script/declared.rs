//! The automation ids an app declares, matched in `const` code.
//!
//! An app declares exact ids (`new-todo`) and families (`item-{n}`): in a
//! family, `{n}` stands for one or more ASCII digits and `{name}` for one or
//! more id characters (`[A-Za-z0-9-_./:]`). Everything here is `const fn`,
//! so `scenario!` can turn an undeclared id into a compile error:
//!
//! ```
//! use rehearse_lang::script::{closest_declared, is_declared};
//! const IDS: &[&str] = &["new-todo", "item-{n}", "tab:{name}"];
//! const _: () = assert!(is_declared(IDS, "item-12"));
//! const _: () = assert!(!is_declared(IDS, "item-x"));
//! const _: () = assert!(matches!(closest_declared(IDS, "new-todoo"), Some(0)));
//! ```

use crate::id::{MAX_AUTOMATION_ID_BYTES, is_id_byte};
use crate::key::{KeyCode, KeyPress};
use crate::vocabulary::closed_set;

closed_set! {
    /// A placeholder of an id family, written in braces: `{n}` or `{name}`.
    pub enum Placeholder: "placeholder" {
        /// `{n}`: one or more ASCII digits.
        Digits = "n",
        /// `{name}`: one or more id characters (`[A-Za-z0-9-_./:]`).
        IdChars = "name",
    }
}

impl Placeholder {
    /// What the placeholder stands for, for documentation and messages.
    pub const fn class(self) -> &'static str {
        match self {
            Self::Digits => "one or more digits",
            Self::IdChars => "one or more id characters",
        }
    }
}

/// A run of a declared id: literal text or a placeholder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FamilyPart<'a> {
    /// Literal id characters.
    Text(&'a str),
    /// A placeholder.
    Placeholder(Placeholder),
}

/// A declared id's literal runs and placeholders, in order: the one
/// tokenizer of id families (the `const` matchers read the same parts).
///
/// ```
/// use rehearse_lang::script::{FamilyPart, Placeholder, family_parts};
/// assert_eq!(
///     family_parts("row-{n}/{name}"),
///     [
///         FamilyPart::Text("row-"),
///         FamilyPart::Placeholder(Placeholder::Digits),
///         FamilyPart::Text("/"),
///         FamilyPart::Placeholder(Placeholder::IdChars),
///     ]
/// );
/// ```
pub fn family_parts(pattern: &str) -> Vec<FamilyPart<'_>> {
    let bytes = pattern.as_bytes();
    let mut parts = Vec::new();
    let mut text_start = 0;
    let mut at = 0;
    while at < bytes.len() {
        let (part, next_at) = part_at(bytes, at);
        if let Part::Placeholder(placeholder) = part {
            if text_start < at {
                parts.push(FamilyPart::Text(&pattern[text_start..at]));
            }
            parts.push(FamilyPart::Placeholder(placeholder));
            text_start = next_at;
        }
        at = next_at;
    }
    if text_start < bytes.len() {
        parts.push(FamilyPart::Text(&pattern[text_start..]));
    }
    parts
}

/// One element of a declared id: a literal byte or a placeholder.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Byte(u8),
    Placeholder(Placeholder),
}

const fn starts_with_at(haystack: &[u8], at: usize, needle: &[u8]) -> bool {
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

/// The part of `pattern` at byte `at` and the byte after it.
const fn part_at(pattern: &[u8], at: usize) -> (Part, usize) {
    if pattern[at] == b'{' {
        if starts_with_at(pattern, at, b"{n}") {
            return (Part::Placeholder(Placeholder::Digits), at + 3);
        }
        if starts_with_at(pattern, at, b"{name}") {
            return (Part::Placeholder(Placeholder::IdChars), at + 6);
        }
    }
    (Part::Byte(pattern[at]), at + 1)
}

const fn part_accepts(part: Part, byte: u8) -> bool {
    match part {
        Part::Byte(expected) => expected == byte,
        Part::Placeholder(Placeholder::Digits) => byte.is_ascii_digit(),
        Part::Placeholder(Placeholder::IdChars) => is_id_byte(byte),
    }
}

/// Positions of an id, `0..=MAX_AUTOMATION_ID_BYTES`.
const POSITIONS: usize = MAX_AUTOMATION_ID_BYTES + 1;

/// Whether `id` is an instance of the declared id `pattern` (an exact id
/// or a family with `{n}` and `{name}` placeholders).
///
/// ```
/// use rehearse_lang::script::matches_declared;
/// assert!(matches_declared("item-{n}", "item-3"));
/// assert!(!matches_declared("item-{n}", "item-"));
/// assert!(matches_declared("{name}-row-{n}", "todo.list-row-12"));
/// assert!(matches_declared("save", "save"));
/// ```
pub const fn matches_declared(pattern: &str, id: &str) -> bool {
    let pattern = pattern.as_bytes();
    let id = id.as_bytes();
    if id.len() > MAX_AUTOMATION_ID_BYTES {
        return false;
    }
    // The set of id positions reachable after the parts read so far.
    let mut reach = [false; POSITIONS];
    reach[0] = true;
    let mut at = 0;
    while at < pattern.len() {
        let (part, next_at) = part_at(pattern, at);
        at = next_at;
        let mut next = [false; POSITIONS];
        let mut any = false;
        let mut start = 0;
        while start <= id.len() {
            if reach[start] {
                match part {
                    Part::Byte(_) => {
                        if start < id.len() && part_accepts(part, id[start]) {
                            next[start + 1] = true;
                            any = true;
                        }
                    }
                    Part::Placeholder(_) => {
                        let mut end = start;
                        while end < id.len() && part_accepts(part, id[end]) {
                            end += 1;
                            next[end] = true;
                            any = true;
                        }
                    }
                }
            }
            start += 1;
        }
        if !any {
            return false;
        }
        reach = next;
    }
    reach[id.len()]
}

/// Whether any of `ids` (exact ids and families) declares `id`.
pub const fn is_declared(ids: &[&str], id: &str) -> bool {
    let mut index = 0;
    while index < ids.len() {
        if matches_declared(ids[index], id) {
            return true;
        }
        index += 1;
    }
    false
}

const fn lower(byte: u8) -> u8 {
    byte.to_ascii_lowercase()
}

const fn min(a: usize, b: usize) -> usize {
    if a < b { a } else { b }
}

/// The edit distance between `id` and the closest instance of `pattern`:
/// insertions, deletions, substitutions and adjacent transpositions cost 1,
/// letters compare case-insensitively, and a placeholder matches one or more
/// characters of its class for free (each character outside it costs 1).
///
/// `None` when `id` is longer than an automation id can be.
///
/// ```
/// use rehearse_lang::script::declared_distance;
/// assert_eq!(declared_distance("new-todo", "new-tood"), Some(1));
/// assert_eq!(declared_distance("item-{n}", "item-42"), Some(0));
/// assert_eq!(declared_distance("item-{n}", "itme-4"), Some(1));
/// ```
pub const fn declared_distance(pattern: &str, id: &str) -> Option<usize> {
    let pattern = pattern.as_bytes();
    let id = id.as_bytes();
    if id.len() > MAX_AUTOMATION_ID_BYTES {
        return None;
    }
    // Rows over id positions: after t-2, t-1 and t parts of the pattern.
    let mut before = [0usize; POSITIONS];
    let mut previous = [0usize; POSITIONS];
    let mut j = 0;
    while j <= id.len() {
        previous[j] = j;
        j += 1;
    }
    let mut previous_part = Part::Placeholder(Placeholder::Digits);
    let mut parts = 0;
    let mut at = 0;
    while at < pattern.len() {
        let (part, next_at) = part_at(pattern, at);
        at = next_at;
        parts += 1;
        let mut current = [0usize; POSITIONS];
        current[0] = parts;
        let mut j = 1;
        while j <= id.len() {
            let byte = id[j - 1];
            let best = match part {
                Part::Byte(expected) => {
                    let substitute = if lower(expected) == lower(byte) { 0 } else { 1 };
                    let mut best =
                        min(min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + substitute);
                    if let Part::Byte(earlier) = previous_part
                        && parts > 1
                        && j > 1
                        && lower(expected) == lower(id[j - 2])
                        && lower(earlier) == lower(byte)
                    {
                        best = min(best, before[j - 2] + 1);
                    }
                    best
                }
                Part::Placeholder(_) => {
                    let outside = if part_accepts(part, byte) { 0 } else { 1 };
                    min(previous[j] + 1, min(previous[j - 1] + outside, current[j - 1] + outside))
                }
            };
            current[j] = best;
            j += 1;
        }
        before = previous;
        previous = current;
        previous_part = part;
    }
    Some(previous[id.len()])
}

/// The number of parts of a declared id (a placeholder counts as one).
const fn part_count(pattern: &str) -> usize {
    let pattern = pattern.as_bytes();
    let mut count = 0;
    let mut at = 0;
    while at < pattern.len() {
        at = part_at(pattern, at).1;
        count += 1;
    }
    count
}

/// The index of the declared id closest to `id`, if one is close enough to
/// suggest: within a third of the longer of the two (at least 1, at most 3),
/// ties going to the earlier declaration. `None` also when `id` is declared.
pub const fn closest_declared(ids: &[&str], id: &str) -> Option<usize> {
    let mut best: Option<usize> = None;
    let mut best_distance = usize::MAX;
    let mut index = 0;
    while index < ids.len() {
        if let Some(distance) = declared_distance(ids[index], id) {
            if distance == 0 && matches_declared(ids[index], id) {
                return None;
            }
            let parts = part_count(ids[index]);
            let longest = if parts > id.len() { parts } else { id.len() };
            let limit = longest / 3;
            let limit = if limit < 1 {
                1
            } else if limit > 3 {
                3
            } else {
                limit
            };
            if distance <= limit && distance < best_distance {
                best = Some(index);
                best_distance = distance;
            }
        }
        index += 1;
    }
    best
}

/// Why a declared id (an exact id or a family) is malformed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeclaredIdError {
    /// The declaration is empty.
    Empty,
    /// A literal character is outside `[A-Za-z0-9-_./:]`; a `{` that does not
    /// start `{n}` or `{name}` is one.
    InvalidCharacter {
        /// Byte offset of the character.
        position: usize,
    },
    /// The declaration can only match ids longer than an automation id may be.
    TooLong,
}

/// Checks a declaration: non-empty, literal parts made of id characters,
/// placeholders `{n}` or `{name}` only, short enough to match some id.
///
/// ```
/// use rehearse_lang::script::{validate_declared_id, DeclaredIdError};
/// assert_eq!(validate_declared_id("item-{n}"), Ok(()));
/// assert_eq!(validate_declared_id("item-{i}"), Err(DeclaredIdError::InvalidCharacter { position: 5 }));
/// ```
pub const fn validate_declared_id(pattern: &str) -> Result<(), DeclaredIdError> {
    let bytes = pattern.as_bytes();
    if bytes.is_empty() {
        return Err(DeclaredIdError::Empty);
    }
    let mut at = 0;
    while at < bytes.len() {
        let (part, next_at) = part_at(bytes, at);
        if let Part::Byte(byte) = part
            && !is_id_byte(byte)
        {
            return Err(DeclaredIdError::InvalidCharacter { position: at });
        }
        at = next_at;
    }
    // Each part needs at least one byte of the id.
    if part_count(pattern) > MAX_AUTOMATION_ID_BYTES {
        return Err(DeclaredIdError::TooLong);
    }
    Ok(())
}

/// The ids an app declares, exact ids and families, in declaration order.
///
/// `const`-constructible, so the `scenario!` macro and an app's id module
/// can build it in a `const` item:
///
/// ```
/// use rehearse_lang::script::DeclaredIds;
/// const IDS: DeclaredIds<'static> = DeclaredIds::new(&["new-todo", "item-{n}"]);
/// const _: () = assert!(IDS.contains("item-7"));
/// assert_eq!(IDS.closest("new-tood"), Some("new-todo"));
/// assert_eq!(IDS.closest("zzz"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeclaredIds<'a> {
    entries: &'a [&'a str],
}

impl<'a> DeclaredIds<'a> {
    /// The declarations `entries`.
    pub const fn new(entries: &'a [&'a str]) -> Self {
        Self { entries }
    }

    /// The declarations, in order.
    pub const fn entries(&self) -> &'a [&'a str] {
        self.entries
    }

    /// Whether `id` is declared, exactly or as a family member.
    pub const fn contains(&self, id: &str) -> bool {
        is_declared(self.entries, id)
    }

    /// The declaration closest to an undeclared `id`, if one is close enough.
    pub const fn closest(&self, id: &str) -> Option<&'a str> {
        match closest_declared(self.entries, id) {
            Some(index) => Some(self.entries[index]),
            None => None,
        }
    }

    /// The first malformed declaration, with its index.
    pub const fn validate(&self) -> Result<(), (usize, DeclaredIdError)> {
        let mut index = 0;
        while index < self.entries.len() {
            if let Err(error) = validate_declared_id(self.entries[index]) {
                return Err((index, error));
            }
            index += 1;
        }
        Ok(())
    }
}

/// The capacity of a [`ConstMessage`], in bytes.
pub const CONST_MESSAGE_BYTES: usize = 1024;

/// A message assembled in `const` code, for compile errors raised by
/// `const` evaluation (`panic!("{}", message.as_str())`): `scenario!` builds
/// "automation id `x` is not declared by `App`; did you mean `y`?" this way,
/// because which id is closest is only known once `App`'s declarations are.
///
/// Text beyond [`CONST_MESSAGE_BYTES`] is cut at a character boundary and
/// marked with `…`.
///
/// ```
/// use rehearse_lang::script::ConstMessage;
/// const MESSAGE: ConstMessage = ConstMessage::new().push("id `").push("save").push("`");
/// assert_eq!(MESSAGE.as_str(), "id `save`");
/// ```
#[derive(Clone, Copy)]
pub struct ConstMessage {
    bytes: [u8; CONST_MESSAGE_BYTES],
    len: usize,
    truncated: bool,
}

impl ConstMessage {
    /// The ellipsis that ends a truncated message.
    const ELLIPSIS: &'static str = "…";

    /// An empty message.
    pub const fn new() -> Self {
        Self { bytes: [0; CONST_MESSAGE_BYTES], len: 0, truncated: false }
    }

    /// The message with `text` appended (as much of it as fits).
    #[must_use]
    pub const fn push(mut self, text: &str) -> Self {
        if self.truncated {
            return self;
        }
        let text = text.as_bytes();
        let room = CONST_MESSAGE_BYTES - Self::ELLIPSIS.len() - self.len;
        let mut take = text.len();
        if take > room {
            take = room;
            // Back up to a character boundary.
            while take > 0 && (text[take] & 0b1100_0000) == 0b1000_0000 {
                take -= 1;
            }
            self.truncated = true;
        }
        let mut index = 0;
        while index < take {
            self.bytes[self.len] = text[index];
            self.len += 1;
            index += 1;
        }
        if self.truncated {
            let ellipsis = Self::ELLIPSIS.as_bytes();
            let mut index = 0;
            while index < ellipsis.len() {
                self.bytes[self.len] = ellipsis[index];
                self.len += 1;
                index += 1;
            }
        }
        self
    }

    /// The message so far.
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(text) => text,
            // Only whole characters are ever copied.
            Err(_) => "(the message is not UTF-8)",
        }
    }
}

impl Default for ConstMessage {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for ConstMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

/// How many declarations an undeclared-id message lists when none is close.
const LISTED_DECLARATIONS: usize = 12;

/// The compile-time message for an `id` that `app` (the app type as
/// written) does not declare, or `None` when `declared` declares it:
/// "automation id `savee` is not declared by `TodoApp`; did you mean
/// `save`?". With no close declaration it lists what `app` declares.
///
/// ```
/// use rehearse_lang::script::{DeclaredIds, undeclared_id_message};
/// const IDS: DeclaredIds<'static> = DeclaredIds::new(&["save", "item-{n}"]);
/// assert!(undeclared_id_message(&IDS, "item-2", "App").is_none());
/// assert_eq!(
///     undeclared_id_message(&IDS, "savee", "App").unwrap().as_str(),
///     "automation id `savee` is not declared by `App`; did you mean `save`?"
/// );
/// assert_eq!(
///     undeclared_id_message(&IDS, "item", "App").unwrap().as_str(),
///     "automation id `item` is not declared by `App`; did you mean an id of the family `item-{n}`?"
/// );
/// assert_eq!(
///     undeclared_id_message(&IDS, "zzz", "App").unwrap().as_str(),
///     "automation id `zzz` is not declared by `App` (it declares: save, item-{n})"
/// );
/// ```
pub const fn undeclared_id_message(
    declared: &DeclaredIds<'_>,
    id: &str,
    app: &str,
) -> Option<ConstMessage> {
    if declared.contains(id) {
        return None;
    }
    let message = ConstMessage::new()
        .push("automation id `")
        .push(id)
        .push("` is not declared by `")
        .push(app)
        .push("`");
    let message = match declared.closest(id) {
        Some(closest) => {
            let family = is_family(closest);
            message
                .push(if family {
                    "; did you mean an id of the family `"
                } else {
                    "; did you mean `"
                })
                .push(closest)
                .push("`?")
        }
        None => {
            let entries = declared.entries();
            if entries.is_empty() {
                message.push(" (it declares none)")
            } else {
                let mut message = message.push(" (it declares: ");
                let mut index = 0;
                while index < entries.len() && index < LISTED_DECLARATIONS {
                    if index > 0 {
                        message = message.push(", ");
                    }
                    message = message.push(entries[index]);
                    index += 1;
                }
                if entries.len() > LISTED_DECLARATIONS {
                    message = message.push(", ...");
                }
                message.push(")")
            }
        }
    };
    Some(message)
}

/// Whether a declaration is a family (holds `{n}` or `{name}`).
pub const fn is_family(pattern: &str) -> bool {
    let bytes = pattern.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let (part, next_at) = part_at(bytes, at);
        if !matches!(part, Part::Byte(_)) {
            return true;
        }
        at = next_at;
    }
    false
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

/// Whether two sets of declarations are the same entries in the same order
/// (both absent counts as the same).
pub const fn same_declared_ids(a: Option<&DeclaredIds<'_>>, b: Option<&DeclaredIds<'_>>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            let (a, b) = (a.entries(), b.entries());
            if a.len() != b.len() {
                return false;
            }
            let mut index = 0;
            while index < a.len() {
                if !str_eq(a[index], b[index]) {
                    return false;
                }
                index += 1;
            }
            true
        }
        _ => false,
    }
}

/// The first declaration that repeats an earlier one: `(earlier, later)`.
/// Empty entries (which declare nothing) are skipped.
pub const fn first_duplicate(entries: &[&str]) -> Option<(usize, usize)> {
    let mut later = 1;
    while later < entries.len() {
        if entries[later].is_empty() {
            later += 1;
            continue;
        }
        let mut earlier = 0;
        while earlier < later {
            if str_eq(entries[earlier], entries[later]) {
                return Some((earlier, later));
            }
            earlier += 1;
        }
        later += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_ids_match_exactly() {
        assert!(matches_declared("save", "save"));
        assert!(!matches_declared("save", "Save"));
        assert!(!matches_declared("save", "saved"));
        assert!(!matches_declared("save", "sav"));
        assert!(!matches_declared("save", ""));
    }

    #[test]
    fn families_match_their_placeholders() {
        assert!(matches_declared("item-{n}", "item-0"));
        assert!(matches_declared("item-{n}", "item-123"));
        assert!(!matches_declared("item-{n}", "item-"));
        assert!(!matches_declared("item-{n}", "item-1a"));
        assert!(!matches_declared("item-{n}", "item-a"));
        assert!(matches_declared("tab:{name}", "tab:settings.v2"));
        assert!(!matches_declared("tab:{name}", "tab:"));
        assert!(matches_declared("{name}{n}", "ab12"), "backtracking between placeholders");
        assert!(matches_declared("{name}-{n}", "a-b-3"));
        assert!(!matches_declared("{name}-{n}", "a-b-"));
        assert!(matches_declared("row-{n}-cell-{n}", "row-1-cell-22"));
        // An unknown placeholder is literal (and invalid as a declaration).
        assert!(!matches_declared("item-{i}", "item-1"));
        assert!(!matches_declared("item-{n}", &format!("item-{}", "1".repeat(200))));
    }

    #[test]
    fn is_declared_scans_every_entry() {
        let ids = ["new-todo", "item-{n}", "status"];
        assert!(is_declared(&ids, "status"));
        assert!(is_declared(&ids, "item-9"));
        assert!(!is_declared(&ids, "item"));
        assert!(!is_declared(&[], "x"));
    }

    #[test]
    fn distance_treats_placeholders_as_free_runs() {
        assert_eq!(declared_distance("save", "save"), Some(0));
        assert_eq!(declared_distance("save", "Save"), Some(0));
        assert_eq!(declared_distance("save", "sav"), Some(1));
        assert_eq!(declared_distance("save", "saev"), Some(1), "a transposition is one edit");
        assert_eq!(declared_distance("save", ""), Some(4));
        assert_eq!(declared_distance("item-{n}", "item-"), Some(1));
        assert_eq!(declared_distance("item-{n}", "item-x"), Some(1));
        assert_eq!(declared_distance("item-{n}", "items-12"), Some(1));
        assert_eq!(declared_distance("x", &"a".repeat(129)), None);
    }

    #[test]
    fn closest_declared_picks_the_nearest_within_the_limit() {
        let ids = ["new-todo", "item-{n}", "status", "stats"];
        assert_eq!(closest_declared(&ids, "new-todoo"), Some(0));
        assert_eq!(closest_declared(&ids, "itme-3"), Some(1));
        assert_eq!(closest_declared(&ids, "statu"), Some(2));
        assert_eq!(closest_declared(&ids, "stat"), Some(3));
        assert_eq!(closest_declared(&ids, "completely-different"), None);
        assert_eq!(closest_declared(&ids, "status"), None, "declared ids need no suggestion");
    }

    #[test]
    fn declarations_are_validated() {
        assert_eq!(validate_declared_id(""), Err(DeclaredIdError::Empty));
        assert_eq!(
            validate_declared_id("a b"),
            Err(DeclaredIdError::InvalidCharacter { position: 1 })
        );
        assert_eq!(
            validate_declared_id("x-{"),
            Err(DeclaredIdError::InvalidCharacter { position: 2 })
        );
        assert_eq!(validate_declared_id(&"{n}".repeat(129)), Err(DeclaredIdError::TooLong));
        assert_eq!(validate_declared_id("{name}/{n}"), Ok(()));
        let ids = DeclaredIds::new(&["ok", "not ok"]);
        assert_eq!(ids.validate(), Err((1, DeclaredIdError::InvalidCharacter { position: 3 })));
        assert_eq!(ids.entries().len(), 2);
    }

    #[test]
    fn usable_in_const_items() {
        const IDS: DeclaredIds<'static> = DeclaredIds::new(&["new-todo", "item-{n}"]);
        const DECLARED: bool = IDS.contains("item-3");
        const CLOSEST: Option<usize> = closest_declared(IDS.entries(), "new-todo-");
        const _: () = assert!(DECLARED);
        assert_eq!(CLOSEST, Some(0));
        assert_eq!(IDS.closest("item-"), Some("item-{n}"));
    }

    #[test]
    fn const_messages_truncate_at_a_character_boundary() {
        let long = "é".repeat(CONST_MESSAGE_BYTES);
        let message = ConstMessage::new().push("id ").push(&long).push("never");
        let text = message.as_str();
        assert!(text.starts_with("id éé"));
        assert!(text.ends_with("é…"), "{text:?}");
        assert!(text.len() <= CONST_MESSAGE_BYTES);
        assert!(!text.contains("never"));
        assert_eq!(format!("{:?}", ConstMessage::new().push("a\"b")), r#""a\"b""#);
        assert_eq!(ConstMessage::default().as_str(), "");
    }

    #[test]
    fn undeclared_messages_name_the_id_the_app_and_the_closest() {
        const IDS: DeclaredIds<'static> = DeclaredIds::new(&["save", "list", "item-{n}"]);
        const MESSAGE: Option<ConstMessage> = undeclared_id_message(&IDS, "savee", "TodoApp");
        assert_eq!(
            MESSAGE.unwrap().as_str(),
            "automation id `savee` is not declared by `TodoApp`; did you mean `save`?"
        );
        assert!(undeclared_id_message(&IDS, "item-12", "TodoApp").is_none());
        let many: Vec<String> = (0..20).map(|n| format!("id-{n}x")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let message = undeclared_id_message(&DeclaredIds::new(&many), "zzzzzz", "A").unwrap();
        assert!(message.as_str().ends_with("id-10x, id-11x, ...)"), "{message:?}");
        let none = undeclared_id_message(&DeclaredIds::new(&[]), "x", "A").unwrap();
        assert_eq!(none.as_str(), "automation id `x` is not declared by `A` (it declares none)");
    }

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
        assert_eq!(first_duplicate(&["a", "b", "c", "b", "a"]), Some((1, 3)));
        assert_eq!(first_duplicate(&["a", "b"]), None);
        assert_eq!(first_duplicate(&["", "a", ""]), None);
        assert!(is_family("tab:{name}") && is_family("{n}") && !is_family("item-{i}"));
        assert!(str_eq("", "") && !str_eq("ab", "a") && !str_eq("ab", "ac"));
    }
}
