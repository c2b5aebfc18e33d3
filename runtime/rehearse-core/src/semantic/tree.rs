//! The committed semantic tree: one per generation.

use std::fmt;

use ratatui::layout::{Rect, Size};

use crate::semantic::{CompiledRegex, ScrollPosition, SemanticValue};
use rehearse_lang::{ActionSet, AutomationId, Checked, SemanticRole};

/// A rectangle in screen cells. Unlike [`Rect`], its origin may be negative:
/// a node scrolled above its viewport has layout bounds above row 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bounds {
    /// Leftmost column.
    pub x: i32,
    /// Topmost row.
    pub y: i32,
    /// Width in cells.
    pub width: u16,
    /// Height in cells.
    pub height: u16,
}

impl Bounds {
    /// A rectangle.
    #[inline]
    pub const fn new(x: i32, y: i32, width: u16, height: u16) -> Self {
        Self { x, y, width, height }
    }

    /// A zero-area rectangle at a point (where a scrolled-out node is anchored).
    #[inline]
    pub const fn empty_at(x: i32, y: i32) -> Self {
        Self { x, y, width: 0, height: 0 }
    }

    /// The number of cells covered.
    #[inline]
    pub const fn area(self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// Whether no cell is covered.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// One past the rightmost column.
    #[inline]
    pub const fn right(self) -> i32 {
        self.x + self.width as i32
    }

    /// One past the bottom row.
    #[inline]
    pub const fn bottom(self) -> i32 {
        self.y + self.height as i32
    }

    /// Whether the cell at `col`, `row` is inside.
    #[inline]
    pub const fn contains(self, col: i32, row: i32) -> bool {
        col >= self.x && col < self.right() && row >= self.y && row < self.bottom()
    }

    /// The overlap of two rectangles; zero-area (anchored at `self`'s
    /// clamped origin) when they do not overlap.
    #[must_use]
    #[inline]
    pub fn intersection(self, other: Self) -> Self {
        let x = self.x.max(other.x);
        let y = self.y.max(other.y);
        let right = self.right().min(other.right());
        let bottom = self.bottom().min(other.bottom());
        if right <= x || bottom <= y {
            let anchor_x = self.x.clamp(other.x, other.right().max(other.x));
            let anchor_y = self.y.clamp(other.y, other.bottom().max(other.y));
            return Self::empty_at(anchor_x, anchor_y);
        }
        Self::new(x, y, clamp_len(right - x), clamp_len(bottom - y))
    }

    /// The centre cell (rounded toward the top left), where clicks land.
    #[inline]
    pub const fn centre(self) -> (i32, i32) {
        (
            self.x + (self.width.saturating_sub(1) / 2) as i32,
            self.y + (self.height.saturating_sub(1) / 2) as i32,
        )
    }

    /// This rectangle as a ratatui [`Rect`], if it lies at non-negative
    /// coordinates.
    #[inline]
    pub fn to_rect(self) -> Option<Rect> {
        let x = u16::try_from(self.x).ok()?;
        let y = u16::try_from(self.y).ok()?;
        Some(Rect::new(x, y, self.width, self.height))
    }
}

fn clamp_len(len: i32) -> u16 {
    u16::try_from(len.max(0)).unwrap_or(u16::MAX)
}

impl From<Rect> for Bounds {
    fn from(rect: Rect) -> Self {
        Self::new(i32::from(rect.x), i32::from(rect.y), rect.width, rect.height)
    }
}

impl fmt::Display for Bounds {
    /// `x,y WxH`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{} {}x{}", self.x, self.y, self.width, self.height)
    }
}

/// The number of a committed generation. Starts at 1 with the first commit
/// and increases by one per committed operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Generation(pub u64);

impl Generation {
    /// The generation after this one.
    #[must_use]
    pub const fn next(self) -> Self {
        Self(self.0 + 1)
    }
}

