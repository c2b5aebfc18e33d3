//! `expect-tree:`'s outline against a subtree: whether the subtree has the
//! shape the outline describes ([`match_outline`]), the subtree written in
//! the outline's own syntax ([`outline_of`], redacted), and the two side by
//! side with the first line that differs marked ([`outline_diff`]).
//!
//! Matching is partial, as Playwright's aria snapshots are: a line checks
//! only what it writes (a role always; a name, states and a value when
//! written), and a line's children must be found among the node's
//! descendants in their order, with any other nodes before, between or
//! after them. The top-level lines are found the same way in the subtree,
//! the node itself included. Each line takes the first node, in document
//! order after the node its previous sibling line took (and that node's
//! subtree), whose own subtree matches the line's children.

use rehearse_lang::{NodePattern, StatePattern, TextPattern, TreePattern};

use crate::semantic::{CompiledRegex, SemanticNode};

/// The most lines [`outline_of`] writes of a subtree; the rest are counted.
pub const MAX_OUTLINE_LINES: usize = 200;

/// Why an outline did not match: the first line that was not found, and
/// where it was looked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineMismatch {
    /// The line of the outline that was not found (0-based, in the order
    /// the outline writes its lines).
    pub line: usize,
    /// The node whose descendants it was looked among (0-based, in the
    /// order [`outline_of`] writes the subtree); `None` for a top-level
    /// line, looked for in the whole subtree.
    pub within: Option<usize>,
    /// Why, in words: the line as written and where it was looked for.
    pub reason: String,
}

/// A text compiled for matching.
enum Text {
    Exact(String),
    Regex(CompiledRegex),
}

impl Text {
    fn new(pattern: &TextPattern) -> Self {
        match pattern {
            TextPattern::Exact(text) => Self::Exact(text.clone()),
            TextPattern::Regex(regex) => Self::Regex(CompiledRegex::new(regex)),
        }
    }

    fn matches(&self, text: &str) -> bool {
        match self {
            Self::Exact(exact) => exact == text,
            Self::Regex(regex) => regex.is_match(text),
        }
    }
}

/// One line of the outline, compiled: its number and its regexes.
struct Line<'p> {
    index: usize,
    pattern: &'p NodePattern,
    name: Option<Text>,
    value: Option<Text>,
    children: Vec<Line<'p>>,
}

fn compile<'p>(nodes: &'p [NodePattern], next: &mut usize) -> Vec<Line<'p>> {
    nodes
        .iter()
        .map(|pattern| {
            let index = *next;
            *next += 1;
            Line {
                index,
                pattern,
                name: pattern.name.as_ref().map(Text::new),
                value: pattern.value.as_ref().map(Text::new),
                children: compile(&pattern.children, next),
            }
        })
        .collect()
}

/// A subtree in document order: each node and the index just past its own
/// subtree.
struct Flat<'t> {
    nodes: Vec<(&'t SemanticNode, usize)>,
}

impl<'t> Flat<'t> {
    fn new(root: &'t SemanticNode) -> Self {
        fn walk<'t>(node: &'t SemanticNode, out: &mut Vec<(&'t SemanticNode, usize)>) {
            let at = out.len();
            out.push((node, 0));
            for child in &node.children {
                walk(child, out);
            }
            out[at].1 = out.len();
        }
        let mut nodes = Vec::new();
        walk(root, &mut nodes);
        Self { nodes }
    }
}

/// Whether `root`'s subtree has the shape `pattern` describes.
///
/// # Errors
///
/// The first line of the outline that was not found, and where it was
/// looked for.
pub fn match_outline(pattern: &TreePattern, root: &SemanticNode) -> Result<(), OutlineMismatch> {
    let lines = compile(&pattern.nodes, &mut 0);
    let flat = Flat::new(root);
    find_in_order(&lines, &flat, (0, flat.nodes.len()), None, &mut Memo::new()).map_err(|(line, within)| {
        let written = pattern.lines()[line].1.line();
        let written = written.strip_suffix(':').unwrap_or(&written).to_owned();
        let reason = match within {
            None => format!(
                "line {} of the outline, `{written}`, matches no node of the subtree of `{}` (in order after the lines before it)",
                line + 1,
                root.label()
            ),
            Some(parent) => format!(
                "line {} of the outline, `{written}`, matches none of the descendants of `{}` (line {} of the subtree) in order after the lines before it",
                line + 1,
                flat.nodes[parent].0.label(),
                parent + 1
            ),
        };
        OutlineMismatch { line, within, reason }
    })
}

