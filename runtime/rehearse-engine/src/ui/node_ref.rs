//! [`NodeRef`]: a handle on a node recorded in the current render, and
//! what a view or widget asks of and sets on such a node through its
//! [`Ui`] — interaction state, framework-kept state, bounds, handlers,
//! pointer policy, focusability.

use ratatui::layout::Rect;

use super::node::{ClickInheritance, NodeIdx};
use super::{EventCx, Ui, WidgetEvent, erase};
use rehearse_core::semantic::{Bounds, ScrollPosition};

/// A handle on a node recorded in the current render, for widget authors:
/// ask whether it is focused or hovered, attach handlers, keep state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeRef(pub(crate) NodeIdx);

impl<M: Send + 'static> Ui<'_, M> {
    /// Whether the node holds keyboard focus.
    pub fn is_focused(&self, node: NodeRef) -> bool {
        self.frame.touch(node.0);
        self.frame.interaction().focused == Some(self.frame.nodes[node.0].key)
    }

    /// Whether the pointer is over the node.
    pub fn is_hovered(&self, node: NodeRef) -> bool {
        self.frame.touch(node.0);
        self.frame.interaction().hovered == Some(self.frame.nodes[node.0].key)
    }

    /// Whether a button went down on the node and has not been released.
    pub fn is_pressed(&self, node: NodeRef) -> bool {
        self.frame.touch(node.0);
        self.frame.interaction().pressed == Some(self.frame.nodes[node.0].key)
    }

    /// The node's persistent interaction state (cursor, scroll offset),
    /// created with `Default` the first time.
    pub fn state<T: Default + 'static>(&mut self, node: NodeRef) -> &mut T {
        self.frame.touch(node.0);
        let key = self.frame.nodes[node.0].key;
        self.frame.state_mut::<T>(key)
    }

    /// The node's layout bounds on screen.
    pub fn bounds(&self, node: NodeRef) -> Bounds {
        self.frame.touch(node.0);
        self.frame.nodes[node.0].layout
    }

    /// The node's bounds clipped by ancestors and the viewport.
    pub fn clipped_bounds(&self, node: NodeRef) -> Bounds {
        self.frame.touch(node.0);
        self.frame.nodes[node.0].clip
    }

    /// The node's child at `index`, if it has one.
    pub(crate) fn child(&self, node: NodeRef, index: usize) -> Option<NodeRef> {
        self.frame.nodes[node.0].children.get(index).copied().map(NodeRef)
    }

    /// Marks the node selected or not after it was recorded (by a body that
    /// may have been carried over): a list's selection, which its rows do
    /// not depend on. The projection of the subtree it roots is not reused
    /// when this changes it.
    pub(crate) fn set_selected(&mut self, node: NodeRef, selected: bool) {
        let raw = &mut self.frame.nodes[node.0];
        if raw.facts.states.selected != Some(selected) {
            raw.facts.states.selected = Some(selected);
            self.frame.restamp_node(node.0);
        }
    }

    /// Makes room for `additional` more children of the node (a list about
    /// to add its rows).
    pub(crate) fn reserve_children(&mut self, node: NodeRef, additional: usize) {
        self.frame.nodes[node.0].children.reserve(additional);
    }

    /// Makes the node part of the Tab order and able to hold focus.
    pub fn make_focusable(&mut self, node: NodeRef) {
        self.frame.touch(node.0);
        self.frame.nodes[node.0].focusable = true;
    }

    /// Attaches an input handler; it returns `true` when it consumed the
    /// event. Unconsumed events bubble to the parent node.
    pub fn on_event(
        &mut self,
        node: NodeRef,
        handler: impl Fn(&WidgetEvent, &mut EventCx<'_, M>) -> bool + 'static,
    ) {
        self.frame.touch(node.0);
        self.frame.nodes[node.0].handlers.push(erase(handler));
    }

    /// Makes the node take every click inside it, before its descendants
    /// (`MouseRegion::capture_click`).
    pub fn capture_click(&mut self, node: NodeRef) {
        self.frame.touch(node.0);
        self.frame.nodes[node.0].pointer.capture_click = true;
    }

    /// Restricts where the node accepts the pointer to these cells, given in
    /// the node's own coordinate space (`MouseRegion::hit_test`).
    pub fn hit_cells(&mut self, node: NodeRef, cells: impl IntoIterator<Item = Rect>) {
        self.frame.touch(node.0);
        let surface = self.frame.surface();
        let cells = cells.into_iter().map(|cell| surface.to_screen(cell)).collect();
        self.frame.nodes[node.0].pointer.hit_cells = Some(cells);
    }

    /// Restricts where the node *and everything under it* accept the
    /// pointer to these cells (in the node coordinate space of this `Ui`):
    /// a per-cell hit area for a whole subtree, so a wrapped child is
    /// reachable only there (`MouseRegion::hit_test` around content). A
    /// descendant's own hit cells and owned cells count only inside these,
    /// never beyond them. The descendants themselves are not changed, so
    /// one carried over unchanged keeps working when the cells change.
    pub fn hit_cells_subtree(&mut self, node: NodeRef, cells: impl IntoIterator<Item = Rect>) {
        self.frame.touch(node.0);
        let surface = self.frame.surface();
        let cells: Vec<Bounds> = cells.into_iter().map(|cell| surface.to_screen(cell)).collect();
        self.frame.nodes[node.0].pointer.restrict_subtree(cells);
    }

    /// Cells where the node takes the press before its children, such as
    /// its scrollbar (coordinates in the node's own space).
    pub fn own_cells(&mut self, node: NodeRef, cells: impl IntoIterator<Item = Rect>) {
        self.frame.touch(node.0);
        let surface = self.frame.surface();
        let cells: Vec<Bounds> = cells.into_iter().map(|cell| surface.to_screen(cell)).collect();
        self.frame.nodes[node.0].pointer.own_cells.extend(cells);
    }

    /// Marks the node as a wrapper without click behaviour of its own: it
    /// supports Click only when its only child accepts the click at the
    /// wrapper's centre.
    pub fn inherit_click_from_only_child(&mut self, node: NodeRef) {
        // Whether it inherits depends on hit-testing the whole frame.
        self.frame.mark_volatile();
        self.frame.nodes[node.0].inheritance = ClickInheritance::FromOnlyChild;
    }

    /// Makes a drag that starts on the node carry `payload`.
    pub fn drag_payload(&mut self, node: NodeRef, payload: impl Into<String>) {
        self.frame.touch(node.0);
        self.frame.nodes[node.0].drag_payload = Some(payload.into());
    }

    /// Forbids naming the node from the text it drew.
    pub fn no_inferred_name(&mut self, node: NodeRef) {
        self.frame.touch(node.0);
        self.frame.nodes[node.0].infer_name = false;
    }

    /// Publishes where the node is scrolled (its `scroll` in the semantic
    /// tree): `offset` units of its content lie before the first one shown,
    /// of `extent` in all. For a widget that keeps its scroll position in
    /// the framework, which it knows only once the node is recorded.
    pub fn publish_scroll(&mut self, node: NodeRef, offset: usize, extent: usize) {
        self.frame.touch(node.0);
        self.frame.nodes[node.0].facts.states.scroll =
            Some(ScrollPosition::from_counts(offset, extent));
    }
}
