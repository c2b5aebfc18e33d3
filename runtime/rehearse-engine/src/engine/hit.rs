//! Pointer hit-testing: which node a real pointer event at a cell reaches.
//!
//! Overlays are tested topmost first and a modal overlay blocks everything
//! beneath it. Inside a layer, a node that captures clicks takes them before
//! its descendants, cells a node owns (a scrollbar) are its own, later
//! siblings are on top of earlier ones, and a node with per-cell hit areas
//! accepts the pointer only on those cells.

use crate::ui::{FrameBuilder, NodeIdx};

/// The node a pointer at `col`, `row` reaches, if any.
pub(crate) fn hit_test(frame: &FrameBuilder, col: i32, row: i32) -> Option<NodeIdx> {
    // A click tests one cell of one frame four times (the check, move,
    // down, up); a rendered frame never changes, so the last answer holds.
    if let Some(target) = frame.cached_hit(col, row) {
        return target;
    }
    let target = hit_layers(frame, col, row);
    frame.remember_hit(col, row, target);
    target
}

fn hit_layers(frame: &FrameBuilder, col: i32, row: i32) -> Option<NodeIdx> {
    for (root, modal) in frame.layers().top_down() {
        if let Some(root) = root
            && let Some(target) = hit_in(frame, root, col, row)
        {
            return Some(target);
        }
        if modal {
            return None;
        }
    }
    None
}

fn hit_in(frame: &FrameBuilder, idx: NodeIdx, col: i32, row: i32) -> Option<NodeIdx> {
    let node = &frame.nodes()[idx];
    if !node.clip.contains(col, row) {
        return None;
    }
    if node
        .pointer
        .subtree_cells
        .as_ref()
        .is_some_and(|cells| !cells.iter().any(|cell| cell.contains(col, row)))
    {
        return None;
    }
    if node.pointer.own_cells.iter().any(|cell| cell.contains(col, row)) {
        return Some(idx);
    }
    if node.pointer.capture_click && node.pointer.accepts(col, row) {
        return Some(idx);
    }
    for &child in node.children.iter().rev() {
        // Most children of a long list are elsewhere: skip them before
        // recursing.
        if !frame.nodes()[child].clip.contains(col, row) {
            continue;
        }
        if let Some(target) = hit_in(frame, child, col, row) {
            return Some(target);
        }
    }
    node.pointer.accepts(col, row).then_some(idx)
}

/// Whether `node` is `ancestor` or lies inside it.
pub(crate) fn is_within(frame: &FrameBuilder, node: NodeIdx, ancestor: NodeIdx) -> bool {
    let mut current = Some(node);
    while let Some(idx) = current {
        if idx == ancestor {
            return true;
        }
        current = frame.nodes()[idx].parent;
    }
    false
}

/// `node` and its ancestors, innermost first: the bubbling path.
pub(crate) fn ancestry(frame: &FrameBuilder, node: NodeIdx) -> Vec<NodeIdx> {
    let mut path = Vec::new();
    let mut current = Some(node);
    while let Some(idx) = current {
        path.push(idx);
        current = frame.nodes()[idx].parent;
    }
    path
}
