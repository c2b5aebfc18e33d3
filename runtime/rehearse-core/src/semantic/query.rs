//! Discovery queries: every node a selector matches, in document order, and
//! the one node an action needs.

use std::fmt;

use crate::semantic::{CompiledRegex, NodeIdentity, SemanticNode, SemanticTree};
use rehearse_lang::{AutomationId, AutomationIdError, Selector, SemanticRole, TextRegex};

/// Why a selector could not be resolved to exactly one node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// The selector itself is invalid (an id that breaks the id rules).
    Invalid {
        /// The selector.
        selector: Selector,
        /// What is wrong with its id.
        reason: AutomationIdError,
    },
    /// Nothing matches.
    NoMatch {
        /// The selector.
        selector: Selector,
    },
    /// More than one node matches.
    Ambiguous {
        /// The selector.
        selector: Selector,
        /// A label for every match, in document order.
        matches: Vec<String>,
    },
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid { selector, reason } => {
                write!(f, "invalid selector `{selector}`: {reason}")
            }
            Self::NoMatch { selector } => write!(f, "no node matches `{selector}`"),
            Self::Ambiguous { selector, matches } => write!(
                f,
                "`{selector}` matches {} nodes, an action needs exactly one: {}; \
                 use an automation id (`#id`), a more specific selector, or pick one with \
                 `>> nth=N` (zero-based)",
                matches.len(),
                matches.join("; ")
            ),
        }
    }
}

impl std::error::Error for ResolveError {}

impl SemanticTree {
    /// Every node `selector` matches, in document order.
    ///
    /// A point selector returns every in-view node whose clipped bounds hold
    /// the cell, outermost first; use [`resolve`](Self::resolve) for the one
    /// a pointer action would target.
    ///
    /// # Errors
    ///
    /// [`ResolveError::Invalid`] when an id selector breaks the id rules.
    pub fn find_all(&self, selector: &Selector) -> Result<Vec<&SemanticNode>, ResolveError> {
        let found = match selector {
            Selector::Id(raw) => {
                let id = validate(selector, raw)?;
                self.nodes().filter(|node| node.automation_id.as_ref() == Some(&id)).collect()
            }
            Selector::Role { role, name } => self.by_role_and_name(*role, name.as_deref()),
            Selector::RoleNameMatches { role, name } => self.by_role_matching(*role, name),
            Selector::TextContains(text) => self.containing_text(text),
            Selector::TextMatches(regex) => self.matching_text(regex),
            Selector::Point { col, row } => self.at_point(*col, *row),
            Selector::Within { .. } | Selector::Nth { .. } => self.chain(selector)?,
            _ => Vec::new(),
        };
        Ok(found)
    }

    /// The matches of a chained selector: `scope >> target` looks for
    /// `target` among the descendants of `scope`'s one match; `of >> nth=N`
    /// keeps the `N`th of `of`'s matches.
    fn chain(&self, selector: &Selector) -> Result<Vec<&SemanticNode>, ResolveError> {
        match selector {
            Selector::Within { scope, target } => {
                let scope_node = match self.find_all(scope)?.as_slice() {
                    [] => return Err(ResolveError::NoMatch { selector: (**scope).clone() }),
                    [one] => *one,
                    many => {
                        return Err(ResolveError::Ambiguous {
                            selector: (**scope).clone(),
                            matches: many.iter().map(|node| describe(node)).collect(),
                        });
                    }
                };
                // What the target matches anywhere, kept when under the scope.
                let inside: std::collections::HashSet<*const SemanticNode> =
                    scope_node.descendants().skip(1).map(std::ptr::from_ref).collect();
                Ok(self
                    .find_all(target)?
                    .into_iter()
                    .filter(|node| inside.contains(&std::ptr::from_ref(*node)))
                    .collect())
            }
            Selector::Nth { of, index } => {
                Ok(self.find_all(of)?.get(*index).copied().into_iter().collect())
            }
            simple => self.find_all(simple),
        }
    }

