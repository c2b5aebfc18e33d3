//! `TreePattern`: the outline `expect-tree:` checks a subtree against —
//! roles, names, values and states, in order, naming only what matters
//! (Playwright's aria snapshot).
//!
//! Each line is one node: `- ROLE ["NAME" | /REGEX/] [STATE]... [= "VALUE" | = /REGEX/] [:]`,
//! and a node's children are the lines indented under it:
//!
//! ```text
//! - list:
//!   - list-item "Buy milk" [checked]
//!   - list-item /bread/i
//! ```
//!
//! `Display` writes this canonical outline (two spaces a level, `:` after a
//! node with children), which parses back to the same pattern.

use std::fmt;

use crate::role::SemanticRole;
use crate::spelling::quote;
use crate::state::Checked;
use crate::text_regex::{IGNORE_CASE_FLAG, TextRegex};

/// The most node lines one outline may have (docs/limits.md).
pub const MAX_TREE_PATTERN_LINES: usize = 256;

/// The deepest one outline may nest: a top-level line is depth 1
/// (docs/limits.md).
pub const MAX_TREE_PATTERN_DEPTH: usize = 16;

/// The most bytes of text one outline may be written in (docs/limits.md).
pub const MAX_TREE_PATTERN_BYTES: usize = 16 * 1024;

/// A subtree's expected shape: the top-level lines of an outline.
///
/// ```
/// use rehearse_lang::{NodePattern, SemanticRole, TextPattern, TreePattern};
/// let pattern = TreePattern::new([NodePattern::new(SemanticRole::List)
///     .child(NodePattern::new(SemanticRole::ListItem).name(TextPattern::exact("Buy milk")))]);
/// assert_eq!(pattern.to_string(), "- list:\n  - list-item \"Buy milk\"");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TreePattern {
    /// The top-level lines, in order.
    pub nodes: Vec<NodePattern>,
}

impl TreePattern {
    /// A pattern of these top-level lines.
    pub fn new(nodes: impl IntoIterator<Item = NodePattern>) -> Self {
        Self { nodes: nodes.into_iter().collect() }
    }

    /// Every line in the order `Display` writes them (pre-order), each with
    /// its depth (0 for a top-level line).
    pub fn lines(&self) -> Vec<(usize, &NodePattern)> {
        fn walk<'a>(
            nodes: &'a [NodePattern],
            depth: usize,
            out: &mut Vec<(usize, &'a NodePattern)>,
        ) {
            for node in nodes {
                out.push((depth, node));
                walk(&node.children, depth + 1, out);
            }
        }
        let mut out = Vec::new();
        walk(&self.nodes, 0, &mut out);
        out
    }
}

impl fmt::Display for TreePattern {
    /// The canonical outline, lines joined by `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (at, (depth, node)) in self.lines().into_iter().enumerate() {
            if at > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{}{}", "  ".repeat(depth), node.line())?;
        }
        Ok(())
    }
}

/// Text a node's name or value is matched with in an outline: exactly, or
/// by a regular expression found anywhere in it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TextPattern {
    /// The text, exactly (`"Buy milk"`).
    Exact(String),
    /// A regular expression (`/milk/i`).
    Regex(TextRegex),
}

impl TextPattern {
    /// Exact text.
    pub fn exact(text: impl Into<String>) -> Self {
        Self::Exact(text.into())
    }
}

impl fmt::Display for TextPattern {
    /// `"text"` with the script's escapes, or `/REGEX/` (a `/` in it written
    /// `\/`; quoted between the slashes when it holds a quote or a control
    /// character), then the flag.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Exact(text) => f.write_str(&quote(text)),
            Self::Regex(regex) => {
                let pattern = regex.pattern();
                let body = if pattern.chars().any(|c| c == '"' || c.is_control()) {
                    quote(pattern)
                } else {
                    escape_slashes(pattern)
                };
                let flag =
                    if regex.ignores_case() { IGNORE_CASE_FLAG.to_string() } else { String::new() };
                write!(f, "/{body}/{flag}")
            }
        }
    }
}

/// `pattern` with every `/` that no backslash escapes written `\/`.
fn escape_slashes(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut escaped = false;
    for character in pattern.chars() {
        if character == '/' && !escaped {
            out.push('\\');
        }
        escaped = character == '\\' && !escaped;
        out.push(character);
    }
    out
}

