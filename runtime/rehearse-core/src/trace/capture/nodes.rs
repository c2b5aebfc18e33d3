//! Trees as a trace keeps them: every distinct node once, children by
//! index. A capture walks the new tree beside the last one captured and
//! reuses every subtree that did not change, so a step that changes one
//! row of a long list stores that row and its ancestors.

use rehearse_lang::{ActionSet, AutomationId, SemanticRole};

use crate::semantic::{
    Bounds, NodeStates, SemanticNode, SemanticTree, SemanticValue, SubtreeStamp,
};
use crate::trace::model::{NodeRecord, TreeRecord};

/// One node's own facts (redacted values hold no text, as in the tree).
#[derive(Debug, Clone)]
pub(crate) struct CapturedNode {
    role: SemanticRole,
    id: Option<AutomationId>,
    name: String,
    value: Option<SemanticValue>,
    states: NodeStates,
    bounds: Bounds,
    clipped: Bounds,
    in_view: bool,
    actionable: bool,
    actions: ActionSet,
    overlay_order: Option<u32>,
    /// The stamp of the last node seen to hold this subtree.
    stamp: SubtreeStamp,
    pub(crate) children: Vec<usize>,
}

impl CapturedNode {
    fn of(node: &SemanticNode, children: Vec<usize>) -> Self {
        Self {
            role: node.role,
            id: node.automation_id.clone(),
            name: node.name.clone(),
            value: node.value.clone(),
            states: node.states,
            bounds: node.bounds,
            clipped: node.clipped_bounds,
            in_view: node.in_view,
            actionable: node.actionable,
            actions: node.actions,
            overlay_order: node.overlay_order,
            stamp: node.stamp,
            children,
        }
    }

    /// Whether `node`'s own facts (not its children) are these: the cheap
    /// ones first, the strings last.
    #[inline]
    fn same_facts(&self, node: &SemanticNode) -> bool {
        // Every state, field by field (a new field fails to compile here).
        let NodeStates {
            focused,
            enabled,
            selected,
            expanded,
            checked,
            readonly,
            hidden,
            offscreen,
            inert,
            modal,
            scroll,
        } = self.states;
        let b = &node.states;
        self.role == node.role
            && self.children.len() == node.children.len()
            && self.bounds == node.bounds
            && self.clipped == node.clipped_bounds
            && focused == b.focused
            && enabled == b.enabled
            && selected == b.selected
            && checked == b.checked
            && expanded == b.expanded
            && hidden == b.hidden
            && offscreen == b.offscreen
            && inert == b.inert
            && readonly == b.readonly
            && modal == b.modal
            && scroll == b.scroll
            && self.in_view == node.in_view
            && self.actionable == node.actionable
            && self.actions == node.actions
            && self.overlay_order == node.overlay_order
            && self.name == node.name
            && self.id == node.automation_id
            && self.value == node.value
    }

    /// The node as `trace.json` writes it; `redact` rewrites free text
    /// (typed secrets).
    pub(crate) fn record(
        &self,
        children: Vec<usize>,
        redact: &dyn Fn(&str) -> String,
    ) -> NodeRecord {
        let states = self.states;
        let mut map = serde_json::Map::new();
        if let Some(focused) = states.focused {
            map.insert("focused".into(), focused.into());
        }
        map.insert("enabled".into(), states.enabled.into());
        if let Some(selected) = states.selected {
            map.insert("selected".into(), selected.into());
        }
        if let Some(expanded) = states.expanded {
            map.insert("expanded".into(), expanded.into());
        }
        if let Some(checked) = states.checked {
            map.insert("checked".into(), checked.as_str().into());
        }
        for (key, on) in
            [("hidden", states.hidden), ("offscreen", states.offscreen), ("inert", states.inert)]
        {
            if on {
                map.insert(key.into(), true.into());
            }
        }
        let value = self.value.as_ref().map(|value| {
            let sensitivity = value.sensitivity().as_str();
            match value.text() {
                Some(text) => serde_json::json!({"text": redact(text), "sensitivity": sensitivity}),
                None => serde_json::json!({"redacted": true, "sensitivity": sensitivity}),
            }
        });
        let rect = |b: Bounds| [b.x, b.y, i32::from(b.width), i32::from(b.height)];
        NodeRecord {
            role: self.role.as_str().to_owned(),
            id: self.id.as_ref().map(|id| id.as_str().to_owned()),
            name: redact(&self.name),
            value,
            states: serde_json::Value::Object(map),
            bounds: rect(self.bounds),
            clipped_bounds: rect(self.clipped),
            in_view: self.in_view,
            actionable: self.actionable,
            actions: self.actions.iter().map(|action| action.as_str().to_owned()).collect(),
            overlay_order: self.overlay_order,
            children,
        }
    }

