//! From the raw nodes a render recorded to the public semantic tree.

use rustc_hash::FxHashMap;

use ratatui::layout::Size;

use crate::error::AutomationError;
use crate::semantic::{Generation, NodeStates, SemanticNode, SemanticTree, resolve_name};
use crate::ui::{ClickInheritance, FrameBuilder, NodeIdx, NodeKey, ROOT};
use crate::{AutomationId, AutomationIdError, SemanticAction, SemanticRole};

use super::hit;

/// A projected tree plus, for each node in document order, the raw node it
/// came from (so the executor can act on what a selector resolved).
pub(crate) struct Projection {
    pub(crate) tree: SemanticTree,
    pub(crate) order: Vec<NodeIdx>,
    /// Where the memoized subtrees sit in the tree, in document order.
    pub(crate) memos: Vec<ProjectedMemo>,
}

/// A memoized subtree's projection in a committed tree: the next commit
/// reuses it when the subtree was carried over unchanged.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ProjectedMemo {
    /// Its root's position in document order.
    at: usize,
    /// Its root's key.
    key: NodeKey,
    /// The stamp of the rendering it describes.
    stamp: u64,
    /// Whether every ancestor was enabled.
    ancestors_enabled: bool,
    /// How many nodes it holds.
    len: usize,
}

/// Projected memoized subtrees taken out of the tree they were committed in.
#[derive(Default)]
pub(crate) struct Reusable {
    subtrees: Vec<Option<(ProjectedMemo, SemanticNode)>>,
    by_key: FxHashMap<NodeKey, usize>,
}

impl Reusable {
    /// Takes the memoized subtrees out of `tree` (which is being replaced),
    /// leaving empty nodes in their place. Walks only the nodes around them.
    pub(crate) fn take_from(tree: &mut SemanticTree, memos: &[ProjectedMemo]) -> Self {
        let mut reusable = Self::default();
        if memos.is_empty() {
            return reusable;
        }
        reusable.subtrees.reserve(memos.len());
        reusable.by_key.reserve(memos.len());
        let mut at = 0;
        let mut next = memos.iter().peekable();
        reusable.detach(&mut tree.root, &mut at, &mut next);
        reusable
    }

    /// The projection of the subtree rooted at `key`, once.
    fn take(&mut self, key: NodeKey) -> Option<(ProjectedMemo, SemanticNode)> {
        let at = *self.by_key.get(&key)?;
        self.subtrees[at].take()
    }

    fn detach(
        &mut self,
        node: &mut SemanticNode,
        at: &mut usize,
        next: &mut std::iter::Peekable<std::slice::Iter<'_, ProjectedMemo>>,
    ) {
        for child in &mut node.children {
            *at += 1;
            // Memos inside one already taken travel with it.
            while next.peek().is_some_and(|memo| memo.at < *at) {
                next.next();
            }
            let Some(&&memo) = next.peek() else { return };
            if memo.at == *at {
                next.next();
                let empty = SemanticNode::new(SemanticRole::Generic, child.bounds);
                self.by_key.insert(memo.key, self.subtrees.len());
                self.subtrees.push(Some((memo, std::mem::replace(child, empty))));
                *at += memo.len - 1;
            } else {
                self.detach(child, at, next);
            }
        }
    }
}

impl Projection {
    /// The raw node behind a node of this tree.
    pub(crate) fn raw_of(&self, node: &SemanticNode) -> Option<NodeIdx> {
        self.tree
            .nodes()
            .position(|candidate| std::ptr::eq(candidate, node))
            .map(|at| self.order[at])
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
    project_reusing(frame, generation, focused, None)
}

/// Like [`project`], reusing the projection of memoized subtrees carried
/// over unchanged since `reusable` was committed.
pub(crate) fn project_reusing(
    frame: &FrameBuilder,
    generation: Generation,
    focused: Option<NodeIdx>,
    reusable: Option<&mut Reusable>,
) -> Result<Projection, AutomationError> {
    if let Some(error) = frame.key_errors.first() {
        return Err(AutomationError::Render(error.clone()));
    }
    let mut projector = Projector {
        frame,
        focused,
        order: Vec::with_capacity(frame.nodes.live_count()),
        invalid_id: None,
        reusable,
        memos: Vec::new(),
    };
    let mut root = projector.node(ROOT, true);
    // Overlay roots follow application content, in stacking order.
    for layer in &frame.layers[1..] {
        if let Some(overlay_root) = layer.root {
            root.children.push(projector.node(overlay_root, true));
        }
    }
    let tree =
        SemanticTree::new(generation, Size::new(frame.viewport.width, frame.viewport.height), root);
    // Ids of reused subtrees were checked when they were committed; the
    // frame saw every fresh id (and every key twice) as it was recorded.
    if frame.duplicate || projector.invalid_id.is_some() {
        check_ids(&tree, projector.invalid_id)?;
    }
    Ok(Projection { tree, order: projector.order, memos: projector.memos })
}

struct Projector<'a> {
    frame: &'a FrameBuilder,
    focused: Option<NodeIdx>,
    order: Vec<NodeIdx>,
    /// The first id that broke the rules: its node's position, the id, why.
    invalid_id: Option<(usize, String, AutomationIdError)>,
    reusable: Option<&'a mut Reusable>,
    memos: Vec<ProjectedMemo>,
}

