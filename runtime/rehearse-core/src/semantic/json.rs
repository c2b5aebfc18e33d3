//! The documented JSON shape of a semantic tree (see `docs/semantics.md`).
//!
//! Serialization goes through private view structs so the key order is the
//! declaration order here, whatever the public structs look like, and so a
//! redacted value can only ever be written as `{"redacted": true, ...}`.

use serde::Serialize;

use crate::semantic::{Bounds, SemanticNode, SemanticTree, SemanticValue};

#[derive(Serialize)]
struct TreeView<'a> {
    generation: u64,
    viewport: ViewportView,
    root: NodeView<'a>,
}

#[derive(Serialize)]
struct ViewportView {
    cols: u16,
    rows: u16,
}

#[derive(Serialize)]
struct NodeView<'a> {
    role: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a str>,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<ValueView<'a>>,
    states: StatesView,
    bounds: BoundsView,
    clipped_bounds: BoundsView,
    in_view: bool,
    actionable: bool,
    actions: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    overlay_order: Option<u32>,
    children: Vec<NodeView<'a>>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum ValueView<'a> {
    Public { text: &'a str, sensitivity: &'static str },
    Redacted { redacted: bool, sensitivity: &'static str },
}

#[derive(Serialize)]
struct StatesView {
    #[serde(skip_serializing_if = "Option::is_none")]
    focused: Option<bool>,
    enabled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    selected: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expanded: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    checked: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    readonly: Option<bool>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    hidden: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    offscreen: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    inert: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    modal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    scroll_offset: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scroll_extent: Option<u64>,
}

#[derive(Serialize)]
struct BoundsView {
    x: i32,
    y: i32,
    width: u16,
    height: u16,
}

impl From<Bounds> for BoundsView {
    fn from(bounds: Bounds) -> Self {
        Self { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }
    }
}

impl<'a> From<&'a SemanticValue> for ValueView<'a> {
    fn from(value: &'a SemanticValue) -> Self {
        let sensitivity = value.sensitivity().as_str();
        match value.text() {
            Some(text) => Self::Public { text, sensitivity },
            None => Self::Redacted { redacted: true, sensitivity },
        }
    }
}

impl<'a> From<&'a SemanticNode> for NodeView<'a> {
    fn from(node: &'a SemanticNode) -> Self {
        let states = node.states;
        Self {
            role: node.role.as_str(),
            id: node.automation_id.as_ref().map(|id| id.as_str()),
            name: &node.name,
            value: node.value.as_ref().map(ValueView::from),
            states: StatesView {
                focused: states.focused,
                enabled: states.enabled,
                selected: states.selected,
                expanded: states.expanded,
                checked: states.checked.map(|checked| checked.as_str()),
                readonly: states.readonly,
                hidden: states.hidden,
                offscreen: states.offscreen,
                inert: states.inert,
                modal: states.modal,
                scroll_offset: states.scroll.map(|scroll| scroll.offset),
                scroll_extent: states.scroll.map(|scroll| scroll.extent),
            },
            bounds: node.bounds.into(),
            clipped_bounds: node.clipped_bounds.into(),
            in_view: node.in_view,
            actionable: node.actionable,
            actions: node.actions.iter().map(|action| action.as_str()).collect(),
            overlay_order: node.overlay_order,
            children: node.children.iter().map(NodeView::from).collect(),
        }
    }
}

impl Serialize for SemanticNode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        NodeView::from(self).serialize(serializer)
    }
}

impl Serialize for SemanticTree {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        TreeView {
            generation: self.generation.0,
            viewport: ViewportView { cols: self.viewport.width, rows: self.viewport.height },
            root: NodeView::from(&self.root),
        }
        .serialize(serializer)
    }
}

impl SemanticTree {
    /// The tree as pretty-printed JSON in the documented shape, with a
    /// trailing newline. Redacted values appear as
    /// `{"redacted": true, "sensitivity": "masked"}`.
    ///
    /// Indentation stops growing after [`MAX_JSON_INDENT_LEVELS`] levels (a
    /// tree 15 deep), so the output grows linearly with the number of
    /// nodes, not with the square of the tree's depth.
    pub fn to_json(&self) -> String {
        let mut json = Vec::new();
        let mut serializer =
            serde_json::Serializer::with_formatter(&mut json, CappedPretty::default());
        self.serialize(&mut serializer).expect(
            "a semantic tree always serializes: it holds only strings, numbers and booleans",
        );
        let mut json = String::from_utf8(json).expect("serde_json writes UTF-8");
        json.push('\n');
        json
    }
}

