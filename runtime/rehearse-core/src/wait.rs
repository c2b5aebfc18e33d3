//! Wait conditions evaluated against a semantic tree, and what a timeout reports.

use std::fmt;
use std::time::Duration;

use ratatui::buffer::Buffer;

use crate::semantic::{CompiledRegex, ResolveError, SemanticNode, SemanticTree};
use crate::style_wait::style_holds;
use rehearse_lang::{Predicate, WaitCondition};

/// Whether `condition` holds in `tree`, and the nodes its selector matched.
///
/// Conditions about one node hold when any match satisfies them; `missing`
/// holds when nothing matches; `count=N` compares the number of matches.
/// A state (`selected`, `checked`, `expanded`, `readonly`, either way)
/// holds only on a node that reports it; `modal` is known of every node;
/// `scroll=N` and `scroll-extent=N` hold on a node that keeps a scroll
/// position.
/// `text=X` holds when X is in the name or public value of the node or of
/// any of its descendants; `value=/RE/` and `text=/RE/` when the regular
/// expression is found there instead. Values compare against the public value only: a
/// redacted value never equals or contains anything.
///
/// A style predicate (`fg=red`, `bold`) needs the rendered cells and never
/// holds here: [`evaluate_with_cells`] judges it.
///
/// # Errors
///
/// An id selector that breaks the id rules.
pub fn evaluate<'t>(
    condition: &WaitCondition,
    tree: &'t SemanticTree,
) -> Result<(bool, Vec<&'t SemanticNode>), ResolveError> {
    let matches = tree.find_all(&condition.selector)?;
    let any = |test: &dyn Fn(&SemanticNode) -> bool| matches.iter().any(|node| test(node));
    let holds = match &condition.predicate {
        Predicate::Exists => !matches.is_empty(),
        Predicate::Missing => matches.is_empty(),
        Predicate::InView => any(&|node| node.in_view),
        Predicate::Focused => any(&|node| node.is_focused()),
        Predicate::Enabled => any(&|node| node.states.enabled),
        Predicate::Disabled => any(&|node| !node.states.enabled),
        Predicate::Selected(wanted) => any(&|node| node.states.selected == Some(*wanted)),
        Predicate::Checked(wanted) => any(&|node| node.states.checked == Some(*wanted)),
        Predicate::Expanded(wanted) => any(&|node| node.states.expanded == Some(*wanted)),
        Predicate::ReadOnly(wanted) => any(&|node| node.states.readonly == Some(*wanted)),
        Predicate::Modal(wanted) => any(&|node| node.states.modal == *wanted),
        Predicate::ScrollOffset(offset) => {
            any(&|node| node.states.scroll.is_some_and(|scroll| scroll.offset == *offset))
        }
        Predicate::ScrollExtent(extent) => {
            any(&|node| node.states.scroll.is_some_and(|scroll| scroll.extent == *extent))
        }
        Predicate::ValueEquals(value) => any(&|node| node.public_value() == Some(value.as_str())),
        // Playwright's `toContainText`: the node's own text or any
        // descendant's.
        Predicate::TextContains(text) => any(&|node| node.subtree_contains_text(text)),
        Predicate::ValueMatches(regex) => {
            let regex = CompiledRegex::new(regex);
            any(&|node| node.public_value().is_some_and(|value| regex.is_match(value)))
        }
        Predicate::TextMatches(regex) => {
            let regex = CompiledRegex::new(regex);
            any(&|node| node.subtree_matches_text(&regex))
        }
        Predicate::Count(count) => matches.len() == *count,
        _ => false,
    };
    Ok((holds, matches))
}

/// One evaluation of a condition on a tree and the cells it was drawn in.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Evaluation<'t> {
    /// Whether it held.
    pub holds: bool,
    /// The nodes its selector matched.
    pub matches: Vec<&'t SemanticNode>,
    /// For a style predicate that did not hold, why each match did not, in
    /// order (`fg was green at 3,4`): styles and positions, never text.
    pub why: Vec<String>,
}

