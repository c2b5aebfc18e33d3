//! Raw nodes: one node as a render recorded it, before projection, with its
//! pointer policy (how hit-testing treats it) and how it may inherit Click.

use crate::identity::ComponentPath;
use crate::ui::event::ErasedHandler;
use crate::ui::key::NodeKey;
use rehearse_core::semantic::{Bounds, SemanticFacts};

/// Index of a raw node in the session's node arena. Internal: never
/// public, never serialized.
pub(crate) type NodeIdx = usize;

/// Pointer policy of a node.
#[derive(Default)]
pub(crate) struct PointerPolicy {
    /// Takes every click inside its area instead of its descendants.
    pub(crate) capture_click: bool,
    /// Accepts the pointer only on these cells (screen coordinates);
    /// `None` accepts its whole visible area.
    pub(crate) hit_cells: Option<Vec<Bounds>>,
    /// Cells (screen coordinates) where the node itself takes the press
    /// before its children, such as a scrollbar column.
    pub(crate) own_cells: Vec<Bounds>,
    /// Cells (screen coordinates) outside which neither the node nor any
    /// node under it takes the pointer.
    pub(crate) subtree_cells: Option<Vec<Bounds>>,
}

impl PointerPolicy {
    /// Whether the node accepts the pointer at a cell of its visible area.
    pub(crate) fn accepts(&self, col: i32, row: i32) -> bool {
        self.hit_cells.as_ref().is_none_or(|cells| cells.iter().any(|cell| cell.contains(col, row)))
    }

    /// Restricts where the node and everything under it accept the pointer
    /// to `cells`; restricted twice, to where both allow.
    pub(crate) fn restrict_subtree(&mut self, cells: Vec<Bounds>) {
        self.subtree_cells = Some(match self.subtree_cells.take() {
            Some(before) => before
                .iter()
                .flat_map(|a| cells.iter().map(|b| a.intersection(*b)))
                .filter(|cell| !cell.is_empty())
                .collect(),
            None => cells,
        });
    }
}

/// How a node may inherit Click from its only child.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ClickInheritance {
    /// Clicks are its own business (or it has none).
    None,
    /// A wrapper (drag source, drop target, pan view, single-child frame):
    /// Click when its only child accepts clicks at the wrapper's centre.
    FromOnlyChild,
}

/// One node as the render recorded it, before projection.
pub(crate) struct RawNode {
    pub(crate) facts: SemanticFacts,
    pub(crate) layout: Bounds,
    pub(crate) clip: Bounds,
    pub(crate) parent: Option<NodeIdx>,
    pub(crate) children: Vec<NodeIdx>,
    pub(crate) layer: usize,
    pub(crate) key: NodeKey,
    pub(crate) owner: ComponentPath,
    pub(crate) focusable: bool,
    pub(crate) handlers: Vec<ErasedHandler>,
    pub(crate) pointer: PointerPolicy,
    pub(crate) inheritance: ClickInheritance,
    pub(crate) overlay_order: Option<u32>,
    /// Render inference is allowed: a leaf with no name may take the text it
    /// drew as its name (name-from-content and text roles only).
    pub(crate) infer_name: bool,
    /// What a drag starting here carries.
    pub(crate) drag_payload: Option<String>,
    /// The stamp of the rendering of the memoized subtree this node is the
    /// only root of (unique to that rendering): it travels with the node
    /// when the subtree is carried over, and the projection of the subtree
    /// can be reused while it stays the same.
    pub(crate) memo: Option<u64>,
    /// For a top-level node of a memoized subtree: how far away (in slots)
    /// the next one is.
    pub(crate) next_root: isize,
    /// Recorded by a memoized body (it travels with the body).
    pub(crate) in_memo: bool,
}

impl RawNode {
    /// A node with `facts` and `key` and nothing else yet.
    pub(crate) fn new(facts: SemanticFacts, key: NodeKey) -> Self {
        Self {
            infer_name: facts.name.is_none() && facts.label.is_none(),
            facts,
            layout: Bounds::default(),
            clip: Bounds::default(),
            parent: None,
            children: Vec::new(),
            layer: 0,
            key,
            owner: ComponentPath::default(),
            focusable: false,
            handlers: Vec::new(),
            pointer: PointerPolicy::default(),
            inheritance: ClickInheritance::None,
            overlay_order: None,
            drag_payload: None,
            memo: None,
            next_root: 0,
            in_memo: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rehearse_lang::SemanticRole;

    #[test]
    fn a_node_without_hit_cells_accepts_its_whole_area_and_one_with_them_only_those() {
        let mut policy = PointerPolicy::default();
        assert!(policy.accepts(5, 5));
        policy.hit_cells = Some(vec![Bounds::new(2, 0, 3, 1)]);
        assert!(policy.accepts(2, 0) && policy.accepts(4, 0));
        assert!(!policy.accepts(5, 0) && !policy.accepts(2, 1));
        policy.hit_cells = Some(Vec::new());
        assert!(!policy.accepts(2, 0), "no cells: nowhere");
    }

    #[test]
    fn restricting_a_subtree_twice_keeps_where_both_allow() {
        let mut policy = PointerPolicy::default();
        policy.restrict_subtree(vec![Bounds::new(0, 0, 10, 1), Bounds::new(0, 5, 10, 1)]);
        policy.restrict_subtree(vec![Bounds::new(4, 0, 10, 1)]);
        assert_eq!(policy.subtree_cells, Some(vec![Bounds::new(4, 0, 6, 1)]));
    }

    #[test]
    fn only_a_node_with_no_name_or_label_may_be_named_by_what_it_drew() {
        let key = NodeKey::test(1);
        assert!(RawNode::new(SemanticFacts::new(SemanticRole::Text), key).infer_name);
        let named = SemanticFacts::new(SemanticRole::Button).name("Save");
        assert!(!RawNode::new(named, key).infer_name);
        let labelled = SemanticFacts::new(SemanticRole::Button).label("Save");
        assert!(!RawNode::new(labelled, key).infer_name);
    }
}