/// The states an outline line may check, each unchecked when `None`.
///
/// Written `[focused]`, `[disabled]`, `[selected]`, `[checked]`,
/// `[checked=mixed]`, `[expanded]`, `[readonly]`, `[modal]`, each also
/// `=true` and `=false` (`[enabled]` is `[disabled=false]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StatePattern {
    /// `[focused]`.
    pub focused: Option<bool>,
    /// `[disabled]` (`[enabled]` is `Some(false)`).
    pub disabled: Option<bool>,
    /// `[selected]`.
    pub selected: Option<bool>,
    /// `[checked]`, `[checked=false]`, `[checked=mixed]`.
    pub checked: Option<Checked>,
    /// `[expanded]`.
    pub expanded: Option<bool>,
    /// `[readonly]`.
    pub readonly: Option<bool>,
    /// `[modal]`.
    pub modal: Option<bool>,
}

impl StatePattern {
    /// Each state checked, as `(name, value)` in the order `Display` writes
    /// them; the value is `true`, `false` or `mixed`.
    pub fn written(&self) -> Vec<(&'static str, &'static str)> {
        let word = |value: bool| if value { "true" } else { "false" };
        let mut out = Vec::new();
        let flags =
            [("focused", self.focused), ("disabled", self.disabled), ("selected", self.selected)];
        for (name, value) in flags {
            out.extend(value.map(|value| (name, word(value))));
        }
        out.extend(self.checked.map(|checked| ("checked", checked.as_str())));
        for (name, value) in
            [("expanded", self.expanded), ("readonly", self.readonly), ("modal", self.modal)]
        {
            out.extend(value.map(|value| (name, word(value))));
        }
        out
    }
}

/// One line of an outline: a node's role and, where written, its name, its
/// states, its value and its children.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NodePattern {
    /// The role.
    pub role: SemanticRole,
    /// The accessible name, when checked.
    pub name: Option<TextPattern>,
    /// The states checked.
    pub states: StatePattern,
    /// The public value, when checked (a masked or sensitive value never
    /// matches).
    pub value: Option<TextPattern>,
    /// Children that must appear, in this order, among the node's
    /// descendants (others may stand between them).
    pub children: Vec<NodePattern>,
}

impl NodePattern {
    /// A line that checks only the role.
    pub const fn new(role: SemanticRole) -> Self {
        Self {
            role,
            name: None,
            states: StatePattern {
                focused: None,
                disabled: None,
                selected: None,
                checked: None,
                expanded: None,
                readonly: None,
                modal: None,
            },
            value: None,
            children: Vec::new(),
        }
    }

    /// The line, also checking the name.
    #[must_use]
    pub fn name(mut self, name: TextPattern) -> Self {
        self.name = Some(name);
        self
    }

    /// The line, also checking the value.
    #[must_use]
    pub fn value(mut self, value: TextPattern) -> Self {
        self.value = Some(value);
        self
    }

    /// The line, checking these states.
    #[must_use]
    pub fn states(mut self, states: StatePattern) -> Self {
        self.states = states;
        self
    }

    /// The line with one more child, last.
    #[must_use]
    pub fn child(mut self, child: Self) -> Self {
        self.children.push(child);
        self
    }

    /// The line as an outline writes it, without indentation:
    /// `- list-item "Buy milk" [checked] = "x":`.
    pub fn line(&self) -> String {
        let mut line = format!("- {}", self.role);
        if let Some(name) = &self.name {
            line.push_str(&format!(" {name}"));
        }
        for (state, value) in self.states.written() {
            match value {
                "true" => line.push_str(&format!(" [{state}]")),
                value => line.push_str(&format!(" [{state}={value}]")),
            }
        }
        if let Some(value) = &self.value {
            line.push_str(&format!(" = {value}"));
        }
        if !self.children.is_empty() {
            line.push(':');
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_writes_the_canonical_outline() {
        let states = StatePattern {
            checked: Some(Checked::Mixed),
            disabled: Some(false),
            ..StatePattern::default()
        };
        let pattern = TreePattern::new([
            NodePattern::new(SemanticRole::List).child(
                NodePattern::new(SemanticRole::ListItem)
                    .name(TextPattern::Regex(TextRegex::new("a/b").unwrap().ignoring_case()))
                    .states(states),
            ),
            NodePattern::new(SemanticRole::TextBox)
                .value(TextPattern::Regex(TextRegex::new("say \"hi\"").unwrap())),
        ]);
        assert_eq!(
            pattern.to_string(),
            "- list:\n  - list-item /a\\/b/i [disabled=false] [checked=mixed]\n- text-box = /\"say \\\"hi\\\"\"/"
        );
        assert_eq!(escape_slashes(r"a\/b/c"), r"a\/b\/c");
    }
}
