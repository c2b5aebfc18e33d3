//! Located grammar and check errors, and the closed set of their classes.

use std::fmt;

use crate::script::source::LocRange;
use crate::vocabulary::closed_set;

closed_set! {
    /// The class of a [`GrammarError`]. docs/testing.md lists every class
    /// with an example and its message.
    #[non_exhaustive]
    pub enum ErrorKind: "error class" {
        /// A `"` with no closing `"` on its line (text scripts).
        UnterminatedQuote = "unterminated-quote",
        /// A `\` inside quotes followed by something other than `"`, `\`,
        /// `n`, `t`, `r`, `e` or `0`.
        UnknownEscape = "unknown-escape",
        /// A script longer than 4 GiB (locations are 32-bit).
        ScriptTooLarge = "script-too-large",
        /// A step with no lexemes at all.
        EmptyStep = "empty-step",
        /// The verb is not one of the language's verbs.
        UnknownVerb = "unknown-verb",
        /// A known verb followed by an argument without the `:` between them.
        MissingColon = "missing-colon",
        /// A verb that needs an argument has none (`click`, `click:`).
        MissingArgument = "missing-argument",
        /// A verb that takes no argument has one (`drain:now`).
        UnexpectedArgument = "unexpected-argument",
        /// Something follows a complete quoted string (`type:"a"b`).
        TrailingInput = "trailing-input",
        /// A quoted string where a name is expected, or bare text mixed
        /// with a quoted string.
        MisplacedQuote = "misplaced-quote",
        /// Free text written bare in `scenario!`, where it must be a string literal.
        BareText = "bare-text",
        /// A selector is required and nothing is there.
        MissingSelector = "missing-selector",
        /// Something that is not `#id`, `@role`, `@role=Name`, `text~substring` or `col,row`.
        InvalidSelector = "invalid-selector",
        /// An empty, too long or invalid-character automation id.
        InvalidId = "invalid-id",
        /// The name after `@` is not a role.
        UnknownRole = "unknown-role",
        /// `@role=` with nothing after `=`.
        EmptyName = "empty-name",
        /// `text~`, `value=` or `text=` with nothing after it.
        EmptyText = "empty-text",
        /// A point selector that is not two numbers `col,row` in 0..=65535.
        MalformedPoint = "malformed-point",
        /// `key:` with no key, or a modifier with no key after it (`ctrl+`).
        EmptyKey = "empty-key",
        /// The key name is not a key.
        UnknownKey = "unknown-key",
        /// A prefix before `+` is not `ctrl`, `alt` or `shift`.
        UnknownModifier = "unknown-modifier",
        /// The same modifier twice (`ctrl+ctrl+a`).
        RepeatedModifier = "repeated-modifier",
        /// The predicate of `wait-for` is not a predicate.
        UnknownPredicate = "unknown-predicate",
        /// `value`, `text` or `count` without `=VALUE`.
        MissingPredicateValue = "missing-predicate-value",
        /// A predicate that takes no value has one (`exists=1`).
        UnexpectedPredicateValue = "unexpected-predicate-value",
        /// `count=` followed by something that is not a non-negative integer.
        MalformedCount = "malformed-count",
        /// `selected=` followed by something other than `true` or `false`.
        MalformedBool = "malformed-bool",
        /// `fg=` or `bg=` followed by something that is not a colour.
        MalformedColor = "malformed-color",
        /// `wait-for` without its three comma-separated fields.
        MalformedWaitFor = "malformed-wait-for",
        /// `wait-for` without a timeout.
        MissingTimeout = "missing-timeout",
        /// A duration that is not a whole number of milliseconds.
        MalformedDuration = "malformed-duration",
        /// A size that is not `COLSxROWS` with both in 1..=65535.
        MalformedSize = "malformed-size",
        /// A checkpoint name that breaks the checkpoint name rules.
        InvalidCheckpointName = "invalid-checkpoint-name",
        /// `drag:` without `>` between its two selectors, or with one missing.
        MissingDragTarget = "missing-drag-target",
        /// A scroll direction other than `up` or `down`.
        InvalidScrollDirection = "invalid-scroll-direction",
        /// The selector's role cannot take the step's action by default.
        UnsupportedAction = "unsupported-action",
        /// `type:` after focusing a node whose role does not take text.
        TextNotAccepted = "text-not-accepted",
        /// The same checkpoint name twice in one script.
        DuplicateCheckpoint = "duplicate-checkpoint",
        /// A key the app refuses (a side-effecting key).
        RefusedKey = "refused-key",
        /// An automation id the app does not declare.
        UndeclaredId = "undeclared-id",
        /// `mouse:` with the wrong number of fields, an unknown button or
        /// action, or a wheel that presses.
        MalformedMouse = "malformed-mouse",
        /// `matches=` with something that is not a regular expression.
        InvalidPattern = "invalid-pattern",
        /// A terminal predicate about something it cannot be about
        /// (`lines=3,screen`), or a node predicate about a terminal subject.
        WrongSubject = "wrong-subject",
        /// A step label that is empty, unclosed or not `[A-Za-z0-9_-]`.
        InvalidLabel = "invalid-label",
        /// A `when(...)` guard that is unclosed, has no condition or no step
        /// after it, or comes twice.
        MalformedGuard = "malformed-guard",
        /// A step the scenario's plane cannot take (`paste:` on the engine,
        /// `#id` on a terminal).
        WrongPlane = "wrong-plane",
        /// `${secret.NAME}` that is unclosed or does not name an
        /// environment variable.
        InvalidSecret = "invalid-secret",
        /// `batch:` that is not `(STEP; ...)`, is empty, or holds a step that
        /// is not an input (or a `wait-for:` that is not last).
        MalformedBatch = "malformed-batch",
        /// `use:` of a file that cannot be read, is not a file, is too
        /// large, nests too deep or includes itself.
        InvalidInclude = "invalid-include",
        /// An `expect-tree:` outline that is not `(…)` after the timeout,
        /// has a line that is not `- ROLE …`, an unknown or repeated state,
        /// a bare name, indentation that matches no enclosing line, or
        /// passes a limit of lines, depth or bytes.
        MalformedTree = "malformed-tree",
    }
}

