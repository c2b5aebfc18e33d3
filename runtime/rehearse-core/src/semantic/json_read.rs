//! Reading the documented JSON shape of a semantic tree back: what a
//! program serving the control protocol publishes, so a plane that holds
//! the program (a PTY) can resolve `#id` and `@role` against it.
//!
//! The program under test is the untrusted side, so this direction is
//! read strictly (docs/protocol.md): an unknown key is an error naming it,
//! the closed sets (roles, actions, checked states, sensitivities) stay
//! closed, an automation id appears once in a tree, a tree holds at most
//! [`MAX_PUBLISHED_NODES`] nodes, and a node's clipped bounds lie within the
//! viewport (its layout bounds may reach past it: scrolled content). A
//! redacted value reads back as redacted: its text never was in the JSON,
//! and one marked `"redacted": true` with the `public` sensitivity is an
//! error, not an empty public text. Bounds whose far edge is past the
//! largest coordinate are an error, so the geometry planes compute on a
//! node (its centre, the cells it covers) cannot overflow.
//! serde_json's recursion limit (128 JSON levels, two a tree level) bounds
//! the depth read back: a deeper tree is an error, never a stack overflow.

use std::collections::HashMap;
use std::str::FromStr;

use ratatui::layout::Size;
use rehearse_lang::{ActionSet, AutomationId, Checked, SemanticAction, SemanticRole, Sensitivity};
use serde::Deserialize;

use crate::semantic::{
    Bounds, Generation, NodeIdentity, NodeStates, ScrollPosition, SemanticNode, SemanticTree,
    SemanticValue,
};

