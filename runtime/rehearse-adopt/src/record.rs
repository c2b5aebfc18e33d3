//! What tags record while a frame renders: a thread-local list of nodes in
//! render order, with the scope stack that makes nesting follow the render.
//!
//! Nothing is recorded unless a harness started a recording on the thread
//! that renders (its app thread); then [`active`] is a thread-local flag
//! read and every tag costs that read and nothing else.

use std::cell::{Cell, RefCell};

use rehearse_core::semantic::{Bounds, ScrollPosition, SemanticFacts};

thread_local! {
    /// Whether this thread records: read by every tag, so a plain `Cell`.
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    static RECORDING: RefCell<Recording> = const { RefCell::new(Recording::new()) };
}

/// One recorded node.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RawNode {
    /// What the app said it means.
    pub(crate) facts: SemanticFacts,
    /// Where it was rendered.
    pub(crate) bounds: Bounds,
    /// Where its children are clipped to, besides its own clip (a list's
    /// rows live inside its block).
    pub(crate) inner: Bounds,
    /// Where it is clipped to besides its parent's inner area (a table's
    /// body rows live below its header).
    pub(crate) clip_to: Option<Bounds>,
    /// The enclosing scope, in render order; `None` at the top level.
    pub(crate) parent: Option<usize>,
    /// Rendered as an overlay: a root of its own after the app's content.
    pub(crate) overlay: bool,
    /// An overlay that is modal: what lies beneath it is inert.
    pub(crate) modal: bool,
}

/// Where a node is rendered: in the app's content (or nested in a scope),
/// or as an overlay root above it, modal or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layer {
    /// The app's content, or inside the enclosing scope.
    Content,
    /// A popup that makes nothing inert (a toast, a dropdown).
    Overlay,
    /// A modal dialog: every node beneath it is inert while it is open.
    Modal,
}

/// The nodes of one frame, in render order, and the open scopes.
#[derive(Debug, Default)]
pub(crate) struct Recording {
    nodes: Vec<RawNode>,
    stack: Vec<usize>,
}

impl Recording {
    const fn new() -> Self {
        Self { nodes: Vec::new(), stack: Vec::new() }
    }
}

/// Whether tags on this thread record (a harness is driving it).
#[inline]
pub(crate) fn active() -> bool {
    ACTIVE.with(Cell::get)
}

/// Starts recording on this thread, dropping anything recorded before.
pub(crate) fn start() {
    RECORDING.with(|recording| *recording.borrow_mut() = Recording::new());
    ACTIVE.with(|active| active.set(true));
}

/// Stops recording on this thread.
pub(crate) fn stop() {
    ACTIVE.with(|active| active.set(false));
    RECORDING.with(|recording| *recording.borrow_mut() = Recording::new());
}

/// The nodes recorded since the last call, in render order; the next frame
/// starts empty.
pub(crate) fn take_frame() -> Vec<RawNode> {
    RECORDING.with(|recording| {
        let mut recording = recording.borrow_mut();
        recording.stack.clear();
        std::mem::take(&mut recording.nodes)
    })
}

/// Records a node under the innermost open scope; returns its index.
pub(crate) fn push(facts: SemanticFacts, bounds: Bounds, inner: Bounds, layer: Layer) -> usize {
    RECORDING.with(|recording| {
        let mut recording = recording.borrow_mut();
        let parent = recording.stack.last().copied();
        let overlay = layer != Layer::Content;
        let modal = layer == Layer::Modal;
        let clip_to = None;
        recording.nodes.push(RawNode { facts, bounds, inner, parent, clip_to, overlay, modal });
        recording.nodes.len() - 1
    })
}

/// Records a node under `parent` (a node recorded just before); returns
/// its index.
pub(crate) fn push_child(parent: usize, facts: SemanticFacts, bounds: Bounds) -> usize {
    push_child_within(parent, facts, bounds, None)
}

/// Like [`push_child`], the node clipped to `clip_to` too, when given.
pub(crate) fn push_child_within(
    parent: usize,
    facts: SemanticFacts,
    bounds: Bounds,
    clip_to: Option<Bounds>,
) -> usize {
    RECORDING.with(|recording| {
        let mut recording = recording.borrow_mut();
        recording.nodes.push(RawNode {
            facts,
            bounds,
            inner: bounds,
            parent: Some(parent),
            clip_to,
            overlay: false,
            modal: false,
        });
        recording.nodes.len() - 1
    })
}

/// Sets `scroll` on the innermost open scope, if one is open; returns
/// whether one was.
pub(crate) fn scroll_innermost(scroll: ScrollPosition) -> bool {
    RECORDING.with(|recording| {
        let mut recording = recording.borrow_mut();
        let Some(&at) = recording.stack.last() else { return false };
        recording.nodes[at].facts.states.scroll = Some(scroll);
        true
    })
}

/// An open scope: what renders until it drops nests under its node.
/// Closing on drop keeps the stack right when the body unwinds.
pub(crate) struct Open {
    index: Option<usize>,
}

impl Open {
    /// Records `facts` at `bounds` and opens it as a scope, when recording.
    pub(crate) fn scope(
        facts: impl FnOnce() -> SemanticFacts,
        bounds: Bounds,
        layer: Layer,
    ) -> Self {
        if !active() {
            return Self { index: None };
        }
        let index = push(facts(), bounds, bounds, layer);
        RECORDING.with(|recording| recording.borrow_mut().stack.push(index));
        Self { index: Some(index) }
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        if let Some(index) = self.index {
            RECORDING.with(|recording| {
                // Scopes left open inside this one close with it.
                let mut recording = recording.borrow_mut();
                if let Some(at) = recording.stack.iter().rposition(|open| *open == index) {
                    recording.stack.truncate(at);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rehearse_lang::SemanticRole;

    #[test]
    fn nothing_is_recorded_until_a_recording_starts() {
        stop();
        let open = Open::scope(
            || unreachable!("facts are built lazily"),
            Bounds::default(),
            Layer::Content,
        );
        drop(open);
        assert!(take_frame().is_empty());
    }

    #[test]
    fn scopes_nest_what_renders_inside_them_and_close_on_drop() {
        start();
        {
            let _group = Open::scope(
                || SemanticFacts::new(SemanticRole::Group),
                Bounds::new(0, 0, 10, 5),
                Layer::Content,
            );
            push(
                SemanticFacts::new(SemanticRole::Text),
                Bounds::new(0, 0, 5, 1),
                Bounds::default(),
                Layer::Content,
            );
        }
        push(
            SemanticFacts::new(SemanticRole::Status),
            Bounds::new(0, 5, 10, 1),
            Bounds::default(),
            Layer::Content,
        );
        let nodes = take_frame();
        stop();
        let parents: Vec<_> = nodes.iter().map(|node| node.parent).collect();
        assert_eq!(parents, [None, Some(0), None]);
    }
}