impl fmt::Display for Generation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The states of a node as the tree publishes them.
///
/// `None` means the state does not apply or was not reported; it is never
/// guessed. `hidden` and `offscreen` come from geometry: `offscreen` means
/// laid out with area but scrolled or clipped entirely out of view, and
/// implies `hidden`. `inert` and `modal` come from the layers: an inert
/// node lies beneath an open modal dialog, and that dialog is `modal`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct NodeStates {
    /// `Some` for focusable nodes: whether it holds focus.
    pub focused: Option<bool>,
    /// Whether it accepts input (`false` is "disabled").
    pub enabled: bool,
    /// Whether it is selected, where the widget reports selection.
    pub selected: Option<bool>,
    /// Whether it is expanded, where the widget reports expansion.
    pub expanded: Option<bool>,
    /// Its checked state, where the widget reports one.
    pub checked: Option<Checked>,
    /// Whether its value is read-only, where the widget reports it.
    pub readonly: Option<bool>,
    /// Not visible to the user.
    pub hidden: bool,
    /// Laid out, but every cell is outside the visible area.
    pub offscreen: bool,
    /// Beneath an open modal dialog: still shown and in the tree, but role,
    /// name and text selectors pass over it and no action reaches it (as
    /// HTML's `inert`).
    pub inert: bool,
    /// A dialog opened as a modal overlay: what lies beneath it is inert.
    pub modal: bool,
    /// Where it is scrolled, where its widget keeps a scroll position (a
    /// scroll view, a list, a table, a scrollbar).
    pub scroll: Option<ScrollPosition>,
}

impl Default for NodeStates {
    fn default() -> Self {
        Self {
            focused: None,
            enabled: true,
            selected: None,
            expanded: None,
            checked: None,
            readonly: None,
            hidden: false,
            offscreen: false,
            inert: false,
            modal: false,
            scroll: None,
        }
    }
}

/// Which of its own nodes a plane projected a semantic node from, so the
/// plane can act on what a selector resolved. Never shown, never serialized,
/// and ignored by equality (two trees that say the same are equal).
#[derive(Clone, Copy, Default)]
pub struct NodeIdentity(pub u64);

impl PartialEq for NodeIdentity {
    #[inline]
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for NodeIdentity {}

/// Which projection produced a node *and everything below it*: a plane that
/// carries unchanged subtrees from one generation to the next (the engine's
/// memoized subtrees) stamps each node it projects afresh with a number no
/// node had before ([`SubtreeStamp::fresh`]) and leaves a carried subtree
/// as it was, so two nodes with the same known stamp hold the same subtree
/// and a recorder that kept one (a trace) need not look into the other.
/// [`UNKNOWN`](Self::UNKNOWN) (the default, and what a node built any other
/// way holds) promises nothing. Never shown, never serialized, and ignored
/// by equality. Whoever changes a stamped node after it was committed must
/// reset its stamp and its ancestors' (no plane does).
#[derive(Clone, Copy, Default, Debug)]
pub struct SubtreeStamp(pub u64);

impl SubtreeStamp {
    /// No promise: compare the subtree.
    pub const UNKNOWN: Self = Self(0);

    /// A stamp no node of this process had before.
    #[inline]
    pub fn fresh() -> Self {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Self(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }

    /// Whether this stamp promises the same subtree as `other`: both are
    /// known and equal.
    #[inline]
    pub const fn same_subtree(self, other: Self) -> bool {
        self.0 != 0 && self.0 == other.0
    }
}

impl PartialEq for SubtreeStamp {
    #[inline]
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for SubtreeStamp {}

/// One node of a committed semantic tree.
///
/// No internal node id appears here or in any output: a node is identified
/// by its automation id, or found by role, name, text or position.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SemanticNode {
    /// The author-chosen automation id.
    pub automation_id: Option<AutomationId>,
    /// The role.
    pub role: SemanticRole,
    /// The accessible name (empty when it has none).
    pub name: String,
    /// The value, for value-bearing nodes; redacted values hold no text.
    pub value: Option<SemanticValue>,
    /// States.
    pub states: NodeStates,
    /// Where the node was laid out.
    pub bounds: Bounds,
    /// The layout bounds clipped by every ancestor and the viewport.
    pub clipped_bounds: Bounds,
    /// The clipped bounds have positive area.
    pub in_view: bool,
    /// Enabled and supports at least one action.
    pub actionable: bool,
    /// Supported actions.
    pub actions: ActionSet,
    /// Children, in document order.
    pub children: Vec<SemanticNode>,
    /// For overlay roots, their position in the stacking order (1 is the
    /// lowest overlay); `None` for application content.
    pub overlay_order: Option<u32>,
    #[doc(hidden)]
    pub identity: NodeIdentity,
    /// Which projection produced this subtree (see [`SubtreeStamp`]).
    #[doc(hidden)]
    pub stamp: SubtreeStamp,
}

impl fmt::Debug for SemanticNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SemanticNode")
            .field("automation_id", &self.automation_id)
            .field("role", &self.role)
            .field("name", &self.name)
            .field("value", &self.value)
            .field("states", &self.states)
            .field("bounds", &self.bounds)
            .field("clipped_bounds", &self.clipped_bounds)
            .field("in_view", &self.in_view)
            .field("actionable", &self.actionable)
            .field("actions", &self.actions)
            .field("children", &self.children)
            .field("overlay_order", &self.overlay_order)
            .finish()
    }
}