/// What is known of a line at a node: whether the line matches there, its
/// children included (`Ok`), or the line not found beneath it.
type Judged = Result<(), (usize, Option<usize>)>;

/// The judgements made so far, by (line, node): each is made once, so a
/// match costs at most lines × nodes of them however the outline nests.
type Memo = std::collections::HashMap<(usize, usize), Judged>;

/// Finds `lines` in order among `flat.nodes[start..end]`; the line not
/// found and the node it was looked under.
fn find_in_order(
    lines: &[Line<'_>],
    flat: &Flat<'_>,
    (start, end): (usize, usize),
    within: Option<usize>,
    memo: &mut Memo,
) -> Judged {
    let mut cursor = start;
    for line in lines {
        let mut deepest: Option<(usize, Option<usize>)> = None;
        let mut found = None;
        for at in cursor..end {
            let (node, subtree_end) = flat.nodes[at];
            if !head_matches(line, node) {
                continue;
            }
            let judged = match memo.get(&(line.index, at)) {
                Some(judged) => *judged,
                None => {
                    let judged =
                        find_in_order(&line.children, flat, (at + 1, subtree_end), Some(at), memo);
                    memo.insert((line.index, at), judged);
                    judged
                }
            };
            match judged {
                Ok(()) => {
                    found = Some(subtree_end);
                    break;
                }
                Err(failure) => {
                    if deepest.is_none_or(|(line, _)| failure.0 > line) {
                        deepest = Some(failure);
                    }
                }
            }
        }
        match found {
            Some(next) => cursor = next,
            None => return Err(deepest.unwrap_or((line.index, within))),
        }
    }
    Ok(())
}

/// Whether the node has the line's role, and its name, states and value
/// where the line writes them (a redacted value never matches).
fn head_matches(line: &Line<'_>, node: &SemanticNode) -> bool {
    line.pattern.role == node.role
        && line.name.as_ref().is_none_or(|name| name.matches(&node.name))
        && line
            .value
            .as_ref()
            .is_none_or(|value| node.public_value().is_some_and(|v| value.matches(v)))
        && states_match(&line.pattern.states, node)
}

fn states_match(wanted: &StatePattern, node: &SemanticNode) -> bool {
    let states = &node.states;
    let holds =
        |wanted: Option<bool>, actual: Option<bool>| wanted.is_none_or(|w| actual == Some(w));
    holds(wanted.focused, Some(states.focused == Some(true)))
        && holds(wanted.disabled, Some(!states.enabled))
        && holds(wanted.selected, states.selected)
        && wanted.checked.is_none_or(|w| states.checked == Some(w))
        && holds(wanted.expanded, states.expanded)
        && holds(wanted.readonly, states.readonly)
        && holds(wanted.modal, Some(states.modal))
}

/// The line that describes `node` in an outline: its role, its name, the
/// states it reports and its value — `<redacted>` for a masked or sensitive
/// one, whose text is never shown.
pub fn outline_line(node: &SemanticNode) -> String {
    let states = &node.states;
    let mut line = NodePattern::new(node.role).states(StatePattern {
        focused: (states.focused == Some(true)).then_some(true),
        disabled: (!states.enabled).then_some(true),
        selected: states.selected,
        checked: states.checked,
        expanded: states.expanded,
        readonly: states.readonly,
        modal: states.modal.then_some(true),
    });
    if !node.name.is_empty() {
        line = line.name(TextPattern::exact(node.name.clone()));
    }
    if let Some(value) = node.public_value() {
        line = line.value(TextPattern::exact(value));
    }
    let mut written = line.line();
    if node.value.as_ref().is_some_and(|value| value.is_redacted()) {
        written.push_str(" = <redacted>");
    }
    if !node.children.is_empty() {
        written.push(':');
    }
    written
}

/// `root`'s subtree in the outline's syntax, one indented line a node in
/// document order, at most [`MAX_OUTLINE_LINES`] of them (then a line that
/// counts the rest). Redacted: no masked or sensitive value is shown.
pub fn outline_of(root: &SemanticNode) -> Vec<String> {
    fn walk(node: &SemanticNode, depth: usize, out: &mut Vec<String>, more: &mut usize) {
        if out.len() >= MAX_OUTLINE_LINES {
            *more += 1;
        } else {
            out.push(format!("{}{}", "  ".repeat(depth), outline_line(node)));
        }
        for child in &node.children {
            walk(child, depth + 1, out, more);
        }
    }
    let mut out = Vec::new();
    let mut more = 0;
    walk(root, 0, &mut out, &mut more);
    if more > 0 {
        out.push(format!("… and {more} more nodes"));
    }
    out
}

/// The outline and `root`'s subtree side by side, each line indented, the
/// outline's first line not found marked `>`, and so the node it was
/// looked under (or, for a top-level line, the subtree's first line).
pub fn outline_diff(
    pattern: &TreePattern,
    root: &SemanticNode,
    mismatch: &OutlineMismatch,
) -> String {
    let mark = |marked: bool| if marked { "> " } else { "  " };
    let mut out = format!(
        "expected (the outline; `>` marks line {}, the first not found):\n",
        mismatch.line + 1
    );
    for (at, line) in pattern.to_string().lines().enumerate() {
        out.push_str(&format!("  {}{line}\n", mark(at == mismatch.line)));
    }
    out.push_str(&format!(
        "actual (the subtree of `{}`, redacted; `>` marks where the line was looked for):\n",
        root.label()
    ));
    let within = mismatch.within.unwrap_or(0);
    for (at, line) in outline_of(root).iter().enumerate() {
        out.push_str(&format!("  {}{line}\n", mark(at == within)));
    }
    out
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Size;
    use rehearse_lang::script::parse_step_str;
    use rehearse_lang::{AutomationStep, Checked, SemanticRole, Sensitivity};

    use super::*;
    use crate::semantic::{Bounds, Generation, SemanticTree, SemanticValue};

    fn todos() -> SemanticNode {
        let row = |y| Bounds::new(0, y, 20, 1);
        let item = |y, name: &str, checked: Checked| {
            let mut node = SemanticNode::new(SemanticRole::ListItem, row(y)).with_name(name);
            node.states.checked = Some(checked);
            node
        };
        let mut list = SemanticNode::new(SemanticRole::List, Bounds::new(0, 0, 20, 4))
            .with_id("todos".parse().unwrap())
            .with_child(item(0, "Buy milk", Checked::True))
            .with_child(SemanticNode::new(SemanticRole::Group, row(1)).with_child(item(
                1,
                "Bake bread",
                Checked::False,
            )))
            .with_child(
                SemanticNode::new(SemanticRole::TextBox, row(2))
                    .with_value(SemanticValue::new("hunter2", Sensitivity::Masked)),
            )
            .with_child(
                SemanticNode::new(SemanticRole::TextBox, row(3))
                    .with_value(SemanticValue::public("Eggs")),
            );
        list.states.selected = None;
        SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 20, 5)).with_child(list)
    }

    fn outline(text: &str) -> TreePattern {
        let step = parse_step_str(&format!("expect-tree:#x,1 ({text})")).unwrap().step;
        let AutomationStep::ExpectTree { pattern, .. } = step else { unreachable!() };
        *pattern
    }

    fn matches(text: &str) -> Result<(), OutlineMismatch> {
        match_outline(&outline(text), &todos())
    }

    #[test]
    fn listed_lines_match_in_order_and_the_rest_is_ignored() {
        assert!(matches("- list").is_ok());
        assert!(matches("- application:\n  - list-item \"Buy milk\"").is_ok());
        let ordered = "- list:\n  - list-item \"Buy milk\" [checked]\n  - list-item /bread/i [checked=false]\n  - text-box = \"Eggs\"";
        assert!(matches(ordered).is_ok(), "{:?}", matches(ordered));
        let reversed = "- list:\n  - list-item /bread/i\n  - list-item \"Buy milk\"";
        let failure = matches(reversed).unwrap_err();
        assert_eq!(failure.line, 2, "{failure:?}");
        assert_eq!(failure.within, Some(1));
        assert!(
            failure.reason.contains("line 3 of the outline, `- list-item \"Buy milk\"`"),
            "{}",
            failure.reason
        );
    }

    #[test]
    fn names_states_and_values_are_checked_only_where_written() {
        assert!(matches("- list-item \"Buy\"").is_err(), "an exact name is the whole name");
        assert!(matches("- list-item /^buy/i").is_ok());
        assert!(matches("- list-item \"Buy milk\" [checked=false]").is_err());
        assert!(matches("- list-item [checked=mixed]").is_err());
        assert!(matches("- list-item [disabled]").is_err());
        assert!(matches("- list-item [enabled] [focused=false]").is_ok());
        assert!(matches("- text-box = /hunt/").is_err(), "a masked value never matches");
        assert!(matches("- text-box = /^Eggs$/").is_ok());
        assert!(matches("- list [selected]").is_err(), "a state not reported does not hold");
    }

    #[test]
    fn the_deepest_line_not_found_is_reported_with_a_redacted_diff() {
        let pattern = outline("- list:\n  - group:\n    - list-item \"Bake cake\"");
        let root = todos();
        let failure = match_outline(&pattern, &root).unwrap_err();
        assert_eq!(failure.line, 2);
        assert_eq!(failure.within, Some(3));
        let diff = outline_diff(&pattern, &root, &failure);
        assert!(diff.contains("\n  >     - list-item \"Bake cake\"\n"), "{diff}");
        assert!(diff.contains(">     - group:"), "{diff}");
        assert!(diff.contains("- text-box = <redacted>"), "{diff}");
        assert!(!diff.contains("hunter2"), "{diff}");
        let tree = SemanticTree::new(Generation(1), Size::new(20, 5), root);
        let list = tree.find_all(&rehearse_lang::Selector::id("todos")).unwrap()[0];
        assert_eq!(
            outline_of(list),
            [
                "- list:",
                "  - list-item \"Buy milk\" [checked]",
                "  - group:",
                "    - list-item \"Bake bread\" [checked=false]",
                "  - text-box = <redacted>",
                "  - text-box = \"Eggs\"",
            ]
        );
    }

    #[test]
    fn a_deep_outline_over_a_deep_chain_is_judged_once_per_line_and_node() {
        // 60 nested groups and an outline of 15 nested groups over a line
        // that is nowhere: without the memo, C(60, 15) tries.
        let mut chain = SemanticNode::new(SemanticRole::Text, Bounds::new(0, 0, 1, 1));
        for _ in 0..60 {
            chain =
                SemanticNode::new(SemanticRole::Group, Bounds::new(0, 0, 1, 1)).with_child(chain);
        }
        let mut text = String::new();
        for depth in 0..15 {
            text.push_str(&format!("{}- group\n", "  ".repeat(depth)));
        }
        text.push_str(&format!("{}- alert", "  ".repeat(15)));
        let failure = match_outline(&outline(&text), &chain).unwrap_err();
        assert_eq!(failure.line, 15, "{failure:?}");
    }

    #[test]
    fn every_line_written_of_a_subtree_matches_it() {
        let root = todos();
        let written = outline_of(&root).join("\n").replace(" = <redacted>", "");
        assert!(match_outline(&outline(&written), &root).is_ok(), "{written}");
    }
}
