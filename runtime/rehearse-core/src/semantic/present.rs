//! What is there when a role or text selector matches nothing: the names a
//! test could have meant, so a failure reads "no `@button` named `add`;
//! buttons: `Add`, `Cancel`" instead of a bare "no match".

use crate::semantic::{CompiledRegex, SemanticNode, SemanticTree};
use rehearse_lang::{Selector, SemanticRole};

/// How many names a listing shows before it says how many more there are.
const LISTED: usize = 10;

impl SemanticTree {
    /// What the tree holds that `selector` could have meant, when it matches
    /// nothing: for `@role` and `@role=name`, the names of the nodes of that
    /// role (and the matches an open modal dialog makes inert); for
    /// `text~`, the texts in view. `None` for other selectors.
    ///
    /// Only names and public values are listed: a redacted value never
    /// appears.
    ///
    /// ```
    /// use rehearse::semantic::{Bounds, Generation, SemanticNode, SemanticTree};
    /// use rehearse::{Selector, SemanticRole};
    /// use ratatui::layout::Size;
    ///
    /// let button = |name| SemanticNode::new(SemanticRole::Button, Bounds::new(0, 0, 5, 1)).with_name(name);
    /// let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 20, 5))
    ///     .with_child(button("Add"))
    ///     .with_child(button("Cancel"));
    /// let tree = SemanticTree::new(Generation(1), Size::new(20, 5), root);
    /// let selector = Selector::role(SemanticRole::Button).name("add").into();
    /// assert_eq!(tree.what_is_there(&selector).as_deref(), Some("buttons: `Add`, `Cancel`"));
    /// ```
    pub fn what_is_there(&self, selector: &Selector) -> Option<String> {
        match selector {
            Selector::Role { role, name } => {
                Some(self.of_role(*role, &|given| name.as_deref().is_none_or(|name| given == name)))
            }
            Selector::RoleNameMatches { role, name } => {
                let name = CompiledRegex::new(name);
                Some(self.of_role(*role, &|given| name.is_match(given)))
            }
            Selector::TextContains(_) | Selector::TextMatches(_) => Some(self.texts_in_view()),
            _ => None,
        }
    }

    /// The names of `role`'s nodes, and how many of those `named` holds
    /// for lie beneath an open modal dialog.
    fn of_role(&self, role: SemanticRole, named: &dyn Fn(&str) -> bool) -> String {
        let (inert, live): (Vec<&SemanticNode>, Vec<&SemanticNode>) =
            self.nodes().filter(|node| node.role == role).partition(|node| node.is_inert());
        let plural = plural(role);
        let mut listing = if live.is_empty() {
            format!("there are no {plural}")
        } else {
            let names = live.iter().map(|node| {
                if node.name.is_empty() { "(no name)".to_owned() } else { quoted(&node.name) }
            });
            format!("{plural}: {}", list(names))
        };
        let covered: Vec<&&SemanticNode> = inert.iter().filter(|node| named(&node.name)).collect();
        if !covered.is_empty() {
            let dialog = self
                .topmost_modal()
                .map(|dialog| format!(" `{}`", dialog.label()))
                .unwrap_or_default();
            listing.push_str(&format!(
                "; {} {} beneath the open modal dialog{dialog} (inert until it closes)",
                covered.len(),
                if covered.len() == 1 { "match lies" } else { "matches lie" },
            ));
        }
        listing
    }

    fn texts_in_view(&self) -> String {
        // What a person reads: the leaves in view and not inert, by their
        // names and public values.
        let mut texts: Vec<&str> = Vec::new();
        for node in self.nodes() {
            if !node.children.is_empty() || !node.in_view || node.is_inert() {
                continue;
            }
            for text in [Some(node.name.as_str()), node.public_value()].into_iter().flatten() {
                let text = text.trim();
                if !text.is_empty() && !texts.contains(&text) {
                    texts.push(text);
                }
            }
        }
        if texts.is_empty() {
            "no text is in view".to_owned()
        } else {
            format!("texts in view: {}", list(texts.into_iter().map(quoted)))
        }
    }

    /// The root of the topmost overlay that makes the nodes beneath it
    /// inert: the topmost `modal` one, or — in a tree whose publisher
    /// reports no `modal` state — the topmost live dialog overlay.
    fn topmost_modal(&self) -> Option<&SemanticNode> {
        let live = || {
            self.root
                .children
                .iter()
                .filter(|child| child.overlay_order.is_some() && !child.is_inert())
        };
        live().filter(|child| child.states.modal).max_by_key(|child| child.overlay_order).or_else(
            || {
                live()
                    .filter(|child| child.role == SemanticRole::Dialog)
                    .max_by_key(|child| child.overlay_order)
            },
        )
    }
}

