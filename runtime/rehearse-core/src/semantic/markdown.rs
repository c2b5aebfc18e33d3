//! The Markdown projection: one node a line, indented by depth, written to be
//! read in a code review.

use std::fmt::Write as _;

use crate::semantic::{SemanticNode, SemanticTree};
use rehearse_lang::{Checked, StateName};

impl SemanticTree {
    /// The tree as Markdown: a heading with the generation and viewport, then
    /// a nested list with one node a line.
    ///
    /// Each line reads `role "name" #id value="..." [states] scroll O of E
    /// at x,y WxH`,
    /// leaving out what the node does not have; `clipped x,y WxH` follows when
    /// the visible part differs from the layout, and `overlay N` marks overlay
    /// roots. Redacted values print as `value=<masked>` or
    /// `value=<sensitive>`. The output is deterministic.
    pub fn to_markdown(&self) -> String {
        let mut out = format!(
            "# Semantic tree\n\ngeneration {} · viewport {}x{}\n\n",
            self.generation, self.viewport.width, self.viewport.height
        );
        write_node(&mut out, &self.root, 0);
        out
    }
}

impl SemanticNode {
    /// This node's Markdown line without indentation or bullet.
    pub fn markdown_line(&self) -> String {
        let mut line = self.role.as_str().to_owned();
        if !self.name.is_empty() {
            let _ = write!(line, " {}", quote(&self.name));
        }
        if let Some(id) = &self.automation_id {
            let _ = write!(line, " #{id}");
        }
        if let Some(value) = &self.value {
            match value.text() {
                Some(text) => {
                    let _ = write!(line, " value={}", quote(text));
                }
                None => {
                    let _ = write!(line, " value=<{}>", value.sensitivity());
                }
            }
        }
        let states = state_words(self);
        if !states.is_empty() {
            let _ = write!(line, " [{}]", states.join(", "));
        }
        if let Some(scroll) = self.states.scroll {
            let _ = write!(line, " scroll {scroll}");
        }
        let _ = write!(line, " at {}", self.bounds);
        if self.clipped_bounds != self.bounds {
            let _ = write!(line, " clipped {}", self.clipped_bounds);
        }
        if let Some(order) = self.overlay_order {
            let _ = write!(line, " overlay {order}");
        }
        line
    }
}

fn write_node(out: &mut String, node: &SemanticNode, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
    out.push_str("- ");
    out.push_str(&node.markdown_line());
    out.push('\n');
    for child in &node.children {
        write_node(out, child, depth + 1);
    }
}

/// A JSON-style quoted string, so names with quotes or newlines stay on one
/// line and read the same everywhere.
fn quote(text: &str) -> String {
    serde_json::to_string(text).expect("strings always serialize")
}

fn state_words(node: &SemanticNode) -> Vec<&'static str> {
    let states = node.states;
    // The words are StateName's: one spelling for every output.
    let mut words = Vec::new();
    if states.focused == Some(true) {
        words.push(StateName::Focused.as_str());
    }
    if !states.enabled {
        words.push(StateName::Disabled.as_str());
    }
    if states.selected == Some(true) {
        words.push(StateName::Selected.as_str());
    }
    words.extend(states.expanded.and_then(|expanded| StateName::Expanded.word(expanded)));
    words.extend(states.checked.map(Checked::state_word));
    if states.readonly == Some(true) {
        words.push(StateName::ReadOnly.as_str());
    }
    if states.offscreen {
        words.push(StateName::Offscreen.as_str());
    } else if states.hidden {
        words.push(StateName::Hidden.as_str());
    }
    if states.inert {
        words.push(StateName::Inert.as_str());
    }
    if states.modal {
        words.push(StateName::Modal.as_str());
    }
    words
}

#[cfg(test)]
mod tests {
    use crate::semantic::{Bounds, ScrollPosition, SemanticNode};
    use rehearse_lang::SemanticRole;

    #[test]
    fn readonly_modal_and_the_scroll_position_have_their_words() {
        let mut field = SemanticNode::new(SemanticRole::TextBox, Bounds::new(0, 0, 10, 1));
        field.states.readonly = Some(true);
        assert_eq!(field.markdown_line(), "text-box [readonly] at 0,0 10x1");
        field.states.readonly = Some(false);
        assert_eq!(field.markdown_line(), "text-box at 0,0 10x1");
        let mut dialog = SemanticNode::new(SemanticRole::Dialog, Bounds::new(2, 1, 6, 3));
        dialog.states.modal = true;
        dialog.name = "Delete?".into();
        assert_eq!(dialog.markdown_line(), "dialog \"Delete?\" [modal] at 2,1 6x3");
        let mut list = SemanticNode::new(SemanticRole::List, Bounds::new(0, 0, 10, 4));
        list.states.scroll = Some(ScrollPosition::new(5, 12));
        list.states.focused = Some(true);
        assert_eq!(list.markdown_line(), "list [focused] scroll 5 of 12 at 0,0 10x4");
    }
}
