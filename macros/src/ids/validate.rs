//! Every check `automation_ids!` can make before the app compiles: id and
//! pattern syntax (the same rules as everywhere: `validate_automation_id`
//! and `validate_declared_id`), duplicates, and key spellings.

use std::collections::HashMap;

use rehearse_lang::script::{DeclaredIdError, is_family, validate_declared_id};
use rehearse_lang::{KeyPress, validate_automation_id};

use crate::ctxt::Ctxt;
use crate::ids::ast::{EntryKind, Input};

/// The name `automation_ids!` generates for the declarations.
pub const DECLARED: &str = "DECLARED";

/// Records every problem of `input` in `cx`; says which entries are valid
/// (one flag per entry).
pub fn check(cx: &Ctxt, input: &Input) -> Vec<bool> {
    let mut valid = Vec::with_capacity(input.entries.len());
    let mut names: HashMap<String, String> = HashMap::new();
    let mut ids: HashMap<String, String> = HashMap::new();
    let mut refused: Vec<(KeyPress, String)> = Vec::new();
    for entry in &input.entries {
        let ok = match &entry.kind {
            EntryKind::Exact { name, id } => {
                let mut ok = unique_name(cx, &mut names, name, "constant");
                let value = id.value();
                if is_family(&value) {
                    ok = false;
                    let suggestion = name.to_string().to_lowercase();
                    cx.error_spanned_by(
                        id,
                        format!(
                            "`{value}` is a family (it has a placeholder); declare it as `fn {suggestion} = \"{value}\";`"
                        ),
                    );
                } else if let Err(error) = validate_automation_id(&value) {
                    cx.error_spanned_by(id, format!("invalid automation id: {error}"));
                    ok = false;
                } else {
                    ok &= unique_id(cx, &mut ids, id, &value, &name.to_string());
                }
                ok
            }
            EntryKind::Family { name, pattern } => {
                let mut ok = unique_name(cx, &mut names, name, "function");
                let value = pattern.value();
                if let Err(message) = family(&value, &name.to_string()) {
                    cx.error_spanned_by(pattern, message);
                    ok = false;
                } else {
                    ok &= unique_id(cx, &mut ids, pattern, &value, &format!("fn {name}"));
                }
                ok
            }
            EntryKind::Refuse { keys } => {
                for key in keys {
                    match &key.key {
                        Ok(pressed) => {
                            if let Some((_, first)) =
                                refused.iter().find(|(seen, _)| seen == pressed)
                            {
                                cx.error_spanned_by(
                                    &key.tokens,
                                    format!("`{pressed}` is refused twice (first as `{first}`)"),
                                );
                            } else {
                                refused.push((*pressed, key.spelling.clone()));
                            }
                        }
                        Err(error) => {
                            cx.error_spanned_by(&key.tokens, format!("`refuse`: {error}"));
                        }
                    }
                }
                // Only the keys that parsed are used.
                true
            }
            EntryKind::Widget { .. } => true,
        };
        valid.push(ok);
    }
    valid
}

fn unique_name(
    cx: &Ctxt,
    names: &mut HashMap<String, String>,
    name: &syn::Ident,
    what: &str,
) -> bool {
    let spelled = name.to_string();
    if spelled == DECLARED {
        cx.error_spanned_by(
            name,
            "`DECLARED` is the name `automation_ids!` gives the declarations; choose another",
        );
        return false;
    }
    if let Some(first) = names.get(&spelled) {
        cx.error_spanned_by(
            name,
            format!("the name `{spelled}` is declared twice (first as a {first})"),
        );
        false
    } else {
        names.insert(spelled, what.to_owned());
        true
    }
}

fn unique_id(
    cx: &Ctxt,
    ids: &mut HashMap<String, String>,
    literal: &syn::LitStr,
    value: &str,
    name: &str,
) -> bool {
    if let Some(first) = ids.get(value) {
        cx.error_spanned_by(
            literal,
            format!("automation id `{value}` is declared twice (first as `{first}`)"),
        );
        false
    } else {
        ids.insert(value.to_owned(), name.to_owned());
        true
    }
}

/// Checks a family pattern: valid by `validate_declared_id`, with at least
/// one placeholder.
fn family(pattern: &str, name: &str) -> Result<(), String> {
    match validate_declared_id(pattern) {
        Err(DeclaredIdError::Empty) => {
            return Err("a family's pattern is empty; write one such as \"item-{n}\"".to_owned());
        }
        Err(DeclaredIdError::InvalidCharacter { position }) => {
            let rest = &pattern[position..];
            if rest.starts_with('{') {
                let placeholder = rest.find('}').map_or(rest, |end| &rest[..=end]);
                return Err(format!(
                    "unknown placeholder `{placeholder}` in `{pattern}`; the placeholders are `{{n}}` (one or more digits) and `{{name}}` (one or more id characters)"
                ));
            }
            let character = rest.chars().next().unwrap_or('?');
            return Err(format!(
                "invalid family pattern `{pattern}`: {character:?} at byte {position}; only letters, digits, `-_./:` and the placeholders `{{n}}` and `{{name}}` are allowed"
            ));
        }
        Err(DeclaredIdError::TooLong) => {
            return Err(format!(
                "the family `{pattern}` only matches ids longer than {} bytes",
                rehearse_lang::MAX_AUTOMATION_ID_BYTES
            ));
        }
        Ok(()) => {}
    }
    if !is_family(pattern) {
        return Err(format!(
            "`{pattern}` has no placeholder; a family needs `{{n}}` (digits) or `{{name}}` (id characters), such as \"{pattern}-{{n}}\" (for one id write `{} = \"{pattern}\";`)",
            name.to_uppercase()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::family;

    #[test]
    fn family_patterns_need_a_known_placeholder() {
        assert_eq!(family("item-{n}", "item"), Ok(()));
        assert_eq!(family("tab:{name}/{n}", "tab"), Ok(()));
        let error = family("item-{i}", "item").unwrap_err();
        assert!(error.starts_with("unknown placeholder `{i}` in `item-{i}`"), "{error}");
        let error = family("item-{n", "item").unwrap_err();
        assert!(error.starts_with("unknown placeholder `{n` in"), "{error}");
        let error = family("item", "item").unwrap_err();
        assert!(error.contains("has no placeholder") && error.contains("`ITEM = \"item\";`"));
        assert!(family("", "x").unwrap_err().contains("empty"));
        assert!(family("a b-{n}", "x").unwrap_err().contains("' ' at byte 1"));
        assert!(family(&"{n}".repeat(129), "x").unwrap_err().contains("longer than 128"));
    }
}