/// Whether `condition` holds in `tree`, whose frame is `cells`: as
/// [`evaluate`], and a style predicate (`fg=red`, `bg=#1e1e2e`, `bold`,
/// `italic=false`) holds when every cell of a match's text has the style —
/// the characters a `text~` selector matched, else the cells of the node's
/// name inside its bounds (see `docs/testing.md`). An ANSI name is the same
/// colour as its index 0 to 15.
///
/// # Errors
///
/// An id selector that breaks the id rules.
pub fn evaluate_with_cells<'t>(
    condition: &WaitCondition,
    tree: &'t SemanticTree,
    cells: &Buffer,
) -> Result<Evaluation<'t>, ResolveError> {
    let Predicate::Style(check) = &condition.predicate else {
        let (holds, matches) = evaluate(condition, tree)?;
        return Ok(Evaluation { holds, matches, why: Vec::new() });
    };
    let matches = tree.find_all(&condition.selector)?;
    let mut why = Vec::new();
    for node in &matches {
        match style_holds(check, node, &condition.selector, cells) {
            Ok(()) => return Ok(Evaluation { holds: true, matches, why: Vec::new() }),
            Err(reason) => why.push(reason),
        }
    }
    Ok(Evaluation { holds: false, matches, why })
}

/// Work the session knows about at one moment, and the boundary it cannot
/// see past.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct IdleReport {
    /// Messages waiting in the queue.
    pub queued_messages: usize,
    /// Timers due at the current logical time.
    pub due_timers: usize,
    /// Timers due later.
    pub future_timers: usize,
    /// How long (in the session's logical time) until the next of them is
    /// due, when there is one.
    pub next_timer_in: Option<Duration>,
    /// Whether a render is pending.
    pub dirty: bool,
    /// Tracked commands still running.
    pub tracked_commands: usize,
    /// Their names, in start order.
    pub running_commands: Vec<&'static str>,
    /// Whether untracked links could still send messages the runtime cannot
    /// foresee (an ordinary `Link` held by an app thread).
    pub external_links_untracked: bool,
}

impl IdleReport {
    /// Whether nothing known is pending.
    pub fn is_idle(&self) -> bool {
        self.queued_messages == 0
            && self.due_timers == 0
            && !self.dirty
            && self.tracked_commands == 0
    }
}

impl fmt::Display for IdleReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} queued messages, {} due timers, {} future timers, {} tracked commands{}{}",
            self.queued_messages,
            self.due_timers,
            self.future_timers,
            self.tracked_commands,
            if self.dirty { ", render pending" } else { "" },
            if self.external_links_untracked { ", untracked links may still send" } else { "" },
        )
    }
}

/// Everything a wait timeout knows, for the error message and for tools.
///
/// The semantic snapshot is the redacted Markdown projection: no sensitive
/// or masked value appears here, in `Display`, or in `Debug`.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct WaitTimeout {
    /// The condition that did not hold.
    pub condition: WaitCondition,
    /// The timeout.
    pub timeout: Duration,
    /// Wall time spent waiting.
    pub wall_elapsed: Duration,
    /// Logical time that passed while waiting (zero under a controlled clock).
    pub logical_elapsed: Duration,
    /// Labels of the nodes the selector matched last.
    pub last_matches: Vec<String>,
    /// When a role or text selector matched nothing, what the tree held
    /// instead ([`SemanticTree::what_is_there`]).
    pub what_is_there: Option<String>,
    /// What was pending when the wait gave up.
    pub idle: IdleReport,
    /// The last semantic snapshot, as redacted Markdown.
    pub semantic_tree: String,
    /// A diagnostic checkpoint written for this failure, if one was.
    pub diagnostic_checkpoint: Option<String>,
    /// The wait stopped before its timeout because nothing pending could
    /// change the tree (a controlled clock with no tracked work).
    pub gave_up_early: bool,
}