impl Projector<'_> {
    fn node(&mut self, idx: NodeIdx, ancestors_enabled: bool) -> SemanticNode {
        let raw = &self.frame.nodes[idx];
        let at = self.order.len();
        if let Some(record) = raw.memo.map(|memo| &self.frame.memos[memo]) {
            let memo = ProjectedMemo {
                at,
                key: raw.key,
                stamp: record.stamp,
                ancestors_enabled,
                len: record.nodes.len(),
            };
            self.memos.push(memo);
            let reused = self.reusable.as_mut().and_then(|reusable| reusable.take(raw.key));
            if let Some((before, node)) = reused
                && before.stamp == memo.stamp
                && before.ancestors_enabled == ancestors_enabled
                && before.len == memo.len
            {
                // The nodes are in document order in the arena.
                self.order.extend(record.nodes.clone());
                return node;
            }
        }
        self.order.push(idx);
        let facts = &raw.facts;
        let enabled = ancestors_enabled && facts.states.enabled.unwrap_or(true);
        let children: Vec<SemanticNode> =
            raw.children.iter().map(|&child| self.node(child, enabled)).collect();

        let mut name = resolve_name(facts, &children);
        if name.is_empty()
            && raw.infer_name
            && raw.children.is_empty()
            // A node with a value drew its value: naming it by what it drew
            // would publish a sensitive value as a name.
            && facts.value.is_none()
            && (facts.role.name_from_content() || facts.role == SemanticRole::Text)
        {
            // Render inference: a leaf with no declared name is named by the
            // text it drew (below annotations and widget labels).
            name = self.frame.drawn_text(idx);
        }

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

        let in_view = !raw.clip.is_empty();
        let offscreen = !raw.layout.is_empty() && !in_view;
        let focused =
            if raw.focusable { Some(self.focused == Some(idx)) } else { facts.states.focused };
        let states = NodeStates {
            focused,
            enabled,
            selected: facts.states.selected,
            expanded: facts.states.expanded,
            checked: facts.states.checked,
            hidden: offscreen,
            offscreen,
        };
        let mut node = SemanticNode::new(facts.role, raw.layout);
        // Validated once, here; check_ids reports the first failure.
        node.automation_id = match &facts.automation_id {
            None => None,
            Some(id) => match AutomationId::new(id.clone()) {
                Ok(id) => Some(id),
                Err(reason) => {
                    self.invalid_id.get_or_insert((at, id.clone(), reason));
                    None
                }
            },
        };
        node.name = name;
        node.value = facts.value.clone();
        node.states = states;
        node.clipped_bounds = raw.clip;
        node.in_view = in_view;
        node.actions = actions;
        node.actionable = enabled && !actions.is_empty();
        node.children = children;
        node.overlay_order = raw.overlay_order;
        node
    }
}

/// A wrapper supports Click only when it has exactly one child, that child
/// accepts clicks, and hit-testing the wrapper's centre reaches the child.
fn inherits_click(frame: &FrameBuilder, idx: NodeIdx, children: &[SemanticNode]) -> bool {
    let raw = &frame.nodes[idx];
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
    invalid_id: Option<(usize, String, AutomationIdError)>,
) -> Result<(), AutomationError> {
    let mut seen: FxHashMap<&str, usize> = FxHashMap::default();
    let invalid_at = invalid_id.as_ref().map_or(usize::MAX, |(at, ..)| *at);
    for (at, node) in tree.nodes().enumerate() {
        if at == invalid_at
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