    /// About what the node takes in `trace.json`.
    fn bytes(&self) -> usize {
        160 + self.name.len()
            + self.id.as_ref().map_or(0, |id| id.as_str().len())
            + self.children.len() * 5
    }
}

/// The distinct nodes and trees of one trace.
#[derive(Debug, Default)]
pub(crate) struct NodeTable {
    pub(crate) nodes: Vec<CapturedNode>,
    pub(crate) trees: Vec<TreeRecord>,
    /// The last tree captured: its generation and index.
    last: Option<(u64, usize)>,
    pub(crate) bytes: usize,
    /// How many nodes captures compared field by field.
    #[cfg(test)]
    looked: usize,
}

impl NodeTable {
    /// A table of these nodes and trees (after a compaction); the next
    /// capture starts afresh.
    pub(crate) fn from_parts(nodes: Vec<CapturedNode>, trees: Vec<TreeRecord>) -> Self {
        let bytes = nodes.iter().map(CapturedNode::bytes).sum::<usize>() + trees.len() * 60;
        Self { nodes, trees, bytes, ..Self::default() }
    }

    /// The tree as an index into `trees`.
    pub(crate) fn capture(&mut self, tree: &SemanticTree) -> usize {
        let generation = tree.generation.0;
        if let Some((last_generation, last)) = self.last
            && last_generation == generation
        {
            return last;
        }
        let before = self.last.map(|(_, tree)| self.trees[tree].root);
        let root = self.walk(&tree.root, before);
        let record =
            TreeRecord { generation, viewport: [tree.viewport.width, tree.viewport.height], root };
        let index = match self.last {
            Some((_, last)) if self.trees[last] == record => last,
            _ => {
                self.trees.push(record);
                self.bytes += 60;
                self.trees.len() - 1
            }
        };
        self.last = Some((generation, index));
        index
    }

    /// `node`'s index: `before`'s when nothing in its subtree changed.
    /// `before` is the node at the same place in the last tree; children
    /// are walked beside its children even when its own facts changed.
    fn walk(&mut self, node: &SemanticNode, before: Option<usize>) -> usize {
        // The plane carried this very subtree over (its stamp says so):
        // nothing below it changed, and nothing needs a look.
        if let Some(at) = before
            && self.nodes[at].stamp.same_subtree(node.stamp)
        {
            debug_assert!(self.holds(at, node), "a stamped subtree changed after its commit");
            return at;
        }
        #[cfg(test)]
        {
            self.looked += 1;
        }
        let same = before.is_some_and(|at| self.nodes[at].same_facts(node));
        let mut fresh: Option<Vec<usize>> =
            (!same).then(|| Vec::with_capacity(node.children.len()));
        for (at, child) in node.children.iter().enumerate() {
            let old = before.and_then(|parent| self.nodes[parent].children.get(at).copied());
            // A child the plane carried over is its old self: looked at
            // here, without a call (a long list's rows mostly are).
            let index = match old {
                Some(old) if self.nodes[old].stamp.same_subtree(child.stamp) => {
                    debug_assert!(self.holds(old, child), "a stamped subtree changed");
                    old
                }
                _ => self.walk(child, old),
            };
            match &mut fresh {
                Some(children) => children.push(index),
                None if Some(index) != old => {
                    let mut children = Vec::with_capacity(node.children.len());
                    if let Some(parent) = before {
                        children.extend_from_slice(&self.nodes[parent].children[..at]);
                    }
                    children.push(index);
                    fresh = Some(children);
                }
                None => {}
            }
        }
        match (before, fresh) {
            (Some(before), None) => {
                // The same subtree under a newer stamp: remember that one,
                // which the plane will carry from now on.
                self.nodes[before].stamp = node.stamp;
                before
            }
            (_, children) => {
                let captured = CapturedNode::of(node, children.unwrap_or_default());
                self.bytes += captured.bytes();
                self.nodes.push(captured);
                self.nodes.len() - 1
            }
        }
    }