impl SemanticNode {
    /// A node with a role and bounds and nothing else; clipped bounds equal
    /// the layout bounds.
    pub fn new(role: SemanticRole, bounds: Bounds) -> Self {
        Self {
            automation_id: None,
            role,
            name: String::new(),
            value: None,
            states: NodeStates::default(),
            bounds,
            clipped_bounds: bounds,
            in_view: !bounds.is_empty(),
            actionable: false,
            actions: ActionSet::EMPTY,
            children: Vec::new(),
            overlay_order: None,
            identity: NodeIdentity::default(),
            stamp: SubtreeStamp::UNKNOWN,
        }
    }

    /// Sets the automation id.
    #[must_use]
    pub fn with_id(mut self, id: AutomationId) -> Self {
        self.automation_id = Some(id);
        self
    }

    /// Sets the name.
    #[must_use]
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Sets the value.
    #[must_use]
    pub fn with_value(mut self, value: SemanticValue) -> Self {
        self.value = Some(value);
        self
    }

    /// Sets the actions and recomputes `actionable`.
    #[must_use]
    pub fn with_actions(mut self, actions: ActionSet) -> Self {
        self.actions = actions;
        self.actionable = self.states.enabled && !actions.is_empty();
        self
    }

    /// Appends a child.
    #[must_use]
    pub fn with_child(mut self, child: SemanticNode) -> Self {
        self.children.push(child);
        self
    }

    /// Whether the node lies beneath an open modal dialog.
    pub fn is_inert(&self) -> bool {
        self.states.inert
    }

    /// Whether the node holds focus.
    pub fn is_focused(&self) -> bool {
        self.states.focused == Some(true)
    }

    /// The public value text, if the node has one that is not redacted.
    pub fn public_value(&self) -> Option<&str> {
        self.value.as_ref().and_then(SemanticValue::text)
    }

    /// Whether `text` is in the node's own name or public value (a redacted
    /// value never contains anything).
    pub fn contains_text(&self, text: &str) -> bool {
        self.name.contains(text) || self.public_value().is_some_and(|value| value.contains(text))
    }

    /// Whether `text` is in the name or public value of this node or of any
    /// descendant: Playwright's `toContainText`.
    pub fn subtree_contains_text(&self, text: &str) -> bool {
        self.descendants().any(|node| node.contains_text(text))
    }

    /// Whether `regex` is found in the node's own name or public value (a
    /// redacted value never matches).
    pub fn matches_text(&self, regex: &CompiledRegex) -> bool {
        regex.is_match(&self.name) || self.public_value().is_some_and(|value| regex.is_match(value))
    }

    /// Whether `regex` is found in the name or public value of this node or
    /// of any descendant.
    pub fn subtree_matches_text(&self, regex: &CompiledRegex) -> bool {
        self.descendants().any(|node| node.matches_text(regex))
    }

    /// This node and every descendant in document order (pre-order).
    pub fn descendants(&self) -> Descendants<'_> {
        Descendants { next: Some(self), stack: Vec::new() }
    }

    /// A short human label: `role "name" #id`.
    pub fn label(&self) -> String {
        let mut label = self.role.as_str().to_owned();
        if !self.name.is_empty() {
            label.push_str(&format!(" {:?}", self.name));
        }
        if let Some(id) = &self.automation_id {
            label.push_str(&format!(" #{id}"));
        }
        label
    }
}

/// Pre-order iterator over a node and its descendants.
#[derive(Debug)]
pub struct Descendants<'a> {
    next: Option<&'a SemanticNode>,
    /// The siblings still to visit at each level below the root.
    stack: Vec<std::slice::Iter<'a, SemanticNode>>,
}

impl<'a> Iterator for Descendants<'a> {
    type Item = &'a SemanticNode;