/// Why a semantic tree's JSON could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TreeJsonError {
    /// Not JSON, or not the shape `docs/semantics.md` documents.
    #[error("not a semantic tree's JSON: {0}")]
    Shape(#[from] serde_json::Error),
    /// More nodes than [`MAX_PUBLISHED_NODES`].
    #[error(
        "the tree has more than {limit} nodes (MAX_PUBLISHED_NODES, docs/limits.md); a program publishes at most that many"
    )]
    TooManyNodes {
        /// The limit.
        limit: usize,
    },
    /// A word outside its closed set, an invalid or repeated automation
    /// id, or bounds that cannot be.
    #[error("the node at {path} has an invalid {what} `{word}`: {reason}")]
    Word {
        /// Where the node is: `root`, `root/2/0`, ...
        path: String,
        /// Which field: `role`, `action`, `id`, ...
        what: &'static str,
        /// What it said.
        word: String,
        /// Why that is not valid, with what would be.
        reason: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TreeIn {
    generation: u64,
    viewport: ViewportIn,
    root: NodeIn,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewportIn {
    cols: u16,
    rows: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeIn {
    role: String,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    value: Option<ValueIn>,
    #[serde(default)]
    states: Option<StatesIn>,
    bounds: BoundsIn,
    clipped_bounds: Option<BoundsIn>,
    #[serde(default)]
    in_view: Option<bool>,
    #[serde(default)]
    actionable: bool,
    #[serde(default)]
    actions: Vec<String>,
    #[serde(default)]
    overlay_order: Option<u32>,
    #[serde(default)]
    children: Vec<NodeIn>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValueIn {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    redacted: bool,
    sensitivity: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StatesIn {
    #[serde(default)]
    focused: Option<bool>,
    #[serde(default = "yes")]
    enabled: bool,
    #[serde(default)]
    selected: Option<bool>,
    #[serde(default)]
    expanded: Option<bool>,
    #[serde(default)]
    checked: Option<String>,
    #[serde(default)]
    readonly: Option<bool>,
    #[serde(default)]
    hidden: bool,
    #[serde(default)]
    offscreen: bool,
    #[serde(default)]
    inert: bool,
    #[serde(default)]
    modal: bool,
    #[serde(default)]
    scroll_offset: Option<u64>,
    #[serde(default)]
    scroll_extent: Option<u64>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct BoundsIn {
    x: i32,
    y: i32,
    width: u16,
    height: u16,
}

/// Bounds whose right and bottom edges are coordinates too, or an error
/// naming the node and which bounds.
fn bounds(path: &str, what: &'static str, bounds: BoundsIn) -> Result<Bounds, TreeJsonError> {
    let BoundsIn { x, y, width, height } = bounds;
    let past = |at: i32, len: u16, axis: &str, extent: &str| {
        at.checked_add(i32::from(len)).map(|_| ()).ok_or_else(|| TreeJsonError::Word {
            path: path.to_owned(),
            what,
            word: format!("{x},{y} {width}x{height}"),
            reason: format!(
                "`{axis}` + `{extent}` is past the largest coordinate, {}; a node's far edge is a coordinate too",
                i32::MAX
            ),
        })
    };
    past(x, width, "x", "width")?;
    past(y, height, "y", "height")?;
    Ok(Bounds::new(x, y, width, height))
}

impl SemanticTree {
    /// Reads a tree written by [`to_json`](Self::to_json) (or served as a
    /// `json` snapshot over the control protocol). Redacted values stay
    /// redacted; nodes are numbered in document order.
    ///
    /// ```
    /// use rehearse_core::semantic::{Bounds, Generation, SemanticNode, SemanticTree};
    /// use rehearse_lang::SemanticRole;
    /// let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 20, 4))
    ///     .with_child(SemanticNode::new(SemanticRole::Button, Bounds::new(1, 1, 6, 1)).with_name("Save"));
    /// let tree = SemanticTree::new(Generation(3), ratatui::layout::Size::new(20, 4), root);
    /// assert_eq!(SemanticTree::from_json(&tree.to_json()).unwrap(), tree);
    /// assert!(SemanticTree::from_json(r#"{"generation": 1}"#).is_err());
    /// ```
    pub fn from_json(json: &str) -> Result<SemanticTree, TreeJsonError> {
        let tree: TreeIn = serde_json::from_str(json)?;
        let viewport = Size::new(tree.viewport.cols, tree.viewport.rows);
        let mut reader = Reader { next: 0, ids: HashMap::new(), viewport };
        let root = reader.node(tree.root, "root".into())?;
        Ok(SemanticTree::new(Generation(tree.generation), viewport, root))
    }
}

/// The most nodes a tree read back ([`SemanticTree::from_json`]) may hold:
/// 50,000, termwright's absolute limit for a tree an app publishes (a
/// frame of the protocol's largest reply holds a few hundred thousand of
/// the smallest nodes). docs/limits.md.
pub const MAX_PUBLISHED_NODES: usize = 50_000;

/// What reading a tree has seen so far.
struct Reader {
    /// The next node's number, in document order.
    next: u64,
    /// Each automation id read, with where.
    ids: HashMap<String, String>,
    viewport: Size,
}

impl Reader {
    /// One node and its subtree, numbered in document order.
    fn node(&mut self, input: NodeIn, path: String) -> Result<SemanticNode, TreeJsonError> {
        if self.next >= MAX_PUBLISHED_NODES as u64 {
            return Err(TreeJsonError::TooManyNodes { limit: MAX_PUBLISHED_NODES });
        }
        let mut node = node(&input, &path, self.next)?;
        self.next += 1;
        if let Some(id) = &node.automation_id {
            if let Some(first) = self.ids.get(id.as_str()) {
                return Err(TreeJsonError::Word {
                    reason: format!(
                        "the node at {first} has it too; an automation id names one node of a tree"
                    ),
                    path,
                    what: "id",
                    word: id.as_str().to_owned(),
                });
            }
            self.ids.insert(id.as_str().to_owned(), path.clone());
        }
        node.clipped_bounds = match input.clipped_bounds {
            Some(clipped) => bounds(&path, "clipped bounds", clipped)?,
            // Clipped by the viewport, as every tree a plane commits is.
            None => node.bounds.intersection(Bounds::new(
                0,
                0,
                self.viewport.width,
                self.viewport.height,
            )),
        };
        let clipped = node.clipped_bounds;
        let (cols, rows) = (i32::from(self.viewport.width), i32::from(self.viewport.height));
        if !clipped.is_empty()
            && (clipped.x < 0 || clipped.y < 0 || clipped.right() > cols || clipped.bottom() > rows)
        {
            return Err(TreeJsonError::Word {
                path,
                what: "clipped bounds",
                word: format!("{},{} {}x{}", clipped.x, clipped.y, clipped.width, clipped.height),
                reason: format!(
                    "they reach outside the viewport, {cols}x{rows}: clipped bounds lie within it (layout bounds may reach past it)"
                ),
            });
        }
        node.in_view = input.in_view.unwrap_or(!node.clipped_bounds.is_empty());
        for (index, child) in input.children.into_iter().enumerate() {
            node.children.push(self.node(child, format!("{path}/{index}"))?);
        }
        Ok(node)
    }
}

/// One node without its children, clipped bounds and whether it is in
/// view (the [`Reader`] checks those against the tree), numbered `number`.
fn node(input: &NodeIn, path: &str, number: u64) -> Result<SemanticNode, TreeJsonError> {
    let path = path.to_owned();
    let role = word::<SemanticRole>(&path, "role", &input.role)?;
    let mut node = SemanticNode::new(role, bounds(&path, "bounds", input.bounds)?);
    node.identity = NodeIdentity(number);
    if let Some(id) = &input.id {
        node.automation_id = Some(word::<AutomationId>(&path, "id", id)?);
    }
    node.name = input.name.clone();
    if let Some(value) = &input.value {
        let sensitivity = word::<Sensitivity>(&path, "sensitivity", &value.sensitivity)?;
        if value.redacted && !sensitivity.is_redacted() {
            // Read as public, it would gain a text (`""`) it never had.
            return Err(TreeJsonError::Word {
                path,
                what: "redacted value's sensitivity",
                word: value.sensitivity.clone(),
                reason: "a value marked `\"redacted\": true` is `sensitive` or `masked`".into(),
            });
        }
        node.value = Some(SemanticValue::new(value.text.clone().unwrap_or_default(), sensitivity));
    }
    if let Some(states) = &input.states {
        let checked = match &states.checked {
            Some(checked) => Some(word::<Checked>(&path, "checked state", checked)?),
            None => None,
        };
        let scroll = match (states.scroll_offset, states.scroll_extent) {
            (Some(offset), Some(extent)) => Some(ScrollPosition::new(offset, extent)),
            (None, None) => None,
            (offset, extent) => {
                let (has, lacks) = if offset.is_some() {
                    ("scroll_offset", "scroll_extent")
                } else {
                    ("scroll_extent", "scroll_offset")
                };
                let word = offset.or(extent).unwrap_or_default().to_string();
                return Err(TreeJsonError::Word {
                    path,
                    what: has,
                    word,
                    reason: format!(
                        "a scroll position is `scroll_offset` and `scroll_extent` together; `{lacks}` is missing"
                    ),
                });
            }
        };
        node.states = NodeStates {
            focused: states.focused,
            enabled: states.enabled,
            selected: states.selected,
            expanded: states.expanded,
            checked,
            readonly: states.readonly,
            hidden: states.hidden,
            offscreen: states.offscreen,
            inert: states.inert,
            modal: states.modal,
            scroll,
        };
    }
    node.actionable = input.actionable;
    let mut actions = Vec::with_capacity(input.actions.len());
    for action in &input.actions {
        actions.push(word::<SemanticAction>(&path, "action", action)?);
    }
    node.actions = actions.into_iter().collect::<ActionSet>();
    node.overlay_order = input.overlay_order;
    Ok(node)
}

/// A closed-set word (or an id), or an error naming the node and the field.
fn word<T: FromStr>(path: &str, what: &'static str, text: &str) -> Result<T, TreeJsonError>
where
    T::Err: std::fmt::Display,
{
    text.parse::<T>().map_err(|error| TreeJsonError::Word {
        path: path.to_owned(),
        what,
        word: text.to_owned(),
        reason: error.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SemanticTree {
        let field = SemanticNode::new(SemanticRole::TextBox, Bounds::new(0, 0, 10, 3))
            .with_id("pin".parse().unwrap())
            .with_name("PIN")
            .with_value(SemanticValue::new("1234", Sensitivity::Masked))
            .with_actions(ActionSet::from_slice(&[SemanticAction::Click, SemanticAction::Focus]));
        let mut item = SemanticNode::new(SemanticRole::ListItem, Bounds::new(0, 3, 10, 1))
            .with_name("milk")
            .with_value(SemanticValue::public("2"));
        item.states.selected = Some(true);
        item.states.checked = Some(Checked::Mixed);
        item.clipped_bounds = Bounds::new(0, 3, 5, 1);
        let mut list =
            SemanticNode::new(SemanticRole::List, Bounds::new(0, 3, 10, 5)).with_child(item);
        list.states.scroll = Some(ScrollPosition::new(4, 30));
        let mut dialog = SemanticNode::new(SemanticRole::Dialog, Bounds::new(2, 2, 6, 3));
        dialog.overlay_order = Some(1);
        dialog.states.modal = true;
        let mut note = SemanticNode::new(SemanticRole::TextBox, Bounds::new(2, 3, 6, 1))
            .with_value(SemanticValue::public("fixed"));
        note.states.readonly = Some(true);
        let dialog = dialog.with_child(note);
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 10, 8))
            .with_child(field)
            .with_child(list)
            .with_child(dialog);
        SemanticTree::new(Generation(7), Size::new(10, 8), root)
    }

    #[test]
    fn a_tree_reads_back_equal_to_what_was_written() {
        let tree = sample();
        let read = SemanticTree::from_json(&tree.to_json()).unwrap();
        assert_eq!(read, tree);
        assert_eq!(read.to_json(), tree.to_json());
        let item = read.nodes().find(|node| node.role == SemanticRole::ListItem).unwrap();
        assert_eq!(item.clipped_bounds, Bounds::new(0, 3, 5, 1));
    }

    #[test]
    fn modal_readonly_and_the_scroll_position_read_back() {
        let read = SemanticTree::from_json(&sample().to_json()).unwrap();
        let list = read.nodes().find(|node| node.role == SemanticRole::List).unwrap();
        assert_eq!(list.states.scroll, Some(ScrollPosition::new(4, 30)));
        let dialog = read.nodes().find(|node| node.role == SemanticRole::Dialog).unwrap();
        assert!(dialog.states.modal);
        assert_eq!(dialog.children[0].states.readonly, Some(true));
        // One half of a scroll position is refused, naming the node.
        let json = sample().to_json().replace("\"scroll_extent\": 30", "\"readonly\": false");
        let error = SemanticTree::from_json(&json).unwrap_err().to_string();
        assert!(error.contains("root/1 has an invalid scroll_offset `4`"), "{error}");
        assert!(error.contains("`scroll_extent` is missing"), "{error}");
        let json = sample().to_json().replace("\"scroll_offset\": 4,", "");
        let error = SemanticTree::from_json(&json).unwrap_err().to_string();
        assert!(error.contains("invalid scroll_extent `30`"), "{error}");
        let json = sample().to_json().replace("\"scroll_offset\": 4", "\"scroll_offset\": -4");
        assert!(SemanticTree::from_json(&json).is_err(), "an offset is never negative");
    }

    #[test]
    fn a_redacted_value_stays_redacted() {
        let read = SemanticTree::from_json(&sample().to_json()).unwrap();
        let pin = read.nodes().find(|node| node.role == SemanticRole::TextBox).unwrap();
        let value = pin.value.as_ref().unwrap();
        assert!(value.is_redacted());
        assert_eq!(value.text(), None);
        assert_eq!(value.sensitivity(), Sensitivity::Masked);
    }

    #[test]
    fn nodes_are_numbered_in_document_order() {
        let read = SemanticTree::from_json(&sample().to_json()).unwrap();
        let numbers: Vec<u64> = read.nodes().map(|node| node.identity.0).collect();
        assert_eq!(numbers, (0..numbers.len() as u64).collect::<Vec<_>>());
    }

    #[test]
    fn an_unknown_role_names_the_node_and_what_would_be_valid() {
        let json = sample().to_json().replace("\"list-item\"", "\"list-iten\"");
        let error = SemanticTree::from_json(&json).unwrap_err().to_string();
        assert!(error.contains("root/1/0"), "{error}");
        assert!(error.contains("role `list-iten`"), "{error}");
        assert!(error.contains("list-item"), "{error}");
    }

    #[test]
    fn an_unknown_action_and_a_bad_id_are_refused() {
        let json = sample().to_json().replace("\"focus\"", "\"poke\"");
        let error = SemanticTree::from_json(&json).unwrap_err().to_string();
        assert!(error.contains("action `poke`"), "{error}");
        let json = sample().to_json().replace("\"pin\"", "\"p in\"");
        let error = SemanticTree::from_json(&json).unwrap_err().to_string();
        assert!(error.contains("root/0") && error.contains("id `p in`"), "{error}");
    }

    #[test]
    fn unknown_keys_are_refused_and_a_missing_one_is_named() {
        // The program under test is the untrusted side: read strictly.
        for (key, at) in [
            ("\"name\"", "\"tooltip\": \"new\", \"name\""),
            ("\"generation\"", "\"schema\": 2, \"generation\""),
            ("\"enabled\"", "\"busy\": true, \"enabled\""),
            ("\"x\"", "\"z\": 1, \"x\""),
            ("\"sensitivity\"", "\"hint\": \"pin\", \"sensitivity\""),
            ("\"cols\"", "\"dpi\": 96, \"cols\""),
        ] {
            let json = sample().to_json().replacen(key, at, 1);
            let error = SemanticTree::from_json(&json).unwrap_err().to_string();
            assert!(error.contains("unknown field"), "{at}: {error}");
        }
        let error =
            SemanticTree::from_json(r#"{"generation": 1, "viewport": {"cols": 1, "rows": 1}}"#)
                .unwrap_err()
                .to_string();
        assert!(error.contains("missing field `root`"), "{error}");
    }

    #[test]
    fn a_value_marked_redacted_with_the_public_sensitivity_is_refused() {
        let json = sample().to_json().replace("\"masked\"", "\"public\"");
        let error = SemanticTree::from_json(&json).unwrap_err().to_string();
        assert!(error.contains("root/0") && error.contains("sensitivity `public`"), "{error}");
        assert!(error.contains("`sensitive` or `masked`"), "{error}");
        // A redacted value that carries its text anyway keeps it withheld.
        let json = sample().to_json().replace("\"redacted\": true", "\"text\": \"1234\"");
        let read = SemanticTree::from_json(&json).unwrap();
        let pin = read.nodes().find(|node| node.role == SemanticRole::TextBox).unwrap();
        assert_eq!(pin.value.as_ref().unwrap().text(), None);
    }

    #[test]
    fn bounds_past_the_largest_coordinate_are_refused() {
        let edge = |bounds: &str, clipped: &str| {
            let json = format!(
                r#"{{"generation": 1, "viewport": {{"cols": 1, "rows": 1}}, "root": {{"role": "application", "bounds": {bounds}, "clipped_bounds": {clipped}}}}}"#
            );
            SemanticTree::from_json(&json).map_err(|error| error.to_string())
        };
        let fits = r#"{"x": 2147483646, "y": -2147483648, "width": 1, "height": 65535}"#;
        let on_screen = r#"{"x": 0, "y": 0, "width": 1, "height": 1}"#;
        let read = edge(fits, on_screen).unwrap();
        assert_eq!(read.root.bounds.centre(), (2_147_483_646, -2_147_450_881));
        let past = r#"{"x": 2147483647, "y": 0, "width": 3, "height": 1}"#;
        let error = edge(past, on_screen).unwrap_err();
        assert!(error.contains("root has an invalid bounds `2147483647,0 3x1`"), "{error}");
        assert!(error.contains("`x` + `width` is past the largest coordinate"), "{error}");
        let past = r#"{"x": 0, "y": 2147483000, "width": 1, "height": 65535}"#;
        let error = edge(fits, past).unwrap_err();
        assert!(error.contains("invalid clipped bounds") && error.contains("`y` + `height`"));
    }

    #[test]
    fn an_automation_id_names_one_node() {
        let json =
            sample().to_json().replace("\"name\": \"milk\"", "\"id\": \"pin\", \"name\": \"milk\"");
        let error = SemanticTree::from_json(&json).unwrap_err().to_string();
        assert!(error.contains("the node at root/1/0 has an invalid id `pin`"), "{error}");
        assert!(error.contains("the node at root/0 has it too"), "{error}");
    }

    #[test]
    fn clipped_bounds_lie_within_the_viewport() {
        let tree = |clipped: &str| {
            let json = format!(
                r#"{{"generation": 1, "viewport": {{"cols": 10, "rows": 4}}, "root": {{"role": "application", "bounds": {{"x": 0, "y": 0, "width": 10, "height": 4}}, "children": [{{"role": "button", "bounds": {{"x": -5, "y": 2, "width": 40, "height": 9}}, "clipped_bounds": {clipped}}}]}}}}"#
            );
            SemanticTree::from_json(&json).map_err(|error| error.to_string())
        };
        // Layout bounds may reach past the viewport; clipped ones may not.
        assert!(tree(r#"{"x": 0, "y": 2, "width": 10, "height": 2}"#).is_ok());
        // An empty clip (out of view) may sit on the edge.
        assert!(tree(r#"{"x": 10, "y": 4, "width": 0, "height": 0}"#).is_ok());
        for outside in [
            r#"{"x": 0, "y": 2, "width": 11, "height": 2}"#,
            r#"{"x": -1, "y": 2, "width": 1, "height": 1}"#,
            r#"{"x": 3, "y": 4, "width": 1, "height": 1}"#,
        ] {
            let error = tree(outside).unwrap_err();
            assert!(error.contains("root/0 has an invalid clipped bounds"), "{error}");
            assert!(error.contains("outside the viewport, 10x4"), "{error}");
        }
        // Without clipped bounds, the layout bounds clipped by the viewport.
        let json = r#"{"generation": 1, "viewport": {"cols": 10, "rows": 4}, "root": {"role": "application", "bounds": {"x": -5, "y": 2, "width": 40, "height": 9}}}"#;
        let read = SemanticTree::from_json(json).unwrap();
        assert_eq!(read.root.clipped_bounds, Bounds::new(0, 2, 10, 2));
    }

    #[test]
    fn a_tree_holds_at_most_the_node_limit() {
        let leaf = r#"{"role": "text", "bounds": {"x": 0, "y": 0, "width": 1, "height": 1}}"#;
        let tree = |nodes: usize| {
            let children = vec![leaf; nodes - 1].join(",");
            format!(
                r#"{{"generation": 1, "viewport": {{"cols": 1, "rows": 1}}, "root": {{"role": "application", "bounds": {{"x": 0, "y": 0, "width": 1, "height": 1}}, "children": [{children}]}}}}"#
            )
        };
        assert_eq!(
            SemanticTree::from_json(&tree(MAX_PUBLISHED_NODES)).unwrap().len(),
            MAX_PUBLISHED_NODES
        );
        let error = SemanticTree::from_json(&tree(MAX_PUBLISHED_NODES + 1)).unwrap_err();
        assert!(matches!(error, TreeJsonError::TooManyNodes { limit: 50_000 }), "{error}");
        assert!(
            error.to_string().contains("more than 50000 nodes (MAX_PUBLISHED_NODES"),
            "{error}"
        );
    }

    #[test]
    fn a_deep_tree_stops_at_the_limit() {
        let mut json = String::new();
        let leaf = r#"{"role": "group", "bounds": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": ["#;
        for _ in 0..300 {
            json.push_str(leaf);
        }
        json.push_str(&"]}".repeat(300));
        let json =
            format!(r#"{{"generation": 1, "viewport": {{"cols": 1, "rows": 1}}, "root": {json}}}"#);
        let error = SemanticTree::from_json(&json).unwrap_err().to_string();
        assert!(error.contains("recursion limit"), "{error}");
    }
}