    /// The one node `selector` targets.
    ///
    /// Id, role and text selectors must match exactly one node. A point
    /// selector prefers the topmost overlay, then actionable nodes, then the
    /// smallest area, then the node painted last.
    ///
    /// # Errors
    ///
    /// [`ResolveError::NoMatch`], [`ResolveError::Ambiguous`] (listing every
    /// match) or [`ResolveError::Invalid`].
    pub fn resolve(&self, selector: &Selector) -> Result<&SemanticNode, ResolveError> {
        if let Selector::Point { col, row } = selector {
            return self
                .topmost_at(*col, *row)
                .ok_or_else(|| ResolveError::NoMatch { selector: selector.clone() });
        }
        let found = self.find_all(selector)?;
        match found.as_slice() {
            [] => Err(ResolveError::NoMatch { selector: selector.clone() }),
            [one] => Ok(one),
            many => Err(ResolveError::Ambiguous {
                selector: selector.clone(),
                matches: many.iter().map(|node| describe(node)).collect(),
            }),
        }
    }

    /// Like [`resolve`](Self::resolve) for a tree whose automation ids are
    /// unique, as every committed tree's are: an id selector stops at the
    /// first match.
    pub fn resolve_unique_ids(&self, selector: &Selector) -> Result<&SemanticNode, ResolveError> {
        let Selector::Id(raw) = selector else { return self.resolve(selector) };
        let id = validate(selector, raw)?;
        self.by_id(id.as_str()).ok_or_else(|| ResolveError::NoMatch { selector: selector.clone() })
    }

    /// The node projected from the rendered node with this identity.
    pub fn by_identity(&self, identity: NodeIdentity) -> Option<&SemanticNode> {
        // `NodeIdentity`'s equality ignores it; compare what it holds.
        self.nodes().find(|node| node.identity.0 == identity.0)
    }

    /// The node with this automation id.
    pub fn by_id(&self, id: &str) -> Option<&SemanticNode> {
        self.nodes().find(|node| node.automation_id.as_ref().is_some_and(|own| own == id))
    }

    /// Nodes of `role`, and with exactly `name` when one is given. Inert
    /// nodes (beneath an open modal dialog) are passed over.
    pub fn by_role_and_name(&self, role: SemanticRole, name: Option<&str>) -> Vec<&SemanticNode> {
        self.nodes()
            .filter(|node| {
                !node.is_inert() && node.role == role && name.is_none_or(|name| node.name == name)
            })
            .collect()
    }

    /// Nodes of `role` whose accessible name matches `name` (found anywhere
    /// in it). Inert nodes are passed over.
    pub fn by_role_matching(&self, role: SemanticRole, name: &TextRegex) -> Vec<&SemanticNode> {
        let name = CompiledRegex::new(name);
        self.nodes()
            .filter(|node| !node.is_inert() && node.role == role && name.is_match(&node.name))
            .collect()
    }

    /// The deepest nodes whose own name or public value contains `text`: a
    /// node whose descendant also contains it is passed over, so a button
    /// named by its label's text and the label are one match (the label),
    /// not two. Inert nodes are passed over, and redacted values never
    /// match, so a query cannot probe a secret.
    pub fn containing_text(&self, text: &str) -> Vec<&SemanticNode> {
        self.deepest(&|node| node.contains_text(text))
    }

    /// The deepest nodes whose own name or public value matches `regex`,
    /// as [`containing_text`](Self::containing_text) finds text: inert
    /// nodes are passed over, and redacted values never match.
    pub fn matching_text(&self, regex: &TextRegex) -> Vec<&SemanticNode> {
        let regex = CompiledRegex::new(regex);
        self.deepest(&|node| node.matches_text(&regex))
    }