    fn next(&mut self) -> Option<Self::Item> {
        let node = match self.next.take() {
            Some(node) => node,
            None => loop {
                match self.stack.last_mut()?.next() {
                    Some(node) => break node,
                    None => {
                        self.stack.pop();
                    }
                }
            },
        };
        if !node.children.is_empty() {
            self.stack.push(node.children.iter());
        }
        Some(node)
    }
}

/// The semantic tree of one committed generation: a synthetic
/// `application` root, application content, then overlay roots in stacking
/// order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SemanticTree {
    /// The generation it belongs to.
    pub generation: Generation,
    /// The viewport size it was laid out in.
    pub viewport: Size,
    /// The synthetic root.
    pub root: SemanticNode,
}

impl SemanticTree {
    /// A tree.
    pub fn new(generation: Generation, viewport: Size, root: SemanticNode) -> Self {
        Self { generation, viewport, root }
    }

    /// Every node in document order, root first.
    pub fn nodes(&self) -> Descendants<'_> {
        self.root.descendants()
    }

    /// The number of nodes, root included.
    pub fn len(&self) -> usize {
        self.nodes().count()
    }

    /// Whether the tree holds only its root.
    pub fn is_empty(&self) -> bool {
        self.root.children.is_empty()
    }

    /// The node that holds focus, if any.
    pub fn focused(&self) -> Option<&SemanticNode> {
        self.nodes().find(|node| node.is_focused())
    }

    /// The path of labels from the root to the first node for which
    /// `is_target` holds: `application > list #todos > list-item "Milk"`.
    pub fn path_to(&self, is_target: impl Fn(&SemanticNode) -> bool) -> Option<String> {
        fn walk<'a>(
            node: &'a SemanticNode,
            is_target: &dyn Fn(&SemanticNode) -> bool,
            path: &mut Vec<&'a SemanticNode>,
        ) -> bool {
            path.push(node);
            if is_target(node) || node.children.iter().any(|child| walk(child, is_target, path)) {
                return true;
            }
            path.pop();
            false
        }
        let mut path = Vec::new();
        walk(&self.root, &is_target, &mut path)
            .then(|| path.iter().map(|node| node.label()).collect::<Vec<_>>().join(" > "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intersection_clips_and_anchors_empty_results() {
        let viewport = Bounds::new(0, 0, 80, 24);
        assert_eq!(Bounds::new(70, 20, 20, 10).intersection(viewport), Bounds::new(70, 20, 10, 4));
        let above = Bounds::new(5, -3, 10, 2).intersection(viewport);
        assert!(above.is_empty());
        assert_eq!((above.x, above.y), (5, 0));
        let below = Bounds::new(5, 30, 10, 2).intersection(viewport);
        assert_eq!((below.x, below.y, below.area()), (5, 24, 0));
    }

    #[test]
    fn centre_rounds_toward_the_top_left() {
        assert_eq!(Bounds::new(0, 0, 10, 3).centre(), (4, 1));
        assert_eq!(Bounds::new(2, 2, 1, 1).centre(), (2, 2));
        assert_eq!(Bounds::new(2, 2, 0, 0).centre(), (2, 2));
    }

    #[test]
    fn descendants_are_pre_order_and_paths_name_each_level() {
        let tree = SemanticTree::new(
            Generation(1),
            Size::new(10, 10),
            SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 10, 10))
                .with_child(
                    SemanticNode::new(SemanticRole::List, Bounds::new(0, 0, 10, 5))
                        .with_id(AutomationId::from_static("todos"))
                        .with_child(
                            SemanticNode::new(SemanticRole::ListItem, Bounds::new(0, 0, 10, 1))
                                .with_name("Milk"),
                        ),
                )
                .with_child(SemanticNode::new(SemanticRole::Status, Bounds::new(0, 9, 10, 1))),
        );
        let roles: Vec<_> = tree.nodes().map(|node| node.role).collect();
        assert_eq!(
            roles,
            [
                SemanticRole::Application,
                SemanticRole::List,
                SemanticRole::ListItem,
                SemanticRole::Status
            ]
        );
        assert_eq!(
            tree.path_to(|node| node.name == "Milk").as_deref(),
            Some("application > list #todos > list-item \"Milk\"")
        );
        assert_eq!(tree.len(), 4);
    }
}