/// The JSON nesting level past which [`SemanticTree::to_json`] indents no
/// further: 32 levels of two spaces. Each tree level is two JSON levels (a
/// node's object and its `children` array), so trees up to 15 deep are
/// indented in full, and a deeper one costs at most 64 spaces a line.
pub const MAX_JSON_INDENT_LEVELS: usize = 32;

/// `serde_json`'s pretty formatter (two spaces, `": "`), with indentation
/// capped at [`MAX_JSON_INDENT_LEVELS`].
#[derive(Default)]
struct CappedPretty {
    level: usize,
    has_value: bool,
}

impl CappedPretty {
    fn indent<W: ?Sized + std::io::Write>(&self, writer: &mut W) -> std::io::Result<()> {
        for _ in 0..self.level.min(MAX_JSON_INDENT_LEVELS) {
            writer.write_all(b"  ")?;
        }
        Ok(())
    }

    fn begin<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        open: &[u8],
    ) -> std::io::Result<()> {
        self.level += 1;
        self.has_value = false;
        writer.write_all(open)
    }

    fn end<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        close: &[u8],
    ) -> std::io::Result<()> {
        self.level -= 1;
        if self.has_value {
            writer.write_all(b"\n")?;
            self.indent(writer)?;
        }
        writer.write_all(close)
    }

    fn item<W: ?Sized + std::io::Write>(&self, writer: &mut W, first: bool) -> std::io::Result<()> {
        writer.write_all(if first { b"\n" } else { b",\n" })?;
        self.indent(writer)
    }
}

