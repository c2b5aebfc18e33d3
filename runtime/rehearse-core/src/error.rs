//! `AutomationError`: everything a step, a commit or a session can fail with.

use std::time::Duration;

use crate::semantic::ResolveError;
use rehearse_lang::{AutomationIdError, Selector};

/// Why an automation operation failed.
///
/// Messages name what failed and what would be valid. Semantic content in
/// errors (snapshots, match lists, conditions about redacted nodes) is
/// redacted like every other semantic output. The exception is
/// [`BaselineMismatch`](Self::BaselineMismatch) for screen formats (text,
/// styled, cells): its diff shows the screen as the user sees it, like the
/// PNG and recording artifacts, and may contain text a widget drew unmasked.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AutomationError {
    /// A selector that cannot match anything by construction (an invalid id).
    #[error("invalid selector `{selector}`: {reason}")]
    InvalidSelector {
        /// The selector.
        selector: Selector,
        /// What is wrong with it.
        reason: AutomationIdError,
    },
    /// Nothing matches the selector.
    #[error("{}", no_match(selector, hint.as_deref()))]
    NoMatch {
        /// The selector.
        selector: Selector,
        /// For an id, the closest existing id (`did you mean` it); for a
        /// role or text selector, what is there instead
        /// ([`SemanticTree::what_is_there`](crate::semantic::SemanticTree::what_is_there));
        /// for a cell, why nothing is there.
        hint: Option<String>,
    },
    /// More than one node matches and the operation needs exactly one.
    #[error("`{selector}` matches {} nodes, the operation needs exactly one: {}; use an automation id (`#id`), a more specific selector, or pick one with `>> nth=N` (zero-based)", matches.len(), matches.join("; "))]
    AmbiguousMatch {
        /// The selector.
        selector: Selector,
        /// Every match, in document order.
        matches: Vec<String>,
    },
    /// Two nodes of one generation have the same automation id.
    #[error(
        "duplicate automation id `{id}`: at {first} and at {second}; automation ids must be unique across the whole tree, overlays included"
    )]
    DuplicateAutomationId {
        /// The id.
        id: String,
        /// Path of the first node.
        first: String,
        /// Path of the second node.
        second: String,
    },
    /// A widget reported an automation id that breaks the id rules.
    #[error("invalid automation id {id:?} at {path}: {reason}")]
    InvalidAutomationId {
        /// The id as given.
        id: String,
        /// Where the node is.
        path: String,
        /// What is wrong with it.
        reason: AutomationIdError,
    },
    /// Strict mode: the tree holds an id the app does not declare.
    #[error(
        "automation id `{id}` at {path} is not declared by {app}{}; declare it with the app's other ids or fix the view",
        hint_suffix(closest)
    )]
    UndeclaredAutomationId {
        /// The id.
        id: String,
        /// Where the node is.
        path: String,
        /// The app type.
        app: &'static str,
        /// The closest declared id.
        closest: Option<String>,
    },
    /// The app refuses this key in automation (it acts outside the app).
    #[error("{app} refuses `{key}` in automation: it has effects outside the app")]
    RefusedKey {
        /// The key.
        key: rehearse_lang::KeyPress,
        /// The app type.
        app: &'static str,
    },
    /// A text script that does not parse or check.
    #[error("{0}")]
    Script(#[from] rehearse_lang::script::ScriptErrors),
    /// The render broke a structural rule (a reconciliation key used twice).
    #[error("render error: {0}")]
    Render(String),
    /// The node exists but cannot take this operation.
    #[error("{target} cannot take `{operation}`: {reason}")]
    NotActionable {
        /// The node.
        target: String,
        /// The operation.
        operation: String,
        /// Why not, and what would work.
        reason: String,
    },
    /// The node exists but is scrolled or clipped entirely out of view.
    #[error("{target} is not in view (clipped bounds {clipped}); scroll it into view first")]
    NotInView {
        /// The node.
        target: String,
        /// Its clipped bounds.
        clipped: String,
    },
    /// A wait condition did not hold before its timeout.
    #[error("{0}")]
    WaitTimeout(Box<crate::wait::WaitTimeout>),
    /// An `expect-tree:` outline did not match before its timeout: the
    /// outline beside the subtree, redacted.
    #[error("{0}")]
    TreeTimeout(Box<crate::tree_timeout::TreeTimeout>),
    /// The target did not settle within the plane's bound: it did not
    /// answer the step's input and come to rest (a program that never stops
    /// writing or never sends the marker it promised; an adopted app that
    /// does not come back to reading its events).
    #[error("timed out after {waited:?} waiting for {waiting_for}{detail}")]
    SettleTimeout {
        /// What the plane waited for (`a settled screen`).
        waiting_for: String,
        /// How long it waited.
        waited: Duration,
        /// What explains it: the screen when it gave up, or what the target
        /// must do to settle.
        detail: String,
    },
    /// `wait_for_idle` did not see quiescence before its timeout.
    #[error("not idle after {waited:?}: {idle}")]
    IdleTimeout {
        /// Wall time spent waiting.
        waited: Duration,
        /// What was still pending.
        idle: Box<crate::wait::IdleReport>,
    },
    /// `advance` on a realtime session.
    #[error(
        "cannot advance a realtime clock: this session runs on the wall clock (an app served over its socket, or started with ClockMode::Realtime), which `wait:` cannot move; use `sleep:MS` to let time pass, or `wait-for:` for what should happen (a test controls time with ClockMode::Controlled)"
    )]
    RealtimeAdvance,
    /// Draining did not reach a fixed point within the bound.
    #[error("draining did not converge after {delivered} messages and {renders} renders; still producing work: {}", producers.join(", "))]
    DrainDidNotConverge {
        /// Messages delivered before giving up.
        delivered: usize,
        /// Renders before giving up.
        renders: usize,
        /// The message types that kept arriving, most frequent first, with counts.
        producers: Vec<String>,
    },
    /// One advance of the controlled clock fired more than
    /// [`MAX_TIMERS_PER_ADVANCE`](crate::MAX_TIMERS_PER_ADVANCE) timers: a
    /// timer that keeps re-arming itself.
    #[error("advancing the clock by {} ms fired more than {limit} timers (MAX_TIMERS_PER_ADVANCE, docs/limits.md) and stopped at logical time {} ms; still firing: {}; advance in shorter steps, or stop the timer", requested.as_millis(), reached.as_millis(), producers.join(", "))]
    AdvanceDidNotConverge {
        /// The advance asked for.
        requested: Duration,
        /// Logical time (since the session started) when it stopped.
        reached: Duration,
        /// The limit.
        limit: usize,
        /// The message types the timers carried, most frequent first, with counts.
        producers: Vec<String>,
    },
    /// A view nests deeper than
    /// [`MAX_TREE_DEPTH`](crate::MAX_TREE_DEPTH): its commit fails rather
    /// than exhausting the stack.
    #[error("the semantic tree is deeper than the limit of {limit} levels (MAX_TREE_DEPTH, docs/limits.md): {at} is at level {}; flatten the view", limit + 1)]
    TreeTooDeep {
        /// The limit.
        limit: usize,
        /// The first node past the limit (its role and id).
        at: String,
    },
    /// The operation is not supported here.
    #[error("unsupported operation `{operation}`: {reason}")]
    Unsupported {
        /// The operation.
        operation: String,
        /// Why, and what to do instead.
        reason: String,
    },
    /// The artifact format is not part of this build.
    #[error("unsupported format `{format}`: {reason}")]
    UnsupportedFormat {
        /// The format.
        format: String,
        /// Why, and how to enable it.
        reason: String,
    },
    /// A checkpoint name that could escape its directory or is malformed.
    #[error("invalid checkpoint name {name:?}: {reason}")]
    InvalidCheckpointName {
        /// The name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A checkpoint's screen is not theme-neutral
    /// ([`Check::ThemeNeutral`](crate::artifacts::Check::ThemeNeutral)):
    /// every cell that uses an RGB colour, a palette index above 15 or an
    /// explicit background, by row and column with its colour and the rule
    /// (never its glyph). Nothing was written or compared for the
    /// checkpoint by the sink that checked.
    #[error(
        "checkpoint `{checkpoint}` is not theme-neutral: {} cells use colours the user's theme does not choose (allowed: the 16 theme colours in the foreground, the default colours, reverse video):{}",
        violations.len(),
        crate::theme::describe_violations(violations)
    )]
    NotThemeNeutral {
        /// The checkpoint.
        checkpoint: String,
        /// Every violation, row by row.
        violations: Vec<crate::theme::ThemeViolation>,
    },
    /// A checkpoint differs from its committed golden.
    #[error(
        "checkpoint `{checkpoint}` differs from its {format} golden {}:\n{diff}\n{}",
        golden.display(),
        pending_hint(golden, *pending, "accept the new output")
    )]
    BaselineMismatch {
        /// The checkpoint.
        checkpoint: String,
        /// The format compared.
        format: crate::format::Format,
        /// The golden file.
        golden: std::path::PathBuf,
        /// A readable diff: for screens, text rows and style spans apart,
        /// with the first differing cell.
        diff: String,
        /// Whether the actual output was written for review beside the
        /// golden, at [`pending_path`](crate::artifacts::pending_path)
        /// (`NAME.FORMAT.new`), as the mode does.
        pending: bool,
    },
    /// A checkpoint has no committed golden.
    #[error(
        "checkpoint `{checkpoint}` has no {format} golden {}; {}",
        golden.display(),
        pending_hint(golden, *pending, "accept it as the golden")
    )]
    MissingGolden {
        /// The checkpoint.
        checkpoint: String,
        /// The format.
        format: crate::format::Format,
        /// Where the golden should be.
        golden: std::path::PathBuf,
        /// Whether the actual output was written for review at
        /// [`pending_path`](crate::artifacts::pending_path).
        pending: bool,
    },
    /// Soft goldens (the default): at [`Baseline::finish`](crate::artifacts::Baseline::finish),
    /// every checkpoint and format that differed from its golden or had none
    /// ([`BaselineMismatch`](Self::BaselineMismatch),
    /// [`MissingGolden`](Self::MissingGolden), each with its diff), and the
    /// stale goldens, in the order they were found; the scenario ran to its
    /// end.
    #[error(
        "{} golden{} in {} did not match; every checkpoint still ran:\n\n{}",
        failures.len(),
        if failures.len() == 1 { "" } else { "s" },
        dir.display(),
        numbered(failures)
    )]
    GoldensDiffer {
        /// The baseline directory.
        dir: std::path::PathBuf,
        /// Each failure, in the order found.
        failures: Vec<AutomationError>,
    },
    /// Goldens in a baseline directory that no checkpoint produced.
    #[error(
        "stale goldens in {}: {}; no checkpoint of this test produces them any more; delete them or run with REHEARSE_SNAPSHOT=update",
        dir.display(),
        files.join(", ")
    )]
    StaleGoldens {
        /// The baseline directory.
        dir: std::path::PathBuf,
        /// The stale file names.
        files: Vec<String>,
    },
    /// `REHEARSE_SNAPSHOT` holds something that is not a snapshot mode.
    #[error(
        "REHEARSE_SNAPSHOT={value:?} is not a snapshot mode; valid modes: `auto` (the default: compare, and write a mismatch beside its golden as NAME.FORMAT.new for `rehearse review`, except under CI=true), `compare` (compare, never write), `update` (write new and changed goldens, delete stale ones) and `new` (write pending files under CI too)"
    )]
    UnknownSnapshotMode {
        /// The value found.
        value: String,
    },
    /// `REHEARSE_TRACE` holds something that is not a trace mode.
    #[error(
        "REHEARSE_TRACE={value:?} is not a trace mode; valid modes: `retain-on-failure` (record every step, write the trace when a step fails), `on` (write it after every run) and `off` (the default: record nothing)"
    )]
    UnknownTraceMode {
        /// The value found.
        value: String,
    },
    /// A viewport size with a zero side.
    #[error("invalid viewport {cols}x{rows}: both sides must be at least 1")]
    InvalidViewport {
        /// Columns.
        cols: u16,
        /// Rows.
        rows: u16,
    },
    /// A viewport over [`MAX_SCREEN_CELLS`](crate::MAX_SCREEN_CELLS) cells
    /// (each side may be up to 65535, their product may not).
    #[error(
        "viewport {cols}x{rows} is too large: {} cells, more than the limit of {limit} cells (MAX_SCREEN_CELLS, docs/limits.md)",
        u64::from(*cols) * u64::from(*rows)
    )]
    ViewportTooLarge {
        /// Columns asked for.
        cols: u16,
        /// Rows asked for.
        rows: u16,
        /// The limit, [`MAX_SCREEN_CELLS`](crate::MAX_SCREEN_CELLS).
        limit: u32,
    },
    /// A wait on a program's screen, scrollback or process did not hold in
    /// time (the terminal plane's counterpart of
    /// [`WaitTimeout`](Self::WaitTimeout)).
    #[error(
        "timed out after {} ms waiting for `{condition}`\n--- screen ---\n{screen}\n--------------",
        timeout.as_millis()
    )]
    ScreenTimeout {
        /// The condition as a script spells it (`contains=Ready,screen`).
        condition: String,
        /// The timeout.
        timeout: Duration,
        /// The visible screen when the wait gave up.
        screen: String,
    },
    /// The step, selector or artifact format needs something this plane
    /// does not have: `#id` and `@role` selectors, `focus:` and the semantic
    /// checkpoint formats (JSON, Markdown) need a semantic tree, which a
    /// program in a PTY does not publish; `paste:`, `send:` and the screen,
    /// scrollback and process waits need a terminal, which the engine
    /// lacks. It is a property of the plane, not of the moment: the same
    /// step fails the same way every time.
    #[error("`{what}` is not available on this plane: {reason}")]
    NotAvailable {
        /// What was asked for, as a script spells it (`#save`, `@button`,
        /// `focus:next`, `json`).
        what: String,
        /// Why the plane cannot do it, and what to use instead.
        reason: String,
    },
    /// The target ended (a program in a PTY exited) before the step could
    /// finish: its input cannot be delivered, a wait's condition can no
    /// longer come true.
    #[error("the target ended ({status}) before {before}")]
    TargetEnded {
        /// How it ended (`exit code 3`, `killed by signal 9`).
        status: String,
        /// What the step still needed (`` `exists,text~"Ready"` held``,
        /// `the input reached it`).
        before: String,
    },
    /// The session was closed.
    #[error("the session is closed")]
    SessionClosed,
    /// The app asked to quit (`ctx.quit()`) during an earlier step: a
    /// headless session takes no further steps, as a terminal would have
    /// ended.
    #[error(
        "the session is closed: the app quit (it called `ctx.quit()`) during an earlier step, so no later step runs; check `quit_requested()` after the step that quits"
    )]
    AppQuit,
    /// A component panicked; the session is closed and everything unmounted.
    #[error("component panicked: {0}")]
    ComponentPanicked(String),
    /// An I/O failure.
    #[error("I/O error: {0}")]
    Io(#[from] std::io::Error),
    /// The operation was cancelled by another request.
    #[error("cancelled")]
    Cancelled,
    /// The operation's wall-clock deadline passed.
    #[error("deadline of {0:?} exceeded")]
    DeadlineExceeded(Duration),
    /// A `scenario!` step with interpolated values (`click:#{id}`) is not a
    /// valid step with the values it got; checked when the step runs, with
    /// the grammar's own message.
    #[error("`{spelling}` is not a valid step: {reason}")]
    InvalidStep {
        /// The step with its values.
        spelling: String,
        /// The grammar's message.
        reason: String,
    },
}

