//! Wait conditions: a predicate over the nodes a selector matches.

use std::fmt;

use crate::selector::Selector;
use crate::spelling::{TextContext, spell};
use crate::state::{Boolean, Checked};
use crate::style::{StyleAttribute, StyleCheck};
use crate::text_regex::TextRegex;
use crate::vocabulary::closed_set;

closed_set! {
    /// The spelling of a wait predicate's name (the part before any `=`).
    #[non_exhaustive]
    pub enum PredicateName: "predicate" {
        /// `exists`
        Exists = "exists",
        /// `missing`
        Missing = "missing",
        /// `in-view`
        InView = "in-view",
        /// `focused`
        Focused = "focused",
        /// `enabled`
        Enabled = "enabled",
        /// `disabled`
        Disabled = "disabled",
        /// `selected` or `selected=false`
        Selected = "selected",
        /// `checked`, `checked=false` or `checked=mixed`
        Checked = "checked",
        /// `expanded` or `expanded=false`
        Expanded = "expanded",
        /// `readonly` or `readonly=false`
        ReadOnly = "readonly",
        /// `modal` or `modal=false`
        Modal = "modal",
        /// `value=X` or `value=/REGEX/`
        Value = "value",
        /// `text=X` or `text=/REGEX/`
        Text = "text",
        /// `count=N`
        Count = "count",
        /// `scroll=N`: scrolled `N` units from the start
        Scroll = "scroll",
        /// `scroll-extent=N`: content `N` units long
        ScrollExtent = "scroll-extent",
        /// `fg=COLOUR`: the matched text's foreground
        Fg = "fg",
        /// `bg=COLOUR`: the matched text's background
        Bg = "bg",
        /// `bold` or `bold=false`
        Bold = "bold",
        /// `italic` or `italic=false`
        Italic = "italic",
        /// `underline` or `underline=false`
        Underline = "underline",
        /// `reverse` or `reverse=false`
        Reverse = "reverse",
    }
}

impl PredicateName {
    /// Whether the predicate needs a `=VALUE` (`value`, `text`, `count`,
    /// `scroll`, `scroll-extent`), may take one (`selected`, `checked`,
    /// `expanded`, `readonly`, `modal`), or takes none.
    pub const fn argument(self) -> PredicateArgument {
        match self {
            Self::Value | Self::Text => PredicateArgument::Text,
            Self::Count | Self::Scroll | Self::ScrollExtent => PredicateArgument::Count,
            Self::Selected
            | Self::Expanded
            | Self::ReadOnly
            | Self::Modal
            | Self::Bold
            | Self::Italic
            | Self::Underline
            | Self::Reverse => PredicateArgument::OptionalBool,
            Self::Fg | Self::Bg => PredicateArgument::Color,
            Self::Checked => PredicateArgument::OptionalChecked,
            _ => PredicateArgument::None,
        }
    }
}

/// What follows a predicate name's `=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PredicateArgument {
    /// Nothing: `exists`.
    None,
    /// Free text: `value=ready`.
    Text,
    /// A non-negative integer: `count=3`.
    Count,
    /// Optionally `true` or `false`: `selected`, `selected=false`.
    OptionalBool,
    /// Optionally `true`, `false` or `mixed`: `checked`, `checked=mixed`.
    OptionalChecked,
    /// A colour: `fg=red`, `bg=#1e1e2e`, `fg=idx196`, `fg=default`.
    Color,
}

/// What must hold of the nodes a selector matches.
///
/// Conditions that name one node (focused, value, ...) hold when *any*
/// matching node satisfies them; `missing` holds when nothing matches and
/// `count` compares the number of matches.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Predicate {
    /// At least one node matches.
    Exists,
    /// No node matches.
    Missing,
    /// A matching node has positive visible area.
    InView,
    /// A matching node holds focus.
    Focused,
    /// A matching node is enabled.
    Enabled,
    /// A matching node is disabled.
    Disabled,
    /// A matching node's selected state equals this.
    Selected(bool),
    /// A matching node's checked state equals this (`checked`,
    /// `checked=false`, `checked=mixed`).
    Checked(Checked),
    /// A matching node's expanded state equals this (`expanded`,
    /// `expanded=false`).
    Expanded(bool),
    /// A matching node's read-only state equals this (`readonly`,
    /// `readonly=false`).
    ReadOnly(bool),
    /// Whether a matching node is a modal dialog (`modal`, `modal=false`).
    Modal(bool),
    /// A matching node's public value equals this exactly.
    ValueEquals(String),
    /// A matching node's name or public value contains this.
    TextContains(String),
    /// A matching node's public value matches the regular expression
    /// (`value=/^ok/`): found anywhere in it.
    ValueMatches(TextRegex),
    /// The name or public value of a matching node, or of one of its
    /// descendants, matches the regular expression (`text=/\d+ left/`).
    TextMatches(TextRegex),
    /// Exactly this many nodes match.
    Count(usize),
    /// A matching node is scrolled this many units from the start of its
    /// content (`scroll=0` is the top).
    ScrollOffset(u64),
    /// A matching node's content is this many units long.
    ScrollExtent(u64),
    /// Every cell of a matching node's text has this style (`fg=red`,
    /// `bg=#1e1e2e`, `bold`, `italic=false`): on the terminal plane the
    /// characters `text~` matched, on a node the cells of its text inside
    /// its bounds.
    Style(StyleCheck),
}

