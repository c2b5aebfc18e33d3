//! From the nodes a frame recorded to the public semantic tree, by the
//! engine's rules (docs/semantics.md): names by the conventions and render
//! inference, the role's actions (an adopted app owns its focus, so no node
//! is focusable by the harness: `focus` is dropped as for the engine's
//! non-focusable nodes), reported states, clipping by every enclosing
//! scope and the viewport, overlays after the app's content and everything
//! beneath the topmost modal overlay inert. Invalid,
//! duplicate and (with declared ids) undeclared automation ids fail here.

use std::collections::HashMap;

use ratatui::buffer::Buffer;
use ratatui::layout::Size;
use rehearse_core::semantic::{
    Bounds, Generation, Inherited, NodeIdentity, Placement, SemanticNode, SemanticTree,
    resolve_name,
};
use rehearse_core::{AutomationError, AutomationIds, MAX_TREE_DEPTH};
use rehearse_lang::{AutomationId, SemanticAction, SemanticRole};

use crate::record::RawNode;

/// A recorded frame with each node's clip: what hit-testing reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct Layout {
    pub(crate) nodes: Vec<RawNode>,
    /// Each node's layout bounds clipped by its scopes and the viewport.
    pub(crate) clips: Vec<Bounds>,
    /// Each node's children, in render order.
    children: Vec<Vec<usize>>,
}

impl Layout {
    /// Lays out `nodes` in a viewport of `viewport`.
    pub(crate) fn new(nodes: Vec<RawNode>, viewport: Size) -> Self {
        let screen = Bounds::new(0, 0, viewport.width, viewport.height);
        let mut clips = Vec::with_capacity(nodes.len());
        let mut children = vec![Vec::new(); nodes.len()];
        // Parents are recorded before their children: one pass in order.
        let mut inner_clips: Vec<Bounds> = Vec::with_capacity(nodes.len());
        for (index, node) in nodes.iter().enumerate() {
            let within = match node.parent.filter(|_| !node.overlay) {
                Some(parent) => {
                    children[parent].push(index);
                    inner_clips[parent]
                }
                None => screen,
            };
            let within = node.clip_to.map_or(within, |clip_to| within.intersection(clip_to));
            let clip = node.bounds.intersection(within);
            clips.push(clip);
            inner_clips.push(node.inner.intersection(clip));
        }
        Self { nodes, clips, children }
    }

    /// The topmost node painted at a cell: the last rendered whose clip
    /// holds it.
    pub(crate) fn hit(&self, col: i32, row: i32) -> Option<usize> {
        self.clips.iter().rposition(|clip| clip.contains(col, row))
    }

    /// Whether `node` is `ancestor` or inside it.
    pub(crate) fn is_within(&self, mut node: usize, ancestor: usize) -> bool {
        loop {
            if node == ancestor {
                return true;
            }
            match self.nodes[node].parent.filter(|_| !self.nodes[node].overlay) {
                Some(parent) => node = parent,
                None => return false,
            }
        }
    }

    /// The tree of this layout as generation `generation`, reading drawn
    /// text for render inference from `buffer`.
    pub(crate) fn project(
        &self,
        buffer: &Buffer,
        generation: Generation,
        viewport: Size,
        declared: AutomationIds,
    ) -> Result<SemanticTree, AutomationError> {
        let screen = Bounds::new(0, 0, viewport.width, viewport.height);
        let mut projector = Projector { layout: self, buffer, depth: 1, too_deep: None };
        let mut root = SemanticNode::new(SemanticRole::Application, screen);
        let tops = (0..self.nodes.len())
            .filter(|&at| self.nodes[at].parent.is_none() || self.nodes[at].overlay);
        let (overlays, content): (Vec<usize>, Vec<usize>) =
            tops.partition(|&at| self.nodes[at].overlay);
        // Layers as the engine stacks them: the content is layer 0, the
        // overlays 1, 2, … in render order. Everything beneath the topmost
        // modal is inert.
        let floor = overlays.iter().rposition(|&at| self.nodes[at].modal).map_or(0, |at| at + 1);
        let content_below = Inherited { enabled: true, inert: floor > 0 };
        for at in content {
            root.children.push(projector.node(at, content_below)?);
        }
        for (order, at) in overlays.into_iter().enumerate() {
            let layer = order + 1;
            let mut node = projector.node(at, Inherited { enabled: true, inert: layer < floor })?;
            node.overlay_order = Some(u32::try_from(layer).unwrap_or(u32::MAX));
            // The root of an overlay opened as modal is the modal dialog.
            node.states.modal = self.nodes[at].modal;
            root.children.push(node);
        }
        if let Some(at) = projector.too_deep {
            let facts = &self.nodes[at].facts;
            let id = facts.automation_id.as_ref().map(|id| format!(" #{id}")).unwrap_or_default();
            return Err(AutomationError::TreeTooDeep {
                limit: MAX_TREE_DEPTH,
                at: format!("a `{}` node{id}", facts.role.as_str()),
            });
        }
        let tree = SemanticTree::new(generation, viewport, root);
        check_ids(&tree, declared)?;
        Ok(tree)
    }
}

