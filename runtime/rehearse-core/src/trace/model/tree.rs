//! Trees in a trace: nodes in the semantic JSON shape (`docs/semantics.md`),
//! redacted as there, with children as indices so an unchanged subtree is
//! stored once however many steps show it.

use serde::{Deserialize, Serialize};

/// One distinct node. Its keys are those of a node in the semantic JSON,
/// except `children`, which holds indices into the document's `nodes`
/// (always lower than the node's own index).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NodeRecord {
    /// The role.
    pub role: String,
    /// The automation id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The accessible name.
    pub name: String,
    /// The value: `{"text", "sensitivity"}`, or `{"redacted": true,
    /// "sensitivity"}` for a masked or sensitive one, whose text is never
    /// recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<serde_json::Value>,
    /// The states, as the semantic JSON writes them.
    pub states: serde_json::Value,
    /// Layout bounds `[x, y, width, height]`.
    pub bounds: [i32; 4],
    /// Bounds clipped by every ancestor and the viewport.
    pub clipped_bounds: [i32; 4],
    /// The clipped bounds have positive area.
    pub in_view: bool,
    /// Enabled and supports an action.
    pub actionable: bool,
    /// Supported actions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<String>,
    /// For overlay roots, their place in the stacking order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overlay_order: Option<u32>,
    /// Children, as node indices, in document order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<usize>,
}

/// One distinct tree: its generation, viewport and root node.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TreeRecord {
    /// The generation it was committed as.
    pub generation: u64,
    /// The viewport, `[cols, rows]`.
    pub viewport: [u16; 2],
    /// The root node's index.
    pub root: usize,
}
