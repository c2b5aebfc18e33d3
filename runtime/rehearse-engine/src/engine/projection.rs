//! From the raw nodes a render recorded to the public semantic tree.

use rustc_hash::FxHashMap;

use ratatui::layout::Size;

use crate::ui::{ClickInheritance, FrameBuilder, NodeIdx, NodeKey, ROOT};
use rehearse_core::semantic::{
    Generation, Inherited, Placement, SemanticNode, SemanticTree, SubtreeStamp,
    resolve_name_inferring,
};
use rehearse_core::{AutomationError, MAX_TREE_DEPTH};
use rehearse_lang::{AutomationId, AutomationIdError, SemanticAction, SemanticRole};

use super::hit;

/// A projected tree, where its memoized subtrees sit (for the next commit
/// to reuse), and the labels of the nodes the engine asked about.
pub(crate) struct Projection {
    pub(crate) tree: SemanticTree,
    pub(crate) memos: ProjectedMemos,
    /// The label of each wanted node that was projected afresh.
    pub(crate) labels: [Option<String>; 3],
    /// Nodes projected afresh (the rest of the tree was reused).
    pub(crate) nodes_projected: u64,
}

/// A memoized subtree's projection in a committed tree: the next commit
/// reuses it when the subtree was carried over unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ChildMemo {
    /// Its root's key.
    key: NodeKey,
    /// The stamp of the rendering it describes.
    stamp: u64,
}

/// A memoized child as projected, with where the memoized subtrees inside
/// it sit (so that when it is projected afresh, the unchanged parts of it
/// are still reused).
struct MemoChild {
    memo: ChildMemo,
    inner: ProjectedMemos,
}

/// The memoized children of one node of a committed tree, by position.
struct MemoChildren {
    memos: Vec<Option<MemoChild>>,
    /// What the children inherited when they were projected.
    inherited: Inherited,
}

/// Where a committed tree holds memoized subtrees: by the key of the node
/// whose children they are (for the nodes outside every memoized subtree;
/// those inside one are kept with it).
#[derive(Default)]
pub(crate) struct ProjectedMemos {
    by_parent: FxHashMap<NodeKey, MemoChildren>,
}

/// The children of a node of a tree being replaced, for the node that
/// replaces it to take over.
struct OldChildren {
    nodes: Vec<SemanticNode>,
    memos: MemoChildren,
}

/// The children of memo parents, taken out of the tree they were committed
/// in (which is being replaced).
#[derive(Default)]
pub(crate) struct Reusable {
    by_parent: FxHashMap<NodeKey, OldChildren>,
}

impl Reusable {
    /// Takes the children of every node with memoized children out of
    /// `tree`. Walks only nodes outside memoized subtrees.
    pub(crate) fn take_from(tree: &mut SemanticTree, mut memos: ProjectedMemos) -> Self {
        let mut reusable = Self::default();
        if !memos.by_parent.is_empty() {
            reusable.by_parent.reserve(memos.by_parent.len());
            reusable.detach(&mut tree.root, &mut memos);
        }
        reusable
    }

    /// Takes the children of every node `memos` knows out of the subtree at
    /// `node`, for the nodes replacing them to take over.
    fn detach(&mut self, node: &mut SemanticNode, memos: &mut ProjectedMemos) {
        let key = NodeKey::of_identity(node.identity);
        let Some(children) = memos.by_parent.remove(&key) else {
            for child in &mut node.children {
                self.detach(child, memos);
            }
            return;
        };
        let mut nodes = std::mem::take(&mut node.children);
        // The root's children end with the overlay roots, which are not
        // its rendered children: only those line up with the memos.
        nodes.truncate(children.memos.len());
        // Memoized subtrees carry the ones inside them; look deeper only
        // beside them.
        for (child, memo) in nodes.iter_mut().zip(&children.memos) {
            if memo.is_none() {
                self.detach(child, memos);
            }
        }
        self.by_parent.insert(key, OldChildren { nodes, memos: children });
    }
}

/// Projects the frame: names by the conventions, actions, states, clipping,
/// overlay roots after application content. Fails on duplicate or invalid
/// automation ids and on render key errors, in every build.
pub(crate) fn project(
    frame: &FrameBuilder,
    generation: Generation,
    focused: Option<NodeIdx>,
) -> Result<Projection, AutomationError> {
    project_reusing(frame, generation, focused, [None; 3], None)
}