    /// The deepest nodes, not inert, that `holds` holds for.
    fn deepest(&self, holds: &dyn Fn(&SemanticNode) -> bool) -> Vec<&SemanticNode> {
        fn visit<'a>(
            node: &'a SemanticNode,
            holds: &dyn Fn(&SemanticNode) -> bool,
            found: &mut Vec<&'a SemanticNode>,
        ) {
            let before = found.len();
            for child in &node.children {
                visit(child, holds, found);
            }
            if found.len() == before && !node.is_inert() && holds(node) {
                found.push(node);
            }
        }
        let mut found = Vec::new();
        visit(&self.root, holds, &mut found);
        // Pushed after their descendants were visited; every match is a
        // leaf of the matches, so document order is their visiting order.
        found
    }

    /// Every in-view node whose clipped bounds hold the cell, in document order.
    pub fn at_point(&self, col: u16, row: u16) -> Vec<&SemanticNode> {
        self.nodes()
            .filter(|node| node.in_view && node.clipped_bounds.contains(col.into(), row.into()))
            .collect()
    }

    /// The node a pointer at the cell targets: topmost overlay first, then
    /// actionable nodes, then the smallest area, then the node painted last.
    pub fn topmost_at(&self, col: u16, row: u16) -> Option<&SemanticNode> {
        let mut best: Option<(u32, bool, u32, usize, &SemanticNode)> = None;
        let mut order = 0usize;
        visit_layers(&self.root, 0, &mut |node, layer| {
            order += 1;
            if !(node.in_view && node.clipped_bounds.contains(col.into(), row.into())) {
                return;
            }
            let area = node.clipped_bounds.area();
            let better = match best {
                None => true,
                Some((best_layer, best_actionable, best_area, _, _)) => {
                    (layer, node.actionable, std::cmp::Reverse(area))
                        >= (best_layer, best_actionable, std::cmp::Reverse(best_area))
                }
            };
            if better {
                best = Some((layer, node.actionable, area, order, node));
            }
        });
        best.map(|(.., node)| node)
    }
}

/// Walks the tree passing each node's overlay layer (0 for application content).
fn visit_layers<'a>(
    node: &'a SemanticNode,
    layer: u32,
    visit: &mut dyn FnMut(&'a SemanticNode, u32),
) {
    let layer = node.overlay_order.unwrap_or(layer);
    visit(node, layer);
    for child in &node.children {
        visit_layers(child, layer, visit);
    }
}

fn validate(selector: &Selector, raw: &str) -> Result<AutomationId, ResolveError> {
    AutomationId::new(raw.to_owned())
        .map_err(|reason| ResolveError::Invalid { selector: selector.clone(), reason })
}

/// A node as an ambiguity listing shows it: label and where it is.
fn describe(node: &SemanticNode) -> String {
    format!("{} at {}", node.label(), node.bounds)
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Size;

    use super::*;
    use crate::semantic::{Bounds, Generation};

    fn named(role: SemanticRole, name: &str) -> SemanticNode {
        SemanticNode::new(role, Bounds::new(0, 0, 10, 1)).with_name(name)
    }

    #[test]
    fn text_finds_the_deepest_node_holding_it_and_passes_over_inert_nodes() {
        let mut covered = named(SemanticRole::Button, "Delete row");
        covered.states.inert = true;
        let mut dialog = named(SemanticRole::Dialog, "Delete?").with_child(
            named(SemanticRole::Button, "Delete").with_child(named(SemanticRole::Text, "Delete")),
        );
        dialog.overlay_order = Some(1);
        let item = named(SemanticRole::ListItem, "Buy milk")
            .with_child(named(SemanticRole::Checkbox, "Buy milk"));
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 10, 5))
            .with_child(item)
            .with_child(covered)
            .with_child(dialog);
        let tree = SemanticTree::new(Generation(1), Size::new(10, 5), root);
        let labels = |text: &str| -> Vec<String> {
            tree.containing_text(text).iter().map(|node| node.label()).collect()
        };
        assert_eq!(labels("milk"), ["checkbox \"Buy milk\""]);
        // The dialog's name, its button's and its text's all hold "Delete":
        // the text is the one match; the covered row's button is inert.
        assert_eq!(labels("Delete"), ["text \"Delete\""]);
        let regex = |pattern: &str| TextRegex::new(pattern).unwrap();
        let found = |selector: Selector| -> Vec<String> {
            tree.find_all(&selector).unwrap().iter().map(|node| node.label()).collect()
        };
        assert_eq!(found(Selector::text_matches(regex("^Buy m"))), ["checkbox \"Buy milk\""]);
        assert_eq!(
            found(Selector::text_matches(regex("^delete$").ignoring_case())),
            ["text \"Delete\""]
        );
        let delete = Selector::role(SemanticRole::Button).name_matching(regex("^Del"));
        assert_eq!(found(delete.into()), ["button \"Delete\""], "not the inert row's button");
        let buttons = tree.by_role_and_name(SemanticRole::Button, None);
        assert_eq!(buttons.iter().map(|node| node.name.as_str()).collect::<Vec<_>>(), ["Delete"]);
        assert!(
            tree.resolve(&Selector::role(SemanticRole::Button).name("Delete row").into()).is_err()
        );
    }
}