    /// Whether the captured subtree at `at` is `node`'s, node by node.
    fn holds(&self, at: usize, node: &SemanticNode) -> bool {
        let captured = &self.nodes[at];
        captured.same_facts(node)
            && captured
                .children
                .iter()
                .zip(&node.children)
                .all(|(&at, child)| self.holds(at, child))
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Size;

    use super::*;
    use crate::semantic::Generation;

    fn list(rows: &[&str], generation: u64) -> SemanticTree {
        let mut root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 10, 5));
        let mut list = SemanticNode::new(SemanticRole::List, Bounds::new(0, 0, 10, 5));
        for (at, row) in rows.iter().enumerate() {
            let mut item =
                SemanticNode::new(SemanticRole::ListItem, Bounds::new(0, at as i32, 10, 1));
            item.name = (*row).to_owned();
            list.children.push(item);
        }
        root.children.push(list);
        SemanticTree::new(Generation(generation), Size::new(10, 5), root)
    }

    #[test]
    fn unchanged_subtrees_are_stored_once() {
        let mut table = NodeTable::default();
        let first = table.capture(&list(&["a", "b", "c"], 1));
        assert_eq!(table.nodes.len(), 5);
        assert_eq!(table.capture(&list(&["a", "b", "c"], 1)), first, "same generation");
        let same = table.capture(&list(&["a", "b", "c"], 2));
        assert_eq!(table.nodes.len(), 5, "an equal tree adds no node");
        assert_eq!(table.trees[same].root, table.trees[first].root);
        let changed = table.capture(&list(&["a", "B", "c"], 3));
        // The changed row, the list and the root.
        assert_eq!(table.nodes.len(), 8);
        let root = &table.nodes[table.trees[changed].root];
        let list = &table.nodes[root.children[0]];
        let old_list = &table.nodes[table.nodes[table.trees[first].root].children[0]];
        assert_eq!(list.children[0], old_list.children[0]);
        assert_ne!(list.children[1], old_list.children[1]);
        assert_eq!(list.children[2], old_list.children[2]);
        let record = table.nodes[list.children[1]].record(Vec::new(), &|text| text.to_owned());
        assert_eq!(record.name, "B");
        assert_eq!(record.role, "list-item");
    }

    /// `list` with every node stamped as a plane that carries subtrees
    /// over would: the rows `fresh` says were projected again get new
    /// stamps, the others keep `before`'s.
    fn stamped(tree: &mut SemanticTree, before: Option<&SemanticTree>, fresh: &[usize]) {
        tree.root.stamp = SubtreeStamp::fresh();
        tree.root.children[0].stamp = SubtreeStamp::fresh();
        for (at, row) in tree.root.children[0].children.iter_mut().enumerate() {
            row.stamp = match before {
                Some(before) if !fresh.contains(&at) => before.root.children[0].children[at].stamp,
                _ => SubtreeStamp::fresh(),
            };
        }
    }

    #[test]
    fn subtrees_a_plane_carried_over_are_not_looked_into() {
        let rows: Vec<String> = (0..200).map(|n| format!("row {n}")).collect();
        let mut rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let mut table = NodeTable::default();
        let mut first = list(&rows, 1);
        stamped(&mut first, None, &[]);
        table.capture(&first);
        assert_eq!(table.looked, 202, "the first capture looks at every node");
        rows[7] = "changed";
        let mut second = list(&rows, 2);
        stamped(&mut second, Some(&first), &[7]);
        table.looked = 0;
        let index = table.capture(&second);
        // The root, the list and the row projected again: not the 199
        // rows carried over.
        assert_eq!(table.looked, 3);
        let list_node = &table.nodes[table.nodes[table.trees[index].root].children[0]];
        let names: Vec<String> = list_node
            .children
            .iter()
            .map(|&row| table.nodes[row].record(Vec::new(), &|text| text.to_owned()).name)
            .collect();
        assert_eq!(names[7], "changed");
        assert_eq!(names[8], "row 8");
        // Projected again unchanged (new stamps, same facts): looked at
        // once, then known by the new stamps.
        let mut third = list(&rows, 3);
        stamped(&mut third, None, &[]);
        table.looked = 0;
        let again = table.capture(&third);
        assert_eq!(table.trees[again].root, table.trees[index].root);
        assert_eq!(table.looked, 202);
        let mut fourth = list(&rows, 4);
        stamped(&mut fourth, Some(&third), &[]);
        table.looked = 0;
        table.capture(&fourth);
        assert_eq!(table.looked, 2, "only the root and the list, projected afresh");
    }
}
