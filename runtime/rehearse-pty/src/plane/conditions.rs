//! The language's terminal conditions (`wait-for:contains=Ready,screen,…`,
//! `when(exited,process)`) on a program in a PTY, through the session's
//! waits: a screen or scrollback condition is checked only on a settled
//! screen and ends early when the program exits.

use std::time::Duration;

use rehearse_core::AutomationError;
use std::borrow::Cow;

use rehearse_lang::{Pattern, TerminalCondition, TerminalSubject, TextMatcher, TextRegion};

use super::adapter::automation_error;
use crate::error::PtyError;
use crate::session::PtySession;
use crate::wait::{ScreenCondition, ScrollbackCondition, TextMatch};

/// Waits until `condition` holds, for at most `timeout`.
pub(crate) fn wait(
    pty: &PtySession,
    condition: &TerminalCondition,
    timeout: Duration,
) -> Result<(), AutomationError> {
    let spelled = condition.to_string();
    run(pty, condition, timeout).map_err(|error| match error {
        PtyError::Timeout { mut screen, .. } => {
            if condition.subject() == TerminalSubject::Cursor {
                // Where it was instead, under the screen it was on.
                let cursor = pty.cursor();
                let shown = if cursor.visible { "shown" } else { "hidden" };
                let at = format!("{}x{}", cursor.col, cursor.row);
                screen.push_str(&format!("\n(the cursor was at {at}, {shown})"));
            }
            AutomationError::ScreenTimeout { condition: spelled, timeout, screen }
        }
        PtyError::ExitCode { actual, .. } => AutomationError::TargetEnded {
            status: actual.to_string(),
            before: format!("`{spelled}` held"),
        },
        other => automation_error(other, &format!("`{spelled}` held")),
    })
}

/// The condition with every `${artifacts.NAME.path}` in its text expanded
/// (regex-escaped in a pattern).
pub(crate) fn substituted<'c>(
    pipeline: &crate::pipeline::Pipeline,
    condition: &'c TerminalCondition,
) -> Result<Cow<'c, TerminalCondition>, AutomationError> {
    let TerminalCondition::Text { region, matcher } = condition else {
        return Ok(Cow::Borrowed(condition));
    };
    if !matcher.text().contains("${artifacts.") {
        return Ok(Cow::Borrowed(condition));
    }
    let failed = |reason: String| AutomationError::NotActionable {
        target: "the artifact pipeline".into(),
        operation: condition.to_string(),
        reason,
    };
    let text = |text: &str| pipeline.substitute(text).map_err(|error| failed(error.to_string()));
    let matcher = match matcher {
        TextMatcher::Contains(value) => TextMatcher::Contains(text(value)?),
        TextMatcher::Lacks(value) => TextMatcher::Lacks(text(value)?),
        TextMatcher::Equals(value) => TextMatcher::Equals(text(value)?),
        TextMatcher::Matches(pattern) => {
            let expanded =
                pipeline.substitute_regex(pattern.as_str()).map_err(|e| failed(e.to_string()))?;
            TextMatcher::Matches(Pattern::new(expanded).map_err(failed)?)
        }
    };
    Ok(Cow::Owned(TerminalCondition::Text { region: *region, matcher }))
}

/// Whether `condition` holds now (the caller settled the screen first): a
/// wait that may not wait.
pub(crate) fn holds(
    pty: &PtySession,
    condition: &TerminalCondition,
) -> Result<bool, AutomationError> {
    match run(pty, condition, Duration::ZERO) {
        Ok(()) => Ok(true),
        Err(
            PtyError::Timeout { .. } | PtyError::TargetExited { .. } | PtyError::ExitCode { .. },
        ) => Ok(false),
        Err(other) => Err(automation_error(other, &format!("`{condition}` was checked"))),
    }
}

fn run(pty: &PtySession, condition: &TerminalCondition, timeout: Duration) -> Result<(), PtyError> {
    match condition {
        TerminalCondition::Text { region, matcher } => {
            let matcher = text_match(matcher)?;
            match region {
                TextRegion::Screen => pty.wait_screen(&matcher.into(), timeout).map(drop),
                TextRegion::History => {
                    let condition = ScreenCondition::from(matcher).with_scrollback();
                    pty.wait_screen(&condition, timeout).map(drop)
                }
                TextRegion::Scrollback => {
                    pty.wait_scrollback(&ScrollbackCondition::Text(matcher), timeout).map(drop)
                }
            }
        }
        TerminalCondition::ScrollbackLines(count) => {
            pty.wait_scrollback(&ScrollbackCondition::Lines(*count), timeout).map(drop)
        }
        TerminalCondition::Exited => pty.wait_exit(timeout).map(drop),
        TerminalCondition::ExitCode(code) => pty.wait_exit_code(*code, timeout).map(drop),
        TerminalCondition::Quiet(quiet) => pty.wait_idle(*quiet, timeout).map(drop),
        TerminalCondition::CursorVisible(visible) => {
            pty.wait_cursor(Some(*visible), None, timeout).map(drop)
        }
        TerminalCondition::CursorAt { col, row } => {
            pty.wait_cursor(None, Some((*col, *row)), timeout).map(drop)
        }
        other => Err(PtyError::Encode(format!("the terminal plane does not know `{other}`"))),
    }
}

fn text_match(matcher: &TextMatcher) -> Result<TextMatch, PtyError> {
    Ok(match matcher {
        TextMatcher::Contains(text) => TextMatch::Contains(text.clone()),
        TextMatcher::Lacks(text) => TextMatch::NotContains(text.clone()),
        TextMatcher::Equals(text) => TextMatch::Equals(text.clone()),
        // The syntax was checked when the step was parsed; compiling can
        // still exceed the regex crate's size limit.
        TextMatcher::Matches(pattern) => TextMatch::regex(pattern.as_str())?,
    })
}