impl AutomationError {
    /// A pointer action on `target` that a pointer at its centre `(col,
    /// row)` would not reach: the topmost node there is `reached` (or
    /// `"nothing"`). Every plane says it in these words.
    ///
    /// ```
    /// use rehearse_core::AutomationError;
    /// let error = AutomationError::covered("button \"Save\"", "click", (4, 2), "dialog \"Confirm\"");
    /// assert_eq!(
    ///     error.to_string(),
    ///     "button \"Save\" cannot take `click`: a pointer at its centre (4,2) reaches dialog \"Confirm\", not it (something drawn over it covers it there, or it takes no pointer there)"
    /// );
    /// ```
    pub fn covered(
        target: impl Into<String>,
        operation: impl Into<String>,
        (col, row): (impl std::fmt::Display, impl std::fmt::Display),
        reached: &str,
    ) -> Self {
        Self::NotActionable {
            target: target.into(),
            operation: operation.into(),
            reason: format!(
                "a pointer at its centre ({col},{row}) reaches {reached}, not it (something drawn over it covers it there, or it takes no pointer there)"
            ),
        }
    }
}

/// "no `@button` named `add`; buttons: `Add`, `Cancel`"; an id's hint is a
/// suggestion, every other hint says what is there.
fn no_match(selector: &Selector, hint: Option<&str>) -> String {
    let head = match selector {
        Selector::Role { role, name: Some(name) } => format!("no `@{role}` named `{name}`"),
        Selector::Role { role, name: None } => format!("no `@{role}`"),
        Selector::RoleNameMatches { role, name } => {
            format!("no `@{role}` whose name matches `{name}`")
        }
        other => format!("no node matches `{other}`"),
    };
    match (selector, hint) {
        (_, None) => head,
        (Selector::Id(_), Some(hint)) => format!("{head}; did you mean {hint}?"),
        (_, Some(hint)) => format!("{head}; {hint}"),
    }
}