impl Predicate {
    /// The predicate's name.
    pub fn name(&self) -> PredicateName {
        match self {
            Self::Exists => PredicateName::Exists,
            Self::Missing => PredicateName::Missing,
            Self::InView => PredicateName::InView,
            Self::Focused => PredicateName::Focused,
            Self::Enabled => PredicateName::Enabled,
            Self::Disabled => PredicateName::Disabled,
            Self::Selected(_) => PredicateName::Selected,
            Self::Checked(_) => PredicateName::Checked,
            Self::Expanded(_) => PredicateName::Expanded,
            Self::ReadOnly(_) => PredicateName::ReadOnly,
            Self::Modal(_) => PredicateName::Modal,
            Self::ValueEquals(_) | Self::ValueMatches(_) => PredicateName::Value,
            Self::TextContains(_) | Self::TextMatches(_) => PredicateName::Text,
            Self::Count(_) => PredicateName::Count,
            Self::ScrollOffset(_) => PredicateName::Scroll,
            Self::ScrollExtent(_) => PredicateName::ScrollExtent,
            Self::Style(StyleCheck::Fg(_)) => PredicateName::Fg,
            Self::Style(StyleCheck::Bg(_)) => PredicateName::Bg,
            Self::Style(StyleCheck::Attribute(attribute, _)) => match attribute {
                StyleAttribute::Bold => PredicateName::Bold,
                StyleAttribute::Italic => PredicateName::Italic,
                StyleAttribute::Underline => PredicateName::Underline,
                StyleAttribute::Reverse => PredicateName::Reverse,
            },
        }
    }
}

impl fmt::Display for Predicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Selected(false)
            | Self::Expanded(false)
            | Self::ReadOnly(false)
            | Self::Modal(false) => write!(f, "{}={}", self.name(), Boolean::False),
            Self::Checked(checked @ (Checked::False | Checked::Mixed)) => {
                write!(f, "{}={checked}", self.name())
            }
            Self::ValueEquals(value) => write!(f, "value={}", spell(value, TextContext::Value)),
            Self::TextContains(text) => write!(f, "text={}", spell(text, TextContext::Value)),
            Self::ValueMatches(regex) => write!(f, "value={}", regex.spelled(TextContext::Value)),
            Self::TextMatches(regex) => write!(f, "text={}", regex.spelled(TextContext::Value)),
            Self::Count(count) => write!(f, "count={count}"),
            Self::ScrollOffset(offset) => write!(f, "{}={offset}", self.name()),
            Self::ScrollExtent(extent) => write!(f, "{}={extent}", self.name()),
            Self::Style(check) => write!(f, "{check}"),
            other => f.write_str(other.name().as_str()),
        }
    }
}

/// A predicate applied to a selector's matches.
///
/// ```
/// use rehearse_lang::{Predicate, Selector, WaitCondition};
/// let condition = WaitCondition::new(Predicate::Count(1), Selector::id("list"));
/// assert_eq!(condition.to_string(), "count=1,#list");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WaitCondition {
    /// What must hold.
    pub predicate: Predicate,
    /// Which nodes it is about.
    pub selector: Selector,
}

impl WaitCondition {
    /// A condition over the nodes `selector` matches.
    pub fn new(predicate: Predicate, selector: impl Into<Selector>) -> Self {
        Self { predicate, selector: selector.into() }
    }
}

impl fmt::Display for WaitCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.predicate, self.selector)
    }
}