struct Projector<'a> {
    layout: &'a Layout,
    buffer: &'a Buffer,
    depth: usize,
    too_deep: Option<usize>,
}

impl Projector<'_> {
    fn node(&mut self, at: usize, ancestors: Inherited) -> Result<SemanticNode, AutomationError> {
        let raw = &self.layout.nodes[at];
        let facts = &raw.facts;
        let below = facts.passed_on(ancestors);
        self.depth += 1;
        let mut children = Vec::new();
        match self.layout.children[at].first() {
            Some(&first) if self.depth >= MAX_TREE_DEPTH => {
                self.too_deep.get_or_insert(first);
            }
            _ => {
                for &child in &self.layout.children[at] {
                    if !self.layout.nodes[child].overlay {
                        children.push(self.node(child, below)?);
                    }
                }
            }
        }
        self.depth -= 1;
        let clip = self.layout.clips[at];
        let mut name = resolve_name(facts, &children);
        if name.is_empty()
            && children.is_empty()
            // A node with a value drew its value: naming it by what it drew
            // would publish a sensitive value as a name.
            && facts.value.is_none()
            && (facts.role.name_from_content() || facts.role == SemanticRole::Text)
        {
            name = drawn_text(self.buffer, clip);
        }
        // The harness cannot move an adopted app's focus: like the engine's
        // non-focusable nodes, no node offers `focus`.
        let actions = facts.effective_actions().without(SemanticAction::Focus);
        let placement = Placement {
            layout: raw.bounds,
            clip,
            inherited: ancestors,
            focused: facts.states.focused,
            actions,
        };
        let mut node = facts.project(placement);
        node.automation_id = match &facts.automation_id {
            None => None,
            Some(id) => Some(AutomationId::new(id.clone()).map_err(|reason| {
                AutomationError::InvalidAutomationId {
                    id: id.clone(),
                    path: format!("a `{}` node at {}", facts.role.as_str(), raw.bounds),
                    reason,
                }
            })?),
        };
        node.name = name;
        node.children = children;
        node.identity = NodeIdentity(u64::try_from(at).unwrap_or(u64::MAX));
        Ok(node)
    }
}

