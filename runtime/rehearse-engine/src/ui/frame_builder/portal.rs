//! Overlays: `Ui::overlay` opens a layer whose content's first node becomes
//! its root. Until that node is recorded, the portal's declaration (a
//! dialog's role, name and id) waits; the root then takes it, unless it
//! declares its own.

use ratatui::layout::Rect;

use super::{FrameBuilder, ParentSlot, Surface};
use crate::identity::ComponentPath;
use crate::ui::node::NodeIdx;
use rehearse_core::semantic::{Bounds, SemanticFacts};
use rehearse_lang::SemanticRole;

/// Portal facts waiting for the overlay content's first node.
pub(super) struct PendingPortal {
    pub(super) facts: SemanticFacts,
    pub(super) area: Rect,
    pub(super) order: u32,
    /// The node the overlay was declared under: the overlay root's key
    /// derives from it, so showing one overlay never re-keys another.
    pub(super) anchor: NodeIdx,
}

impl FrameBuilder {
    /// Starts an overlay layer: content drawn until `end_overlay` paints
    /// above everything before it.
    pub(crate) fn begin_overlay(&mut self, facts: SemanticFacts, area: Rect, modal: bool) {
        // Layer 0 is the application, so an overlay's layer is its stacking order.
        let layer = self.layers.open_overlay(self.viewport, modal);
        let order = u32::try_from(layer).unwrap_or(u32::MAX);
        self.surfaces.push(Surface { dx: 0, dy: 0, clip: Bounds::from(self.viewport) });
        let anchor = self.current_node();
        self.pending_portal.push(PendingPortal { facts, area, order, anchor });
        self.parents.push(ParentSlot::Portal);
    }

    /// Ends the innermost overlay, drawing on `previous_layer` again.
    pub(crate) fn end_overlay(&mut self, previous_layer: usize, owner: &ComponentPath) {
        if matches!(self.parents.last(), Some(ParentSlot::Portal)) {
            // The content recorded no node: the portal's declaration is the node.
            let area = self.pending_portal.last().map(|portal| portal.area).unwrap_or_default();
            let idx = self.open_node(area, SemanticFacts::new(SemanticRole::Generic), owner);
            self.close_node(idx);
        }
        // Pop the slot the hoisted root left behind.
        if let Some(ParentSlot::Node(idx)) = self.parents.last()
            && self.nodes[*idx].overlay_order.is_some()
        {
            self.parents.pop();
        }
        self.surfaces.pop();
        self.layers.set_current(previous_layer);
    }
}

/// The portal's role, name and id move onto the hoisted content; a
/// declaration on the content itself wins. A content role of `generic` or
/// `group` is no declaration: those are what undeclared containers get.
pub(super) fn hoist(portal: SemanticFacts, mut content: SemanticFacts) -> SemanticFacts {
    if matches!(content.role, SemanticRole::Generic | SemanticRole::Group) {
        content.role = portal.role;
        if content.actions.is_none() {
            content.actions = portal.actions;
        }
    }
    if content.name.is_none() && content.label.is_none() {
        content.name = portal.name;
        content.label = portal.label;
    }
    if content.automation_id.is_none() {
        content.automation_id = portal.automation_id;
    }
    content
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::arena::ROOT;
    use crate::ui::frame_builder::tests::{frame, leaf};
    use crate::ui::key::{NodeKey, OVERLAY_SCOPE};

    #[test]
    fn hoisting_moves_the_portal_declaration_and_content_wins() {
        let portal =
            SemanticFacts::new(SemanticRole::Dialog).name("Delete?").automation_id("confirm");
        let merged = hoist(portal.clone(), SemanticFacts::new(SemanticRole::Group));
        assert_eq!(merged.role, SemanticRole::Dialog);
        assert_eq!(merged.name.as_deref(), Some("Delete?"));
        assert_eq!(merged.automation_id.as_deref(), Some("confirm"));
        let own = SemanticFacts::new(SemanticRole::Alert).label("Careful").automation_id("mine");
        let merged = hoist(portal, own);
        assert_eq!(merged.role, SemanticRole::Alert);
        assert_eq!(merged.label.as_deref(), Some("Careful"));
        assert_eq!(merged.name, None);
        assert_eq!(merged.automation_id.as_deref(), Some("mine"));
    }

    #[test]
    fn an_overlay_draws_on_its_own_layer_and_its_first_node_takes_the_portal() {
        let mut frame = frame(None);
        let owner = ComponentPath::root();
        let portal = SemanticFacts::new(SemanticRole::Dialog).automation_id("confirm");
        frame.begin_overlay(portal, Rect::new(2, 1, 6, 2), true);
        assert_eq!(frame.layers().current(), 1);
        assert!(!frame.can_memoize(), "overlay content is never carried over");
        let content =
            leaf(&mut frame, Rect::new(2, 1, 6, 2), SemanticFacts::new(SemanticRole::Group));
        let after = leaf(&mut frame, Rect::new(2, 2, 6, 1), SemanticFacts::new(SemanticRole::Text));
        frame.end_overlay(0, &owner);
        assert_eq!((frame.layers().current(), frame.current_node()), (0, ROOT));
        assert!(frame.can_memoize());
        assert_eq!(frame.layers().root(1), Some(content));
        assert_eq!(frame.nodes[content].facts.role, SemanticRole::Dialog);
        assert_eq!(frame.nodes[content].key, NodeKey::of_id("confirm"));
        assert_eq!((frame.nodes[content].parent, frame.nodes[content].layer), (None, 1));
        assert_eq!(frame.nodes[content].children, [after], "later content hangs from the root");
        assert_eq!(frame.layers().modal_floor(), 1);
        // Content that records nothing: the portal's declaration is the node.
        frame.begin_overlay(SemanticFacts::new(SemanticRole::Alert), Rect::new(0, 0, 4, 1), false);
        frame.end_overlay(0, &owner);
        let empty = frame.layers().root(2).expect("a root of its own");
        assert_eq!(frame.nodes[empty].facts.role, SemanticRole::Alert);
        let overlay_key = frame.nodes[ROOT].key.child(OVERLAY_SCOPE, 0);
        assert_eq!(
            frame.nodes[empty].key, overlay_key,
            "the first overlay without an id under the root"
        );
    }
}
