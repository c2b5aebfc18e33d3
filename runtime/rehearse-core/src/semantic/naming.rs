//! Where an accessible name comes from (adapter conventions, rule 2).

use crate::semantic::{SemanticFacts, SemanticNode};

/// The longest accessible name built from content, in bytes.
pub const MAX_CONTENT_NAME_BYTES: usize = 16 * 1024;

/// The accessible name of a node, from the first source that has one:
///
/// 1. the author's explicit name, even an empty one;
/// 2. the widget's own label, title or placeholder (if not empty);
/// 3. for name-from-content roles only, the names of its descendants,
///    whitespace-collapsed and bounded by [`MAX_CONTENT_NAME_BYTES`];
///    containers never take names from content;
/// 4. its automation id;
/// 5. otherwise empty.
///
/// ```
/// use rehearse::semantic::{resolve_name, Bounds, SemanticFacts, SemanticNode};
/// use rehearse::SemanticRole;
///
/// let label = SemanticNode::new(SemanticRole::Text, Bounds::default()).with_name("Save  file");
/// let button = SemanticFacts::new(SemanticRole::Button);
/// assert_eq!(resolve_name(&button, &[label.clone()]), "Save file");
/// let dialog = SemanticFacts::new(SemanticRole::Dialog);
/// assert_eq!(resolve_name(&dialog, &[label]), "");
/// ```
pub fn resolve_name(facts: &SemanticFacts, children: &[SemanticNode]) -> String {
    resolve_name_inferring(facts, children, String::new)
}

/// [`resolve_name`] with one more source between content (rule 3) and the
/// automation id (rule 4): `inferred`, what a plane read off the screen for
/// the node (the engine's render inference: the text a leaf drew). It is
/// asked only when rules 1–3 found nothing; when it is empty too, the
/// automation id is the last resort, so adding a test id to a widget never
/// changes the name its drawn text gives it.
///
/// ```
/// use rehearse::semantic::{resolve_name_inferring, SemanticFacts};
/// use rehearse::SemanticRole;
///
/// let heading = SemanticFacts::new(SemanticRole::Heading).automation_id("board-title");
/// assert_eq!(resolve_name_inferring(&heading, &[], || "Kanban board".into()), "Kanban board");
/// assert_eq!(resolve_name_inferring(&heading, &[], String::new), "board-title");
/// ```
pub fn resolve_name_inferring(
    facts: &SemanticFacts,
    children: &[SemanticNode],
    inferred: impl FnOnce() -> String,
) -> String {
    if let Some(name) = &facts.name {
        return name.clone();
    }
    if let Some(label) = facts.label.as_deref().filter(|label| !label.trim().is_empty()) {
        return label.to_owned();
    }
    if facts.role.name_from_content() {
        let content = content_text(children);
        if !content.is_empty() {
            return content;
        }
    }
    let inferred = inferred();
    if !inferred.is_empty() {
        return inferred;
    }
    facts.automation_id.clone().unwrap_or_default()
}

/// The whitespace-collapsed names of descendants: a named child contributes
/// its name, an unnamed one its own descendants.
fn content_text(children: &[SemanticNode]) -> String {
    let mut words = String::new();
    collect(children, &mut words);
    let mut collapsed = String::with_capacity(words.len());
    for word in words.split_whitespace() {
        if collapsed.len() + word.len() + 1 > MAX_CONTENT_NAME_BYTES {
            break;
        }
        if !collapsed.is_empty() {
            collapsed.push(' ');
        }
        collapsed.push_str(word);
    }
    collapsed
}

fn collect(children: &[SemanticNode], out: &mut String) {
    for child in children {
        if out.len() > MAX_CONTENT_NAME_BYTES {
            return;
        }
        if child.name.is_empty() {
            collect(&child.children, out);
        } else {
            out.push(' ');
            out.push_str(&child.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantic::Bounds;
    use rehearse_lang::SemanticRole;

    fn text(name: &str) -> SemanticNode {
        SemanticNode::new(SemanticRole::Text, Bounds::default()).with_name(name)
    }

    #[test]
    fn explicit_name_wins_even_when_empty() {
        let facts = SemanticFacts::new(SemanticRole::Button).name("").label("Save");
        assert_eq!(resolve_name(&facts, &[text("content")]), "");
    }

    #[test]
    fn label_comes_before_content_and_id() {
        let facts = SemanticFacts::new(SemanticRole::Button).label("Save").automation_id("save");
        assert_eq!(resolve_name(&facts, &[text("content")]), "Save");
        let blank = SemanticFacts::new(SemanticRole::Button).label("  ").automation_id("save");
        assert_eq!(resolve_name(&blank, &[text("content")]), "content");
    }

    #[test]
    fn content_only_for_name_from_content_roles() {
        let nested = SemanticNode::new(SemanticRole::Group, Bounds::default())
            .with_child(text("Buy\n milk"))
            .with_child(text("today"));
        let item = SemanticFacts::new(SemanticRole::ListItem);
        assert_eq!(resolve_name(&item, std::slice::from_ref(&nested)), "Buy milk today");
        for container in
            [SemanticRole::List, SemanticRole::Dialog, SemanticRole::Table, SemanticRole::Group]
        {
            let facts = SemanticFacts::new(container);
            assert_eq!(resolve_name(&facts, std::slice::from_ref(&nested)), "", "{container}");
        }
    }

    #[test]
    fn identifier_is_the_last_resort() {
        let facts = SemanticFacts::new(SemanticRole::List).automation_id("todos");
        assert_eq!(resolve_name(&facts, &[text("x")]), "todos");
        assert_eq!(resolve_name(&SemanticFacts::new(SemanticRole::List), &[]), "");
    }

    #[test]
    fn content_names_are_bounded() {
        let long = "word ".repeat(MAX_CONTENT_NAME_BYTES);
        let name = resolve_name(&SemanticFacts::new(SemanticRole::Cell), &[text(&long)]);
        assert!(name.len() <= MAX_CONTENT_NAME_BYTES);
        assert!(name.starts_with("word word"));
    }
}