/// `1. …`, `2. …`, a blank line apart.
fn numbered(failures: &[AutomationError]) -> String {
    let items: Vec<String> =
        failures.iter().enumerate().map(|(at, error)| format!("{}. {error}", at + 1)).collect();
    items.join("\n\n")
}

fn hint_suffix(hint: &Option<String>) -> String {
    hint.as_ref().map(|hint| format!("; did you mean {hint}?")).unwrap_or_default()
}

impl AutomationError {
    /// Whether this is a wait that did not hold in time — of any kind: a
    /// `wait-for:` on the tree ([`WaitTimeout`](Self::WaitTimeout)), on a
    /// program's screen, scrollback or process
    /// ([`ScreenTimeout`](Self::ScreenTimeout)), or for quiescence
    /// ([`IdleTimeout`](Self::IdleTimeout)). Front-ends map every one of
    /// them alike (the protocol's `wait-timeout`, the CLI's exit code 3).
    pub fn is_wait_timeout(&self) -> bool {
        matches!(self, Self::WaitTimeout(_) | Self::ScreenTimeout { .. } | Self::IdleTimeout { .. })
    }
}

impl From<ResolveError> for AutomationError {
    fn from(error: ResolveError) -> Self {
        match error {
            ResolveError::Invalid { selector, reason } => {
                Self::InvalidSelector { selector, reason }
            }
            ResolveError::NoMatch { selector } => Self::NoMatch { selector, hint: None },
            ResolveError::Ambiguous { selector, matches } => {
                Self::AmbiguousMatch { selector, matches }
            }
        }
    }
}

