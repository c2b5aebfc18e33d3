//! The comparison of an adopted app's tree with the engine's for the same
//! UI: node by node, every field, a mismatch naming the node's path, the
//! field and both values.
//!
//! One difference is by design and normalised here alone: the engine
//! moves focus itself, so its focusable nodes offer `focus`; the harness
//! cannot move an adopted app's focus, so none of its nodes does
//! (docs/adopting.md, "Differences from a Component app").

use std::fmt::Debug;

use rehearse::prelude::*;

/// How a node is named in a difference: its role, id or name, and its
/// position among its siblings.
fn step_name(node: &SemanticNode, index: usize) -> String {
    let which = match (&node.automation_id, node.name.as_str()) {
        (Some(id), _) => format!("#{}", id.as_str()),
        (None, "") => String::new(),
        (None, name) => format!(" {name:?}"),
    };
    format!("{}[{index}]{which}", node.role.as_str())
}

fn field<T: Debug + PartialEq>(out: &mut Vec<String>, path: &str, name: &str, a: T, e: T) {
    if a != e {
        out.push(format!("{path}: {name}\n    adopted: {a:?}\n    engine:  {e:?}"));
    }
}

/// Every field in which the adopted tree differs from the engine's, each
/// with the path of its node and both values.
pub fn differences(
    adopted: &SemanticNode,
    engine: &SemanticNode,
    path: &str,
    out: &mut Vec<String>,
) {
    field(out, path, "role", adopted.role, engine.role);
    field(out, path, "name", &adopted.name, &engine.name);
    field(out, path, "automation id", &adopted.automation_id, &engine.automation_id);
    field(out, path, "value", &adopted.value, &engine.value);
    let redacted = |node: &SemanticNode| node.value.as_ref().map(SemanticValue::is_redacted);
    field(out, path, "value redacted", redacted(adopted), redacted(engine));
    let (a, e) = (&adopted.states, &engine.states);
    field(out, path, "focused", a.focused, e.focused);
    field(out, path, "selected", a.selected, e.selected);
    field(out, path, "checked", a.checked, e.checked);
    field(out, path, "expanded", a.expanded, e.expanded);
    field(out, path, "enabled", a.enabled, e.enabled);
    field(out, path, "inert", a.inert, e.inert);
    field(out, path, "hidden", a.hidden, e.hidden);
    field(out, path, "offscreen", a.offscreen, e.offscreen);
    field(out, path, "readonly", a.readonly, e.readonly);
    field(out, path, "modal", a.modal, e.modal);
    field(out, path, "scroll", a.scroll, e.scroll);
    field(out, path, "bounds", adopted.bounds, engine.bounds);
    field(out, path, "clipped bounds", adopted.clipped_bounds, engine.clipped_bounds);
    field(out, path, "in view", adopted.in_view, engine.in_view);
    // By design: the engine moves focus itself and offers `focus` on its
    // focusable nodes; the harness cannot move an adopted app's focus. A
    // node whose only action is `focus` (a tab strip) is actionable on the
    // engine for it alone.
    let engine_actions = engine.actions.without(SemanticAction::Focus);
    field(out, path, "actions (without focus)", adopted.actions, engine_actions);
    let engine_actionable = engine.actionable && !engine_actions.is_empty();
    field(out, path, "actionable (without focus)", adopted.actionable, engine_actionable);
    field(out, path, "overlay order", adopted.overlay_order, engine.overlay_order);
    field(out, path, "children", adopted.children.len(), engine.children.len());
    for (index, (a, e)) in adopted.children.iter().zip(&engine.children).enumerate() {
        differences(a, e, &format!("{path} > {}", step_name(e, index)), out);
    }
}

/// Fails with every difference, and both trees, when they differ.
pub fn assert_same(adopted: &SemanticTree, engine: &SemanticTree, after: &str) {
    let mut found = Vec::new();
    differences(&adopted.root, &engine.root, "application", &mut found);
    assert!(
        found.is_empty(),
        "after {after}, the adopted tree differs from the engine's in {} field(s):\n{}\n\n\
         adopted:\n{}\nengine:\n{}",
        found.len(),
        found.join("\n"),
        adopted.to_markdown(),
        engine.to_markdown()
    );
}