/// The text drawn in `clip`, decoration (box drawing, blocks) left out and
/// whitespace collapsed: the engine's render inference.
fn drawn_text(buffer: &Buffer, clip: Bounds) -> String {
    let mut text = String::new();
    for row in clip.y..clip.bottom() {
        for col in clip.x..clip.right() {
            let (Ok(col), Ok(row)) = (u16::try_from(col), u16::try_from(row)) else { continue };
            if let Some(cell) = buffer.cell((col, row)) {
                let decoration =
                    |c: char| matches!(c, '\u{2500}'..='\u{259F}' | '\u{25A0}'..='\u{25FF}');
                text.extend(cell.symbol().chars().map(|c| if decoration(c) { ' ' } else { c }));
            }
        }
        text.push(' ');
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Fails on the first (in document order) duplicate id, or one the app
/// does not declare when it declares its ids.
fn check_ids(tree: &SemanticTree, declared: AutomationIds) -> Result<(), AutomationError> {
    let path =
        |target: &SemanticNode| tree.path_to(|node| std::ptr::eq(node, target)).unwrap_or_default();
    let mut seen: HashMap<&str, &SemanticNode> = HashMap::new();
    for node in tree.nodes() {
        let Some(id) = node.automation_id.as_ref().map(AutomationId::as_str) else { continue };
        if declared.declared().is_some() && !declared.contains(id) {
            return Err(AutomationError::UndeclaredAutomationId {
                id: id.to_owned(),
                path: path(node),
                app: "the adopted app",
                closest: declared.closest(id).map(|closest| format!("`{closest}`")),
            });
        }
        if let Some(first) = seen.get(id) {
            return Err(AutomationError::DuplicateAutomationId {
                id: id.to_owned(),
                first: path(first),
                second: path(node),
            });
        }
        seen.insert(id, node);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use rehearse_core::semantic::SemanticFacts;

    use super::*;

    fn raw(role: SemanticRole, id: &str, parent: Option<usize>, layer: (bool, bool)) -> RawNode {
        let bounds = Bounds::new(0, 0, 10, 2);
        let facts = SemanticFacts::new(role).automation_id(id).label(id);
        let (overlay, modal) = layer;
        RawNode { facts, bounds, inner: bounds, parent, clip_to: None, overlay, modal }
    }

    fn project(nodes: Vec<RawNode>) -> SemanticTree {
        let size = Size::new(10, 4);
        let buffer = Buffer::empty(Rect::new(0, 0, 10, 4));
        Layout::new(nodes, size)
            .project(&buffer, Generation(1), size, AutomationIds::UNDECLARED)
            .expect("the frame projects")
    }

    fn inert(tree: &SemanticTree, id: &str) -> (bool, bool) {
        let node = tree.by_id(id).expect("the node is in the tree");
        (node.states.inert, node.actionable)
    }

    const CONTENT: (bool, bool) = (false, false);
    const OVERLAY: (bool, bool) = (true, false);
    const MODAL: (bool, bool) = (true, true);

    #[test]
    fn beneath_the_topmost_modal_everything_is_inert_and_not_actionable() {
        let tree = project(vec![
            raw(SemanticRole::Group, "form", None, CONTENT),
            raw(SemanticRole::Button, "save", Some(0), CONTENT),
            raw(SemanticRole::Dialog, "menu", None, OVERLAY),
            raw(SemanticRole::Button, "open", Some(2), CONTENT),
            raw(SemanticRole::Dialog, "confirm", Some(0), MODAL),
            raw(SemanticRole::Button, "yes", Some(4), CONTENT),
            raw(SemanticRole::Dialog, "toast", None, OVERLAY),
            raw(SemanticRole::Button, "undo", Some(6), CONTENT),
        ]);
        // The content and the lower overlay lie beneath the modal.
        assert_eq!(inert(&tree, "form"), (true, false));
        assert_eq!(inert(&tree, "save"), (true, false));
        assert_eq!(inert(&tree, "open"), (true, false));
        // The modal, what is in it and what is above it are live.
        assert_eq!(inert(&tree, "yes"), (false, true));
        assert_eq!(inert(&tree, "undo"), (false, true));
        assert!(!tree.by_id("confirm").expect("the dialog").states.inert);
        // Only the modal overlay's root is `modal`.
        let modal = |id| tree.by_id(id).expect("the overlay").states.modal;
        assert_eq!([modal("menu"), modal("confirm"), modal("toast")], [false, true, false]);
        assert!(!modal("yes"), "what is in the modal is not itself modal");
        let order: Vec<_> = tree.root.children.iter().map(|node| node.overlay_order).collect();
        assert_eq!(order, [None, Some(1), Some(2), Some(3)]);
    }

    #[test]
    fn an_overlay_that_is_not_modal_makes_nothing_inert() {
        let tree = project(vec![
            raw(SemanticRole::Button, "save", None, CONTENT),
            raw(SemanticRole::Dialog, "toast", None, OVERLAY),
            raw(SemanticRole::Button, "undo", Some(1), CONTENT),
        ]);
        assert_eq!(inert(&tree, "save"), (false, true));
        assert_eq!(inert(&tree, "undo"), (false, true));
    }
}
