//! What an `expect-tree:` judgement finds — whether the outline matches
//! the subtree of a node its selector matched, and else why and the diff —
//! and the [`TreeTimeout`] it fails with, redacted.

use std::fmt;
use std::time::Duration;

use rehearse_lang::{NodePattern, Selector, TextPattern, TextRegex, TreePattern};

use crate::redact::REDACTED;
use crate::semantic::{SemanticNode, SemanticTree, match_outline, outline_diff};
use crate::wait::IdleReport;

/// An `expect-tree:` that did not hold before its timeout (or before
/// nothing pending could change the tree): the outline, the subtree as it
/// last was, and the first line that differs.
///
/// Redacted: the subtree never shows a masked or sensitive value, and when
/// the subtree holds one (or the selector matched nothing) the outline's
/// values are withheld too, since they may be a guess at it.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct TreeTimeout {
    /// The selector whose node's subtree was checked.
    pub target: Selector,
    /// The outline, as an error may show it.
    pub pattern: TreePattern,
    /// The timeout.
    pub timeout: Duration,
    /// Wall time spent waiting.
    pub wall_elapsed: Duration,
    /// Logical time that passed while waiting.
    pub logical_elapsed: Duration,
    /// How many nodes the selector matched last.
    pub matches: usize,
    /// Why it did not hold, in words (the first line not found).
    pub reason: String,
    /// The outline beside the subtree of the first match, the first line
    /// not found marked; empty when the selector matched nothing.
    pub diff: String,
    /// What was pending when it gave up.
    pub idle: IdleReport,
    /// It gave up before its timeout because nothing pending could change
    /// the tree.
    pub gave_up_early: bool,
}

impl fmt::Display for TreeTimeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = format!("expect-tree:{},{}", self.target, self.timeout.as_millis());
        if self.gave_up_early {
            write!(
                f,
                "gave up after {:?} on `{step}`: nothing pending could change the tree (under a controlled clock, `wait:` advances time); ",
                self.wall_elapsed
            )?;
        } else {
            write!(
                f,
                "timed out after {} ms on `{step}` (wall {:?}, logical {:?}); ",
                self.timeout.as_millis(),
                self.wall_elapsed,
                self.logical_elapsed
            )?;
        }
        write!(f, "{}; pending: {}", self.reason, self.idle)?;
        if self.matches > 1 {
            write!(
                f,
                " ({} nodes matched and none had the shape; the first is shown)",
                self.matches
            )?;
        }
        if !self.diff.is_empty() {
            write!(f, "\n\n{}", self.diff.trim_end())?;
        }
        Ok(())
    }
}

/// Whether the subtree of any node of `matches` has `pattern`'s shape; else
/// why not, and the diff for the first match.
pub(crate) fn judge(
    pattern: &TreePattern,
    matches: &[&SemanticNode],
) -> Result<(), (String, String)> {
    let mut first = None;
    for node in matches {
        match match_outline(pattern, node) {
            Ok(()) => return Ok(()),
            Err(mismatch) => {
                first.get_or_insert((*node, mismatch));
            }
        }
    }
    match first {
        None => Err(("the selector matched nothing".to_owned(), String::new())),
        Some((node, mismatch)) => {
            // A value in the outline may guess at a secret of any match.
            let secret = holds_secret(matches);
            let shown = if secret { withhold_values(pattern) } else { pattern.clone() };
            let diff = outline_diff(&shown, node, &mismatch);
            let reason = if secret {
                format!("line {} of the outline was not found", mismatch.line + 1)
            } else {
                mismatch.reason
            };
            Err((reason, diff))
        }
    }
}

/// Whether any node's subtree holds a redacted value.
fn holds_secret(nodes: &[&SemanticNode]) -> bool {
    nodes.iter().any(|node| {
        node.descendants().any(|node| node.value.as_ref().is_some_and(|value| value.is_redacted()))
    })
}

/// The outline with every value it compares withheld (`= "<redacted>"`):
/// names are public, a value may be a guess at a secret.
pub(crate) fn withhold_values(pattern: &TreePattern) -> TreePattern {
    fn node(pattern: &NodePattern) -> NodePattern {
        let mut out = pattern.clone();
        out.value = pattern.value.as_ref().map(|value| match value {
            TextPattern::Regex(_) => TextPattern::Regex(
                TextRegex::new(REDACTED).unwrap_or_else(|_| unreachable!("a literal pattern")),
            ),
            _ => TextPattern::exact(REDACTED),
        });
        out.children = pattern.children.iter().map(node).collect();
        out
    }
    TreePattern::new(pattern.nodes.iter().map(node))
}

/// Whether an `expect-tree:` about `target` should withhold its outline's
/// values in what it shows: the subtree holds a redacted value, or nothing
/// matched (the value may be a guess at a secret).
pub(crate) fn withholds_values(tree: &SemanticTree, target: &Selector) -> bool {
    match tree.find_all(target) {
        Ok(found) => found.is_empty() || holds_secret(&found),
        Err(_) => true,
    }
}
