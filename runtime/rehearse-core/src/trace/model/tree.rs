//! Trees in a trace: nodes in the semantic JSON shape (`docs/semantics.md`),
//! redacted as there, with children as indices so an unchanged subtree is
//! stored once however many steps show it.

use serde::{Deserialize, Serialize};

/// One distinct node. Its keys are those of a node in the semantic JSON,
/// except `children`, which holds indices into the document's `nodes`
/// (always lower than the node's own index).
///
/// In `trace.json` the children are written either as `children` or, when
/// that is shorter, as `children_runs` (see [`child_runs`]), and three keys
/// are left out at their usual value: `clipped_bounds` when equal to
/// `bounds`, `in_view` when true, `actionable` when false. Reading gives
/// back the whole node either way.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "NodeWire", try_from = "NodeWire")]
pub struct NodeRecord {
    /// The role.
    pub role: String,
    /// The automation id.
    pub id: Option<String>,
    /// The accessible name.
    pub name: String,
    /// The value: `{"text", "sensitivity"}`, or `{"redacted": true,
    /// "sensitivity"}` for a masked or sensitive one, whose text is never
    /// recorded.
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
    pub actions: Vec<String>,
    /// For overlay roots, their place in the stacking order.
    pub overlay_order: Option<u32>,
    /// Children, as node indices, in document order.
    pub children: Vec<usize>,
}

/// A node as `trace.json` spells it: children as a list or as runs.
#[derive(Serialize, Deserialize)]
struct NodeWire {
    role: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<serde_json::Value>,
    states: serde_json::Value,
    bounds: [i32; 4],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clipped_bounds: Option<[i32; 4]>,
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    in_view: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    actionable: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    actions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    overlay_order: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    children: Vec<usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    children_runs: Vec<[usize; 3]>,
}