/// Like [`project`], reusing the projection of memoized subtrees carried
/// over unchanged since `reusable` was committed, and noting the labels of
/// the `wanted` nodes (focus, hover, press) it projects afresh.
pub(crate) fn project_reusing(
    frame: &FrameBuilder,
    generation: Generation,
    focused: Option<NodeIdx>,
    wanted: [Option<NodeKey>; 3],
    reusable: Option<&mut Reusable>,
) -> Result<Projection, AutomationError> {
    if let Some(error) = frame.key_errors().first() {
        return Err(AutomationError::Render(error.clone()));
    }
    let mut projector = Projector {
        frame,
        focused,
        content_inert: frame.layers().modal_floor() > 0,
        invalid_id: None,
        reusable,
        memos: ProjectedMemos::default(),
        wanted,
        labels: Default::default(),
        nodes_projected: 0,
        depth: 0,
        too_deep: None,
    };
    // Everything beneath the topmost modal layer is inert: the application
    // content (the root's own children) and lower overlays.
    let floor = frame.layers().modal_floor();
    let mut root = projector.node(ROOT, Inherited::ROOT);
    // Overlay roots follow application content, in stacking order, as
    // children of the root.
    projector.depth = 1;
    for (layer, overlay_root) in frame.layers().roots_with_layers_from(1) {
        let inherited = Inherited { enabled: true, inert: layer < floor };
        let mut overlay = projector.node(overlay_root, inherited);
        // The root of an overlay opened as modal is the modal dialog.
        overlay.states.modal = frame.layers().is_modal(layer);
        root.children.push(overlay);
    }
    if let Some(idx) = projector.too_deep {
        let facts = &frame.nodes()[idx].facts;
        let id = facts.automation_id.as_ref().map(|id| format!(" #{id}")).unwrap_or_default();
        return Err(AutomationError::TreeTooDeep {
            limit: MAX_TREE_DEPTH,
            at: format!("a `{}` node{id}", facts.role.as_str()),
        });
    }
    let viewport = frame.viewport();
    let tree = SemanticTree::new(generation, Size::new(viewport.width, viewport.height), root);
    // Ids of reused subtrees were checked when they were committed; the
    // frame saw every fresh id (and every key twice) as it was recorded.
    if frame.has_duplicate() || projector.invalid_id.is_some() {
        check_ids(&tree, projector.invalid_id)?;
    }
    Ok(Projection {
        tree,
        memos: projector.memos,
        labels: projector.labels,
        nodes_projected: projector.nodes_projected,
    })
}

struct Projector<'a> {
    frame: &'a FrameBuilder,
    focused: Option<NodeIdx>,
    /// A modal layer is open: the application content is inert.
    content_inert: bool,
    /// The first id that broke the rules: its node, the id, why.
    invalid_id: Option<(NodeKey, String, AutomationIdError)>,
    reusable: Option<&'a mut Reusable>,
    memos: ProjectedMemos,
    wanted: [Option<NodeKey>; 3],
    labels: [Option<String>; 3],
    nodes_projected: u64,
    /// The level of the node being projected (the root is 1).
    depth: usize,
    /// The first node past [`MAX_TREE_DEPTH`], which is not projected.
    too_deep: Option<NodeIdx>,
}