/// What to do about a golden that did not match: review the pending file,
/// or rerun in a mode that writes.
fn pending_hint(golden: &std::path::Path, pending: bool, accept: &str) -> String {
    if pending {
        format!(
            "the actual output is in {}: run `rehearse review` to {accept} or reject it (or REHEARSE_SNAPSHOT=update to accept every change)",
            crate::format::pending_path(golden).display()
        )
    } else {
        format!("run with REHEARSE_SNAPSHOT=update to {accept}, then review and commit it")
    }
}

#[cfg(test)]
mod timeout_tests {
    use super::*;

    #[test]
    fn every_kind_of_wait_timeout_is_one() {
        let screen = AutomationError::ScreenTimeout {
            condition: "contains=Ready,screen".into(),
            timeout: Duration::from_millis(5),
            screen: String::new(),
        };
        let tree = AutomationError::WaitTimeout(Box::new(crate::wait::WaitTimeout::new(
            rehearse_lang::WaitCondition::new(
                rehearse_lang::Predicate::Exists,
                Selector::id("save"),
            ),
            Duration::from_millis(5),
        )));
        for timeout in [screen, tree] {
            assert!(timeout.is_wait_timeout(), "{timeout}");
        }
        let ended =
            AutomationError::TargetEnded { status: "exit code 0".into(), before: "x".into() };
        assert!(!ended.is_wait_timeout());
        assert!(!AutomationError::DeadlineExceeded(Duration::from_millis(5)).is_wait_timeout());
    }
}