fn yes() -> bool {
    true
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
fn is_true(value: &bool) -> bool {
    *value
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
fn is_false(value: &bool) -> bool {
    !*value
}

impl From<NodeRecord> for NodeWire {
    fn from(node: NodeRecord) -> Self {
        let runs = child_runs(&node.children);
        let (children, children_runs) = if runs.len() * 3 < node.children.len() {
            (Vec::new(), runs)
        } else {
            (node.children, Vec::new())
        };
        Self {
            role: node.role,
            id: node.id,
            name: node.name,
            value: node.value,
            states: node.states,
            bounds: node.bounds,
            clipped_bounds: (node.clipped_bounds != node.bounds).then_some(node.clipped_bounds),
            in_view: node.in_view,
            actionable: node.actionable,
            actions: node.actions,
            overlay_order: node.overlay_order,
            children,
            children_runs,
        }
    }
}

impl TryFrom<NodeWire> for NodeRecord {
    type Error = String;

    fn try_from(wire: NodeWire) -> Result<Self, String> {
        if !wire.children.is_empty() && !wire.children_runs.is_empty() {
            return Err("a node has both `children` and `children_runs`".into());
        }
        let mut children = wire.children;
        for [first, stride, count] in wire.children_runs {
            // The last child of the run, checked so a hostile run cannot
            // overflow or ask for an absurd allocation (indices are checked
            // against the table afterwards).
            let last = count
                .checked_sub(1)
                .and_then(|steps| steps.checked_mul(stride))
                .and_then(|span| span.checked_add(first));
            if count == 0 || last.is_none() || count > 1 << 24 {
                return Err(format!(
                    "a node has a malformed child run [{first}, {stride}, {count}]"
                ));
            }
            children.extend((0..count).map(|at| first + at * stride));
        }
        Ok(Self {
            role: wire.role,
            id: wire.id,
            name: wire.name,
            value: wire.value,
            states: wire.states,
            bounds: wire.bounds,
            clipped_bounds: wire.clipped_bounds.unwrap_or(wire.bounds),
            in_view: wire.in_view,
            actionable: wire.actionable,
            actions: wire.actions,
            overlay_order: wire.overlay_order,
            children,
        })
    }
}

/// `children` as runs `[first, stride, count]`: the node indices `first`,
/// `first + stride`, … (`count` of them), run after run, in order. A run of
/// one child has stride 1; strides are positive.
pub fn child_runs(children: &[usize]) -> Vec<[usize; 3]> {
    let mut runs: Vec<[usize; 3]> = Vec::new();
    for &child in children {
        match runs.last_mut() {
            Some([first, stride, count]) if *count == 1 && child > *first => {
                *stride = child - *first;
                *count = 2;
            }
            Some([first, stride, count])
                if *count > 1 && Some(child) == stride.checked_mul(*count).map(|s| *first + s) =>
            {
                *count += 1;
            }
            _ => runs.push([child, 1, 1]),
        }
    }
    runs
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

#[cfg(test)]
mod tests {
    use super::*;

    fn list(children: Vec<usize>) -> NodeRecord {
        NodeRecord {
            role: "list".into(),
            id: None,
            name: String::new(),
            value: None,
            states: serde_json::json!({"enabled": true}),
            bounds: [0; 4],
            clipped_bounds: [0; 4],
            in_view: true,
            actionable: false,
            actions: Vec::new(),
            overlay_order: None,
            children,
        }
    }

    fn wire(node: &NodeRecord) -> serde_json::Value {
        serde_json::to_value(node).unwrap()
    }

    #[test]
    fn a_long_child_list_is_written_as_runs_and_read_back_whole() {
        let mut children: Vec<usize> = (0..200).map(|row| 2 + row * 3).collect();
        children[57] = 9000;
        let node = list(children.clone());
        let json = wire(&node);
        assert!(json.get("children").is_none(), "{json}");
        assert_eq!(
            json["children_runs"],
            serde_json::json!([[2, 3, 57], [9000, 1, 1], [176, 3, 142]]),
            "{json}"
        );
        let back: NodeRecord = serde_json::from_value(json).unwrap();
        assert_eq!(back.children, children);
        assert_eq!(back, node);
    }

    #[test]
    fn a_short_or_scattered_child_list_is_written_as_a_list() {
        for children in [vec![5, 1, 7], vec![9, 4, 8, 3, 7, 2, 6, 1], vec![1, 2]] {
            let node = list(children.clone());
            let json = wire(&node);
            assert_eq!(json["children"], serde_json::json!(children));
            assert!(json.get("children_runs").is_none(), "{json}");
            assert_eq!(serde_json::from_value::<NodeRecord>(json).unwrap(), node);
        }
        assert!(wire(&list(Vec::new())).get("children").is_none());
    }

    #[test]
    fn usual_values_are_left_out_and_read_back() {
        let node = list(vec![1]);
        let json = wire(&node);
        for key in ["clipped_bounds", "in_view", "actionable"] {
            assert!(json.get(key).is_none(), "{key}: {json}");
        }
        assert_eq!(serde_json::from_value::<NodeRecord>(json).unwrap(), node);
        let mut unusual = list(vec![1]);
        unusual.bounds = [0, 30, 10, 4];
        unusual.clipped_bounds = [0, 30, 10, 2];
        unusual.in_view = false;
        unusual.actionable = true;
        let json = wire(&unusual);
        assert_eq!(json["clipped_bounds"], serde_json::json!([0, 30, 10, 2]));
        assert_eq!(json["in_view"], false);
        assert_eq!(json["actionable"], true);
        assert_eq!(serde_json::from_value::<NodeRecord>(json).unwrap(), unusual);
    }

    #[test]
    fn malformed_runs_are_refused() {
        let mut json = wire(&list(Vec::new()));
        for runs in [
            serde_json::json!([[1, 1, 0]]),
            serde_json::json!([[usize::MAX, 1, 2]]),
            serde_json::json!([[0, usize::MAX, 3]]),
        ] {
            json["children_runs"] = runs;
            let error = serde_json::from_value::<NodeRecord>(json.clone()).unwrap_err();
            assert!(error.to_string().contains("child run"), "{error}");
        }
        json["children_runs"] = serde_json::json!([[1, 1, 2]]);
        json["children"] = serde_json::json!([0]);
        assert!(serde_json::from_value::<NodeRecord>(json).is_err());
    }
}