impl Projector<'_> {
    /// Projects the memoized child `idx` afresh, keeping where the memoized
    /// subtrees inside it sit apart; `old` is its projection last time, and
    /// what was memoized inside that is reused where unchanged.
    fn memo_child(
        &mut self,
        idx: NodeIdx,
        inherited: Inherited,
        memo: ChildMemo,
        old: Option<(&mut SemanticNode, ProjectedMemos)>,
    ) -> (SemanticNode, MemoChild) {
        if let (Some(reusable), Some((node, mut inner))) = (self.reusable.as_mut(), old) {
            reusable.detach(node, &mut inner);
        }
        let outer = std::mem::take(&mut self.memos);
        let node = self.node(idx, inherited);
        let inner = std::mem::replace(&mut self.memos, outer);
        (node, MemoChild { memo, inner })
    }

    /// The memoized subtree rooted at `idx`, if it is one.
    fn memo_of(&self, idx: NodeIdx) -> Option<ChildMemo> {
        let raw = &self.frame.nodes()[idx];
        let memo = raw.memo?;
        Some(ChildMemo { key: raw.key, stamp: memo })
    }

    /// Projects the children of `idx`, reusing the projection of memoized
    /// children that are what they were when the node's old children were
    /// committed.
    fn children(&mut self, idx: NodeIdx, inherited: Inherited) -> Vec<SemanticNode> {
        let raw = &self.frame.nodes()[idx];
        if raw.children.is_empty() {
            return Vec::new();
        }
        let key = raw.key;
        let old = self.reusable.as_mut().and_then(|reusable| reusable.by_parent.remove(&key));
        let mut memos = MemoChildren { memos: Vec::new(), inherited };
        let nodes = match old {
            // The usual case, a list whose rows stayed put: patch the old
            // children in place, only where they changed.
            Some(OldChildren { mut nodes, memos: old })
                if old.inherited == inherited && nodes.len() == raw.children.len() =>
            {
                memos.memos = old.memos;
                for (at, &child) in raw.children.iter().enumerate() {
                    let memo = self.memo_of(child);
                    let before = memos.memos[at].as_ref().map(|old| old.memo);
                    match memo {
                        Some(memo) if before == Some(memo) => {}
                        Some(memo) => {
                            let inner = memos.memos[at].take().map(|old| old.inner);
                            let old = inner.map(|inner| (&mut nodes[at], inner));
                            let (node, projected) = self.memo_child(child, inherited, memo, old);
                            nodes[at] = node;
                            memos.memos[at] = Some(projected);
                        }
                        None => {
                            nodes[at] = self.node(child, inherited);
                            memos.memos[at] = None;
                        }
                    }
                }
                nodes
            }
            old => {
                // Children moved, came or went: find the old ones by key.
                let mut by_key: FxHashMap<NodeKey, (SemanticNode, MemoChild)> =
                    FxHashMap::default();
                if let Some(old) = old.filter(|old| old.memos.inherited == inherited) {
                    for (node, memo) in old.nodes.into_iter().zip(old.memos.memos) {
                        if let Some(memo) = memo {
                            by_key.insert(memo.memo.key, (node, memo));
                        }
                    }
                }
                let mut nodes = Vec::with_capacity(raw.children.len());
                memos.memos.reserve(raw.children.len());
                for &child in &raw.children {
                    let Some(memo) = self.memo_of(child) else {
                        nodes.push(self.node(child, inherited));
                        memos.memos.push(None);
                        continue;
                    };
                    match by_key.remove(&memo.key) {
                        Some((node, old)) if old.memo == memo => {
                            nodes.push(node);
                            memos.memos.push(Some(old));
                        }
                        mut found => {
                            let old = found
                                .as_mut()
                                .map(|(node, old)| (node, std::mem::take(&mut old.inner)));
                            let (node, projected) = self.memo_child(child, inherited, memo, old);
                            nodes.push(node);
                            memos.memos.push(Some(projected));
                        }
                    }
                }
                nodes
            }
        };
        if memos.memos.iter().any(Option::is_some) {
            self.memos.by_parent.insert(key, memos);
        }
        nodes
    }

    fn node(&mut self, idx: NodeIdx, ancestors: Inherited) -> SemanticNode {
        self.nodes_projected += 1;
        let raw = &self.frame.nodes()[idx];
        let facts = &raw.facts;
        let mut below = facts.passed_on(ancestors);
        // The synthetic root holds the modal too; its content is what the
        // modal covers.
        below.inert |= idx == ROOT && self.content_inert;
        // Recursion stops at the depth limit: the commit fails instead of
        // the stack overflowing.
        self.depth += 1;
        let children = match raw.children.first() {
            Some(&first) if self.depth >= MAX_TREE_DEPTH => {
                self.too_deep.get_or_insert(first);
                Vec::new()
            }
            _ => self.children(idx, below),
        };
        self.depth -= 1;

        // Render inference: a leaf with no declared name is named by the
        // text it drew (below annotations, widget labels and content, above
        // the automation id). A node with a value drew its value: naming it
        // by what it drew would publish a sensitive value as a name.
        let infers = raw.infer_name
            && raw.children.is_empty()
            && facts.value.is_none()
            && (facts.role.name_from_content() || facts.role == SemanticRole::Text);
        let frame = self.frame;
        let name = resolve_name_inferring(facts, &children, || {
            if infers { frame.drawn_text(idx) } else { String::new() }
        });

        let mut actions = facts.effective_actions();
        if raw.focusable {
            actions = actions.with(SemanticAction::Focus);
        } else {
            actions = actions.without(SemanticAction::Focus);
        }
        if raw.inheritance == ClickInheritance::FromOnlyChild {
            actions = actions.without(SemanticAction::Click);
            if inherits_click(self.frame, idx, &children) {
                actions = actions.with(SemanticAction::Click);
            }
        }
        if raw.drag_payload.is_some() {
            actions = actions.with(SemanticAction::Drag);
        }

        let focused =
            if raw.focusable { Some(self.focused == Some(idx)) } else { facts.states.focused };
        let placement = Placement {
            layout: raw.layout,
            clip: raw.clip,
            inherited: ancestors,
            focused,
            actions,
        };
        let mut node = facts.project(placement);
        // Validated once, here; check_ids reports the first failure.
        node.automation_id = match &facts.automation_id {
            None => None,
            Some(id) => match AutomationId::new(id.clone()) {
                Ok(id) => Some(id),
                Err(reason) => {
                    self.invalid_id.get_or_insert((raw.key, id.clone(), reason));
                    None
                }
            },
        };
        node.name = name;
        node.children = children;
        node.overlay_order = raw.overlay_order;
        node.identity = raw.key.identity();
        // Projected afresh: a stamp no carried subtree holds (a recorder
        // that kept a subtree by its stamp looks into this one again).
        node.stamp = SubtreeStamp::fresh();
        for (wanted, label) in self.wanted.iter().zip(&mut self.labels) {
            if *wanted == Some(raw.key) {
                *label = Some(node.label());
            }
        }
        node
    }
}