/// `a`, `b`, … and N more.
fn list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    let mut shown = items[..items.len().min(LISTED)].join(", ");
    if items.len() > LISTED {
        shown.push_str(&format!(" and {} more", items.len() - LISTED));
    }
    shown
}

fn quoted(text: &str) -> String {
    format!("`{}`", text.replace('\n', " "))
}

/// The role's spelling in the plural: `buttons`, `text-boxes`, `statuses`.
fn plural(role: SemanticRole) -> String {
    let word = role.as_str();
    if word.ends_with('s') || word.ends_with('x') {
        format!("{word}es")
    } else {
        format!("{word}s")
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Size;

    use super::*;
    use crate::semantic::{Bounds, Generation, SemanticValue};
    use rehearse_lang::Sensitivity;

    fn node(role: SemanticRole, name: &str) -> SemanticNode {
        SemanticNode::new(role, Bounds::new(0, 0, 5, 1)).with_name(name)
    }

    fn tree(children: Vec<SemanticNode>) -> SemanticTree {
        let mut root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 20, 5));
        root.children = children;
        SemanticTree::new(Generation(1), Size::new(20, 5), root)
    }

    #[test]
    fn a_role_lists_its_names_and_says_when_there_are_none() {
        let tree = tree(vec![node(SemanticRole::Button, "Add"), node(SemanticRole::TextBox, "")]);
        let button = Selector::role(SemanticRole::Button).name("add").into();
        assert_eq!(tree.what_is_there(&button).unwrap(), "buttons: `Add`");
        let unnamed = Selector::role(SemanticRole::TextBox).name("x").into();
        assert_eq!(tree.what_is_there(&unnamed).unwrap(), "text-boxes: (no name)");
        let status = Selector::role(SemanticRole::Status).into();
        assert_eq!(tree.what_is_there(&status).unwrap(), "there are no statuses");
        assert_eq!(tree.what_is_there(&Selector::id("add")), None);
    }

    #[test]
    fn inert_matches_are_named_with_the_dialog_that_covers_them() {
        let mut covered = node(SemanticRole::Button, "Delete");
        covered.states.inert = true;
        let mut dialog = node(SemanticRole::Dialog, "Delete?")
            .with_child(node(SemanticRole::Button, "Yes"))
            .with_child(node(SemanticRole::Button, "No"));
        dialog.overlay_order = Some(1);
        let tree = tree(vec![covered, dialog]);
        let selector = Selector::role(SemanticRole::Button).name("Delete").into();
        assert_eq!(
            tree.what_is_there(&selector).unwrap(),
            "buttons: `Yes`, `No`; 1 match lies beneath the open modal dialog \
             `dialog \"Delete?\"` (inert until it closes)"
        );
        let regex = rehearse_lang::TextRegex::new("^del").unwrap().ignoring_case();
        let selector = Selector::role(SemanticRole::Button).name_matching(regex).into();
        assert!(tree.what_is_there(&selector).unwrap().contains("1 match lies beneath"));
    }

    #[test]
    fn the_modal_overlay_is_named_even_below_a_dialog_that_is_not_modal() {
        let mut covered = node(SemanticRole::Button, "Delete");
        covered.states.inert = true;
        let mut confirm =
            node(SemanticRole::Alert, "Sure?").with_child(node(SemanticRole::Button, "Yes"));
        (confirm.overlay_order, confirm.states.modal) = (Some(1), true);
        let mut help = node(SemanticRole::Dialog, "Help");
        help.overlay_order = Some(2);
        let tree = tree(vec![covered, confirm, help]);
        let selector = Selector::role(SemanticRole::Button).name("Delete").into();
        assert_eq!(
            tree.what_is_there(&selector).unwrap(),
            "buttons: `Yes`; 1 match lies beneath the open modal dialog \
             `alert \"Sure?\"` (inert until it closes)"
        );
    }

    #[test]
    fn texts_list_names_and_public_values_never_secrets() {
        let secret = SemanticNode::new(SemanticRole::TextBox, Bounds::new(0, 1, 5, 1))
            .with_name("Password")
            .with_value(SemanticValue::new("hunter2", Sensitivity::Masked));
        let search = SemanticNode::new(SemanticRole::TextBox, Bounds::new(0, 2, 5, 1))
            .with_value(SemanticValue::new("milk", Sensitivity::Public));
        let many: Vec<SemanticNode> =
            (0..12).map(|n| node(SemanticRole::Text, &format!("line {n}"))).collect();
        let listed = tree([vec![secret, search], many].concat())
            .what_is_there(&Selector::text_contains("nope"))
            .unwrap();
        assert!(listed.starts_with("texts in view: `Password`, `milk`, `line 0`"), "{listed}");
        assert!(listed.ends_with("and 4 more"), "{listed}");
        assert!(!listed.contains("hunter2"));
        assert_eq!(
            tree(vec![]).what_is_there(&Selector::text_contains("x")).unwrap(),
            "no text is in view"
        );
    }
}