/// A located error from the grammar or from the semantic checks.
///
/// `Display` prints the message, which names the offending token, says what
/// would be valid, and gives the closest valid spelling where one exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrammarError {
    /// The class of the error.
    pub kind: ErrorKind,
    /// The whole message.
    pub message: String,
    /// The offending lexemes.
    pub range: LocRange,
    /// Replacements for the text at `range` that would be valid, best first
    /// (the "did you mean" of the message, for tools and fix-its).
    pub suggestions: Vec<String>,
    /// Another place the error is about (the first use of a duplicated
    /// checkpoint name, the step that focused a node `type:` cannot type
    /// into).
    pub related: Option<LocRange>,
}

impl GrammarError {
    /// An error of `kind` at `range`.
    pub fn new(kind: ErrorKind, range: LocRange, message: impl Into<String>) -> Self {
        Self { kind, message: message.into(), range, suggestions: Vec::new(), related: None }
    }

    /// The error with replacement suggestions.
    #[must_use]
    pub fn with_suggestions<S: Into<String>>(
        mut self,
        suggestions: impl IntoIterator<Item = S>,
    ) -> Self {
        self.suggestions = suggestions.into_iter().map(Into::into).collect();
        self
    }

    /// The error with a related location.
    #[must_use]
    pub fn with_related(mut self, related: LocRange) -> Self {
        self.related = Some(related);
        self
    }
}

impl fmt::Display for GrammarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GrammarError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::source::Loc;

    #[test]
    fn error_classes_are_kebab_case_and_parse() {
        for &kind in ErrorKind::ALL {
            assert_eq!(kind.as_str().parse::<ErrorKind>(), Ok(kind));
            assert!(kind.as_str().bytes().all(|b| b.is_ascii_lowercase() || b == b'-'));
        }
    }

    #[test]
    fn display_is_the_message() {
        let error = GrammarError::new(ErrorKind::UnknownVerb, LocRange::at(Loc(0)), "unknown verb")
            .with_suggestions(["click"])
            .with_related(LocRange::at(Loc(3)));
        assert_eq!(error.to_string(), "unknown verb");
        assert_eq!(error.suggestions, ["click"]);
        assert_eq!(error.related, Some(LocRange::at(Loc(3))));
    }
}
