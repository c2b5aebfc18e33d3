//! Id families: the declared ids with placeholders (`item-{n}`), read by
//! one tokenizer and matched in `const` code.
//!
//! In a family, `{n}` stands for one or more ASCII digits and `{name}` for
//! one or more id characters (`[A-Za-z0-9-_./:]`); any other text is
//! literal, so an exact id is a family without placeholders.

use crate::id::{MAX_AUTOMATION_ID_BYTES, is_id_byte};
use crate::script::const_compare::starts_with_at;
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
pub(crate) const fn part_count(pattern: &str) -> usize {
    let pattern = pattern.as_bytes();
    let mut count = 0;
    let mut at = 0;
    while at < pattern.len() {
        at = part_at(pattern, at).1;
        count += 1;
    }
    count
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
    }

    #[test]
    fn families_are_told_from_exact_ids() {
        assert!(is_family("tab:{name}") && is_family("{n}") && !is_family("item-{i}"));
    }
}