impl WaitTimeout {
    /// A timeout of `condition` after `timeout`; set what was seen in the
    /// other fields.
    pub fn new(condition: WaitCondition, timeout: Duration) -> Self {
        Self {
            condition,
            timeout,
            wall_elapsed: Duration::ZERO,
            logical_elapsed: Duration::ZERO,
            last_matches: Vec::new(),
            what_is_there: None,
            idle: IdleReport::default(),
            semantic_tree: String::new(),
            diagnostic_checkpoint: None,
            gave_up_early: false,
        }
    }
}

impl fmt::Display for WaitTimeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.gave_up_early && self.idle.future_timers > 0 {
            let due = self
                .idle
                .next_timer_in
                .map(|due| format!("the next is due in {} ms of logical time", due.as_millis()))
                .unwrap_or_else(|| "it is not due yet".to_owned());
            let advance = self.idle.next_timer_in.map_or(1, |due| due.as_millis().max(1));
            write!(
                f,
                "gave up after {:?} waiting for `{}`: nothing pending could change the tree now, and the {} timer{} still pending {} in the future ({due}); a controlled clock does not move while a step waits (the timeout was {} ms): `wait:` moves it, so write `wait:{advance}` before this step; ",
                self.wall_elapsed,
                self.condition,
                self.idle.future_timers,
                if self.idle.future_timers == 1 { "" } else { "s" },
                if self.idle.future_timers == 1 { "is" } else { "are" },
                self.timeout.as_millis()
            )?;
        } else if self.gave_up_early {
            write!(
                f,
                "gave up after {:?} waiting for `{}`: nothing pending could change the tree (the timeout was {} ms; under a controlled clock, `wait:` advances time); ",
                self.wall_elapsed,
                self.condition,
                self.timeout.as_millis()
            )?;
        } else {
            write!(
                f,
                "timed out after {} ms waiting for `{}` (wall {:?}, logical {:?}); ",
                self.timeout.as_millis(),
                self.condition,
                self.wall_elapsed,
                self.logical_elapsed
            )?;
        }
        if self.last_matches.is_empty() {
            write!(f, "the selector matched nothing")?;
            if let Some(present) = &self.what_is_there {
                write!(f, " ({present})")?;
            }
        } else {
            write!(f, "last matches: {}", self.last_matches.join("; "))?;
        }
        write!(f, "; pending: {}", self.idle)?;
        if !self.gave_up_early && self.idle.external_links_untracked {
            write!(
                f,
                " (an untracked `Link` is alive: the session cannot know that nothing will arrive, so the wait used its whole timeout in wall time even under a controlled clock; hand the thread a tracked link (`ctx.tracked_link`) or start it with `ctx.spawn`, or drop the link when the thread is done)"
            )?;
        }
        if let Some(checkpoint) = &self.diagnostic_checkpoint {
            write!(f, "; diagnostic checkpoint: {checkpoint}")?;
        }
        write!(f, "\n\n{}", self.semantic_tree)
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Size;

    use super::*;
    use crate::semantic::{Bounds, Generation, ScrollPosition, SemanticValue};
    use rehearse_lang::{Checked, Selector, SemanticRole, Sensitivity, TextRegex};

    fn tree() -> SemanticTree {
        let row = |y| Bounds::new(0, y, 20, 1);
        let card = SemanticNode::new(SemanticRole::Group, Bounds::new(0, 0, 20, 3))
            .with_id("card".parse().unwrap())
            .with_child(SemanticNode::new(SemanticRole::Heading, row(0)).with_name("Todo"))
            .with_child(
                SemanticNode::new(SemanticRole::TextBox, row(1))
                    .with_value(SemanticValue::public("Buy milk")),
            )
            .with_child(
                SemanticNode::new(SemanticRole::TextBox, row(2))
                    .with_value(SemanticValue::new("hunter2", Sensitivity::Masked)),
            );
        let root =
            SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 20, 5)).with_child(card);
        SemanticTree::new(Generation(1), Size::new(20, 5), root)
    }

    fn holds(predicate: Predicate, selector: Selector) -> bool {
        evaluate(&WaitCondition::new(predicate, selector), &tree()).unwrap().0
    }

    #[test]
    fn text_holds_for_the_nodes_own_text_and_its_descendants_but_never_a_secret() {
        let card = || Selector::id("card");
        assert!(holds(Predicate::TextContains("Todo".into()), card()), "a descendant's name");
        assert!(holds(Predicate::TextContains("milk".into()), card()), "a descendant's value");
        assert!(!holds(Predicate::TextContains("hunter".into()), card()), "a masked value");
        assert!(!holds(Predicate::TextContains("Done".into()), card()));
        let heading = Selector::role(SemanticRole::Heading).into();
        assert!(!holds(Predicate::TextContains("milk".into()), heading), "not a sibling's");
    }

    #[test]
    fn states_hold_only_where_a_node_reports_them() {
        let mut node = SemanticNode::new(SemanticRole::Tree, Bounds::new(0, 4, 20, 1))
            .with_id("files".parse().unwrap());
        node.states.checked = Some(Checked::Mixed);
        node.states.expanded = Some(false);
        node.states.readonly = Some(true);
        node.states.scroll = Some(ScrollPosition::new(3, 40));
        let card = SemanticNode::new(SemanticRole::Group, Bounds::new(0, 0, 20, 3))
            .with_id("card".parse().unwrap());
        let root = SemanticNode::new(SemanticRole::Application, Bounds::new(0, 0, 20, 5))
            .with_child(card)
            .with_child(node);
        let tree = SemanticTree::new(Generation(1), Size::new(20, 5), root);
        let on = |predicate: Predicate, id: &str| {
            evaluate(&WaitCondition::new(predicate, Selector::id(id)), &tree).unwrap().0
        };
        assert!(on(Predicate::Checked(Checked::Mixed), "files"));
        assert!(!on(Predicate::Checked(Checked::True), "files"));
        assert!(on(Predicate::Expanded(false), "files"));
        assert!(!on(Predicate::Expanded(true), "files"));
        assert!(on(Predicate::ReadOnly(true), "files"));
        assert!(on(Predicate::Modal(false), "files"));
        assert!(!on(Predicate::Modal(true), "files"));
        assert!(on(Predicate::ScrollOffset(3), "files"));
        assert!(!on(Predicate::ScrollOffset(0), "files"));
        assert!(on(Predicate::ScrollExtent(40), "files"));
        // The card reports none of them: neither way holds.
        for predicate in [
            Predicate::Checked(Checked::False),
            Predicate::Expanded(false),
            Predicate::ReadOnly(false),
            Predicate::ScrollOffset(0),
        ] {
            assert!(!on(predicate.clone(), "card"), "{predicate}");
        }
    }

    #[test]
    fn regexes_hold_where_text_would_and_never_on_a_secret() {
        let regex = |pattern: &str| TextRegex::new(pattern).unwrap();
        let card = || Selector::id("card");
        let boxes = || Selector::from(SemanticRole::TextBox);
        assert!(holds(Predicate::TextMatches(regex("^To")), card()), "a descendant's name");
        assert!(holds(Predicate::TextMatches(regex("MILK$").ignoring_case()), card()));
        assert!(!holds(Predicate::TextMatches(regex("MILK$")), card()), "case counts");
        assert!(!holds(Predicate::TextMatches(regex("hunt")), card()), "a masked value");
        assert!(holds(Predicate::ValueMatches(regex(r"^Buy \w+$")), boxes()));
        assert!(!holds(Predicate::ValueMatches(regex("^hunter")), boxes()), "a masked value");
        assert!(!holds(Predicate::ValueMatches(regex("Todo")), card()), "a name is not a value");
    }
}