/// A wrapper supports Click only when it has exactly one child, that child
/// accepts clicks, and hit-testing the wrapper's centre reaches the child.
fn inherits_click(frame: &FrameBuilder, idx: NodeIdx, children: &[SemanticNode]) -> bool {
    let raw = &frame.nodes()[idx];
    let [child] = raw.children.as_slice() else { return false };
    let [projected] = children else { return false };
    if !projected.actions.contains(SemanticAction::Click) || !projected.in_view {
        return false;
    }
    let (col, row) = raw.clip.centre();
    hit::hit_test(frame, col, row).is_some_and(|target| hit::is_within(frame, target, *child))
}

/// Fails on the first (in document order) invalid or duplicate id.
fn check_ids(
    tree: &SemanticTree,
    invalid_id: Option<(NodeKey, String, AutomationIdError)>,
) -> Result<(), AutomationError> {
    let mut seen: FxHashMap<&str, usize> = FxHashMap::default();
    let invalid = invalid_id.as_ref().map(|(key, ..)| key.identity().0);
    for (at, node) in tree.nodes().enumerate() {
        if Some(node.identity.0) == invalid
            && node.automation_id.is_none()
            && let Some((_, id, reason)) = invalid_id
        {
            return Err(AutomationError::InvalidAutomationId {
                id,
                path: path_at(tree, at),
                reason,
            });
        }
        let Some(id) = node.automation_id.as_ref().map(AutomationId::as_str) else { continue };
        if let Some(&first) = seen.get(id) {
            return Err(AutomationError::DuplicateAutomationId {
                id: id.to_owned(),
                first: path_at(tree, first),
                second: path_at(tree, at),
            });
        }
        seen.insert(id, at);
    }
    Ok(())
}

/// The label path of the node at pre-order position `at`.
fn path_at(tree: &SemanticTree, at: usize) -> String {
    let target = tree.nodes().nth(at).map(|node| node as *const SemanticNode);
    tree.path_to(|node| Some(node as *const SemanticNode) == target).unwrap_or_default()
}
