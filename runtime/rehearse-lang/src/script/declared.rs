//! The automation ids an app declares, matched in `const` code.
//!
//! An app declares exact ids (`new-todo`) and families (`item-{n}`, see
//! [`family`](super::family)). Everything here is `const fn`,
//! so `scenario!` can turn an undeclared id into a compile error:
//!
//! ```
//! use rehearse_lang::script::{closest_declared, is_declared};
//! const IDS: &[&str] = &["new-todo", "item-{n}", "tab:{name}"];
//! const _: () = assert!(is_declared(IDS, "item-12"));
//! const _: () = assert!(!is_declared(IDS, "item-x"));
//! const _: () = assert!(matches!(closest_declared(IDS, "new-todoo"), Some(0)));
//! ```

use crate::script::const_compare::str_eq;
use crate::script::const_message::ConstMessage;
use crate::script::family::{
    DeclaredIdError, declared_distance, is_family, matches_declared, part_count,
    validate_declared_id,
};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_declared_scans_every_entry() {
        let ids = ["new-todo", "item-{n}", "status"];
        assert!(is_declared(&ids, "status"));
        assert!(is_declared(&ids, "item-9"));
        assert!(!is_declared(&ids, "item"));
        assert!(!is_declared(&[], "x"));
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
    fn declared_ids_are_validated_entry_by_entry() {
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
}