impl serde_json::ser::Formatter for CappedPretty {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.begin(writer, b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.end(writer, b"]")
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(writer, first)
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.begin(writer, b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.end(writer, b"}")
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(writer, first)
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
    ) -> std::io::Result<()> {
        writer.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Size;

    use crate::semantic::{Bounds, Generation, SemanticNode, SemanticTree, SemanticValue};
    use rehearse_lang::{AutomationId, SemanticRole, Sensitivity};

    fn tree() -> SemanticTree {
        let field = |id: &'static str, text: &str, sensitivity| {
            SemanticNode::new(SemanticRole::TextBox, Bounds::new(0, 0, 10, 1))
                .with_id(AutomationId::from_static(id))
                .with_value(SemanticValue::new(text, sensitivity))
        };
        SemanticTree::new(
            Generation(7),
            Size::new(10, 3),
            SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 10, 3))
                .with_child(field("user", "ada", Sensitivity::Public))
                .with_child(field("password", "hunter2", Sensitivity::Masked))
                .with_child(field("token", "s3cr3t-token", Sensitivity::Sensitive))
                .with_child(field("empty", "", Sensitivity::Public)),
        )
    }

    #[test]
    fn redacted_values_never_reach_json_or_markdown_but_are_marked() {
        let tree = tree();
        let json = tree.to_json();
        let markdown = tree.to_markdown();
        for secret in ["hunter2", "s3cr3t-token"] {
            assert!(!json.contains(secret), "{json}");
            assert!(!markdown.contains(secret), "{markdown}");
        }
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        let children = parsed["root"]["children"].as_array().unwrap();
        assert_eq!(
            children[0]["value"],
            serde_json::json!({"text": "ada", "sensitivity": "public"})
        );
        assert_eq!(
            children[1]["value"],
            serde_json::json!({"redacted": true, "sensitivity": "masked"})
        );
        assert_eq!(
            children[2]["value"],
            serde_json::json!({"redacted": true, "sensitivity": "sensitive"})
        );
        assert_eq!(children[3]["value"]["text"], "", "an empty value is a value");
        assert!(markdown.contains("#password value=<masked>"), "{markdown}");
        assert!(markdown.contains("#token value=<sensitive>"), "{markdown}");
        assert!(markdown.contains("#empty value=\"\""), "{markdown}");
    }

    /// A chain of `depth` groups under an application root.
    fn chain(depth: usize) -> SemanticTree {
        let mut node = SemanticNode::new(SemanticRole::Text, Bounds::new(0, 0, 1, 1));
        for _ in 1..depth {
            node = SemanticNode::new(SemanticRole::Group, Bounds::new(0, 0, 1, 1)).with_child(node);
        }
        SemanticTree::new(Generation(1), Size::new(1, 1), node)
    }

    #[test]
    fn shallow_trees_are_pretty_printed_as_serde_json_does() {
        for tree in [tree(), chain(15)] {
            let mut pretty = serde_json::to_string_pretty(&tree).unwrap();
            pretty.push('\n');
            assert_eq!(tree.to_json(), pretty);
        }
    }

    #[test]
    fn json_grows_linearly_with_depth() {
        // Deep trees recurse; give them room (sessions stop at MAX_TREE_DEPTH).
        let sizes = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(|| [500, 1000].map(|depth| chain(depth).to_json()))
            .unwrap()
            .join()
            .unwrap();
        let [half, full] = [sizes[0].len(), sizes[1].len()];
        // 1,000 nodes used to take 48 MB; now each costs at most its fields
        // at 64 spaces of indentation.
        assert!(full < 1000 * 30 * 80, "{full} bytes");
        assert!(full < half * 2 + half / 10, "{half} then {full}: not linear");
        assert!(sizes[1].starts_with("{\n  \"generation\": 1,"), "{}", &sizes[1][..80]);
        let deepest = "  ".repeat(super::MAX_JSON_INDENT_LEVELS);
        assert!(!sizes[1].contains(&format!("\n{deepest}  ")), "indentation stops growing");
    }

    #[test]
    fn modal_readonly_and_scroll_are_written_only_when_they_say_something() {
        let mut dialog = SemanticNode::new(SemanticRole::Dialog, Bounds::new(0, 0, 10, 3));
        dialog.states.modal = true;
        let mut field = SemanticNode::new(SemanticRole::TextBox, Bounds::new(0, 0, 10, 1));
        field.states.readonly = Some(true);
        let mut log = SemanticNode::new(SemanticRole::ScrollView, Bounds::new(0, 1, 10, 2));
        log.states.scroll = Some(crate::semantic::ScrollPosition::new(3, 20));
        let plain = SemanticNode::new(SemanticRole::Text, Bounds::new(0, 2, 10, 1));
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 10, 3))
            .with_child(dialog)
            .with_child(field)
            .with_child(log)
            .with_child(plain);
        let json = SemanticTree::new(Generation(1), Size::new(10, 3), root).to_json();
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        let states = |at: usize| parsed["root"]["children"][at]["states"].clone();
        assert_eq!(states(0), serde_json::json!({"enabled": true, "modal": true}));
        assert_eq!(states(1), serde_json::json!({"enabled": true, "readonly": true}));
        assert_eq!(
            states(2),
            serde_json::json!({"enabled": true, "scroll_offset": 3, "scroll_extent": 20})
        );
        assert_eq!(states(3), serde_json::json!({"enabled": true}));
    }

    #[test]
    fn key_order_is_the_documented_one() {
        let json = tree().to_json();
        let keys: Vec<&str> = ["\"generation\"", "\"viewport\"", "\"root\""]
            .into_iter()
            .filter(|key| json.contains(key))
            .collect();
        assert_eq!(keys.len(), 3);
        let at = |key: &str| json.find(key).unwrap();
        assert!(at("\"generation\"") < at("\"viewport\"") && at("\"viewport\"") < at("\"root\""));
        let node = &json[at("\"root\"")..];
        let order = [
            "\"role\"",
            "\"name\"",
            "\"states\"",
            "\"bounds\"",
            "\"clipped_bounds\"",
            "\"in_view\"",
            "\"actionable\"",
            "\"actions\"",
            "\"children\"",
        ];
        let positions: Vec<usize> = order.iter().map(|key| node.find(key).unwrap()).collect();
        assert!(positions.windows(2).all(|pair| pair[0] < pair[1]), "{positions:?}");
    }
}
