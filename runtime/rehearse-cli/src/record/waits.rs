//! The wait a careful author writes after an input, from what the screen
//! did between that input and the next: on a program that publishes its
//! tree, the node that appeared, vanished or changed; on a plain program,
//! a line the input made appear (or the program's exit). The echo of typed
//! text is no answer. Timeouts come from how long the answer took.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use rehearse_core::semantic::{SemanticNode, SemanticTree};
use rehearse_lang::{
    AutomationStep, Predicate, Selector, TerminalCondition, TextMatcher, TextRegion, WaitCondition,
};

use super::program::Ended;
use super::select::{self, stable};

/// The shortest timeout the recorder writes. The language has no minimum
/// (`0` checks once); a recording replays on other machines, under other
/// loads, so its waits never go below two seconds.
pub const MIN_TIMEOUT: Duration = Duration::from_millis(2_000);

/// The shortest timeout of the wait for the program's first screen: a
/// start (loading, linking, a cold cache) varies most of all.
pub const MIN_READY_TIMEOUT: Duration = Duration::from_millis(5_000);

/// The longest timeout the recorder writes.
pub const MAX_TIMEOUT: Duration = Duration::from_millis(60_000);

/// What the recorder saw at one moment.
#[derive(Debug, Clone)]
pub struct Observation {
    /// The program's screen, one line per row, trailing blanks trimmed.
    pub lines: Vec<String>,
    /// The cursor's row.
    pub cursor_row: u16,
    /// The tree the program published, if it publishes one.
    pub tree: Option<SemanticTree>,
    /// How the program ended, if it has, and when.
    pub ended: Option<(Ended, Instant)>,
    /// When the screen last changed.
    pub changed_at: Instant,
}

/// Three times what was observed and a second more, rounded up to a half
/// second, between [`MIN_TIMEOUT`] and [`MAX_TIMEOUT`].
pub fn timeout(observed: Duration) -> Duration {
    let millis = u64::try_from(observed.as_millis()).unwrap_or(u64::MAX);
    let padded = millis.saturating_mul(3).saturating_add(1_000);
    let rounded = padded.div_ceil(500).saturating_mul(500);
    Duration::from_millis(rounded).clamp(MIN_TIMEOUT, MAX_TIMEOUT)
}

/// The wait after an input group (its last input at `last_input`):
/// `typed` when the group was typed text, whose echo is no answer;
/// `published` when the program publishes a tree (its replay runs on the
/// app, where waits are about nodes).
pub fn after_input(
    before: &Observation,
    after: &Observation,
    last_input: Instant,
    typed: bool,
    published: bool,
    secrets: &[String],
) -> Option<AutomationStep> {
    if let (Some((ended, at)), None, false) = (after.ended, before.ended, published) {
        let condition = match ended.code {
            Some(code) => TerminalCondition::ExitCode(code),
            None => TerminalCondition::Exited,
        };
        return Some(AutomationStep::wait_for_terminal(
            condition,
            timeout(at.saturating_duration_since(last_input)),
        ));
    }
    if after.changed_at <= last_input {
        return None;
    }
    let took = timeout(after.changed_at.saturating_duration_since(last_input));
    if let Some(tree) = &after.tree {
        let condition = tree_change(before.tree.as_ref(), tree, typed, secrets)?;
        return Some(AutomationStep::wait_for(condition, took));
    }
    if published {
        return None;
    }
    let skip = typed.then_some(usize::from(after.cursor_row));
    let needle =
        new_text(&before.lines, usize::from(before.cursor_row), &after.lines, skip, secrets)?;
    Some(screen_contains(needle, took))
}

/// The wait for a program that ended before any input: its exit code.
pub fn exit(now: &Observation, started: Instant) -> Option<AutomationStep> {
    let (ended, at) = now.ended?;
    let condition = match ended.code {
        Some(code) => TerminalCondition::ExitCode(code),
        None => TerminalCondition::Exited,
    };
    Some(AutomationStep::wait_for_terminal(
        condition,
        timeout(at.saturating_duration_since(started)).max(MIN_READY_TIMEOUT),
    ))
}

/// The wait before the first input: the program's first screen, as the
/// person saw it when they began. `hint` is the node the first input
/// points at, when it does.
pub fn ready(
    after: &Observation,
    started: Instant,
    hint: Option<&Selector>,
    secrets: &[String],
) -> Option<AutomationStep> {
    if after.changed_at <= started {
        return None;
    }
    let took = timeout(after.changed_at.saturating_duration_since(started)).max(MIN_READY_TIMEOUT);
    if let Some(tree) = &after.tree {
        let hinted = hint.filter(|selector| {
            !matches!(selector, Selector::Point { .. } | Selector::Nth { .. })
                && tree.resolve(selector).is_ok()
        });
        let selector = match hinted {
            Some(selector) => selector.clone(),
            None => tree
                .focused()
                .into_iter()
                .chain(tree.nodes().filter(|node| node.automation_id.is_some()))
                .find_map(|node| stable(tree, node, secrets))?,
        };
        return Some(AutomationStep::wait_for(
            WaitCondition::new(Predicate::Exists, selector),
            took,
        ));
    }
    let line = after
        .lines
        .get(usize::from(after.cursor_row))
        .map(|line| line.trim())
        .filter(|line| !line.is_empty())
        .or_else(|| after.lines.iter().map(|line| line.trim()).rfind(|line| !line.is_empty()))?;
    shown(line, secrets).then(|| screen_contains(line.to_owned(), took))
}

/// An assertion on what is under the pointer (else the focused node or the
/// cursor's line), as it is now: its value, else its text, else that it
/// exists; on a plain program, its line.
pub fn assertion(
    now: &Observation,
    pointer: Option<(u16, u16)>,
    secrets: &[String],
) -> Option<AutomationStep> {
    if let Some(tree) = &now.tree {
        let node = match pointer {
            Some((col, row)) => tree.topmost_at(col, row),
            None => tree.focused(),
        }
        .filter(|node| node.role != rehearse_lang::SemanticRole::Application)?;
        let selector = select::any(tree, node, secrets)?;
        let by_name = selector.segments().iter().any(|segment| {
            matches!(segment, Selector::TextContains(_) | Selector::Role { name: Some(_), .. })
        });
        let predicate = match node.public_value() {
            Some(value) if shown(value, secrets) => Predicate::ValueEquals(value.to_owned()),
            _ if !by_name && shown(&node.name, secrets) => {
                Predicate::TextContains(node.name.clone())
            }
            _ => Predicate::Exists,
        };
        return Some(AutomationStep::wait_for(
            WaitCondition::new(predicate, selector),
            MIN_TIMEOUT,
        ));
    }
    let row = pointer.map_or(now.cursor_row, |(_, row)| row);
    let line = now.lines.get(usize::from(row)).map(|line| line.trim())?;
    (!line.is_empty() && shown(line, secrets))
        .then(|| screen_contains(line.to_owned(), MIN_TIMEOUT))
}

fn screen_contains(needle: String, timeout: Duration) -> AutomationStep {
    AutomationStep::wait_for_terminal(
        TerminalCondition::Text {
            region: TextRegion::Screen,
            matcher: TextMatcher::Contains(needle),
        },
        timeout,
    )
}

fn shown(text: &str, secrets: &[String]) -> bool {
    !text.is_empty() && !secrets.iter().any(|secret| text.contains(secret.as_str()))
}

/// Whether a line shows an escape byte as text (`ESC[<…`, `^[[A`): a
/// program's echo of an input sequence it read in pieces (less prints a
/// mouse report it read apart from its press this way) — what the person's
/// terminal sent, never an answer an author would wait for.
fn echoes_an_escape(line: &str) -> bool {
    line.contains("ESC[") || line.contains("^[[")
}

/// Text that is on the screen now and was not before: the first line that
/// is new, itself when the old screen did not hold it anywhere, else with
/// the line after or before it. Not an answer: the row `skip`, and the
/// line the cursor was on before when it only grew (the echo of what was
/// typed there, which a fast typist sends the next key before seeing).
fn new_text(
    before: &[String],
    before_cursor: usize,
    after: &[String],
    skip: Option<usize>,
    secrets: &[String],
) -> Option<String> {
    let old_text = before.join("\n");
    let old_lines: HashSet<&str> = before.iter().map(|line| line.trim()).collect();
    for (row, line) in after.iter().enumerate() {
        let trimmed = line.trim();
        let grew = row == before_cursor
            && before.get(row).is_some_and(|old| line.starts_with(old.trim_end()));
        if Some(row) == skip
            || grew
            || trimmed.is_empty()
            || old_lines.contains(trimmed)
            || echoes_an_escape(trimmed)
        {
            continue;
        }
        let window = |from: usize, to: usize| -> Option<String> {
            let lines = after.get(from..=to)?;
            if lines.iter().any(|line| line.trim().is_empty()) {
                return None;
            }
            Some(lines.join("\n").trim().to_owned())
        };
        let candidates = [
            Some(trimmed.to_owned()),
            window(row, row + 1),
            row.checked_sub(1).and_then(|above| window(above, row)),
            window(row, row + 2),
        ];
        let found = candidates.into_iter().flatten().find(|needle| {
            !needle.is_empty() && !old_text.contains(needle.as_str()) && shown(needle, secrets)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The node keys of a tree: every node with a stable selector.
fn keyed<'t>(tree: &'t SemanticTree, secrets: &[String]) -> Vec<(Selector, &'t SemanticNode)> {
    tree.nodes()
        .filter(|node| node.role != rehearse_lang::SemanticRole::Application)
        .filter_map(|node| stable(tree, node, secrets).map(|selector| (selector, node)))
        .collect()
}

fn absent(tree: Option<&SemanticTree>, selector: &Selector) -> bool {
    tree.is_none_or(|tree| tree.find_all(selector).map_or(true, |found| found.is_empty()))
}

/// The change a wait should name, best first: a node that appeared (one
/// with an id before one without), one that vanished, a value or text that
/// changed (not the typed field's own echo), a selection, the focus.
fn tree_change(
    before: Option<&SemanticTree>,
    after: &SemanticTree,
    typed: bool,
    secrets: &[String],
) -> Option<WaitCondition> {
    let now = keyed(after, secrets);
    let by_id_first = |found: Vec<Selector>| {
        let first = found.iter().find(|selector| matches!(selector, Selector::Id(_))).cloned();
        first.or_else(|| found.into_iter().next())
    };
    let appeared: Vec<Selector> = now
        .iter()
        .filter(|(selector, _)| absent(before, selector))
        .map(|(selector, _)| selector.clone())
        .collect();
    if let Some(selector) = by_id_first(appeared) {
        return Some(WaitCondition::new(Predicate::Exists, selector));
    }
    let before = before?;
    let vanished: Vec<Selector> = keyed(before, secrets)
        .into_iter()
        .filter(|(selector, _)| absent(Some(after), selector))
        .map(|(selector, _)| selector)
        .collect();
    if let Some(selector) = by_id_first(vanished) {
        return Some(WaitCondition::new(Predicate::Missing, selector));
    }
    let mut selected = None;
    for (selector, node) in &now {
        let Ok(old) = before.resolve(selector) else { continue };
        let echo = typed && node.is_focused();
        if let Some(value) = node.public_value()
            && !echo
            && node.public_value() != old.public_value()
            && shown(value, secrets)
        {
            return Some(WaitCondition::new(
                Predicate::ValueEquals(value.to_owned()),
                selector.clone(),
            ));
        }
        let renamed = matches!(selector, Selector::Id(_))
            && node.name != old.name
            && !old.name.contains(node.name.as_str());
        if renamed && !echo && shown(&node.name, secrets) {
            return Some(WaitCondition::new(
                Predicate::TextContains(node.name.clone()),
                selector.clone(),
            ));
        }
        // A node that became selected says more than one that stopped being.
        if let Some(now_selected) = node.states.selected
            && old.states.selected != Some(now_selected)
            && selected.as_ref().is_none_or(|(was, _)| !was && now_selected)
        {
            selected = Some((now_selected, selector.clone()));
        }
    }
    if let Some((now_selected, selector)) = selected {
        return Some(WaitCondition::new(Predicate::Selected(now_selected), selector));
    }
    let focused = after.focused()?;
    let was = before.focused();
    if was.is_some_and(|was| stable(before, was, secrets) == stable(after, focused, secrets)) {
        return None;
    }
    Some(WaitCondition::new(Predicate::Focused, stable(after, focused, secrets)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|line| (*line).to_owned()).collect()
    }

    #[test]
    fn timeouts_have_a_margin_and_a_floor() {
        assert_eq!(timeout(Duration::ZERO), MIN_TIMEOUT);
        assert_eq!(timeout(Duration::from_millis(300)), Duration::from_millis(2_000));
        assert_eq!(timeout(Duration::from_millis(1_000)), Duration::from_millis(4_000));
        assert_eq!(timeout(Duration::from_millis(1_100)), Duration::from_millis(4_500));
        assert_eq!(timeout(Duration::from_secs(3_600)), MAX_TIMEOUT);
    }

    #[test]
    fn an_echoed_escape_sequence_is_never_the_wait() {
        let before = screen(&["line 1", ":"]);
        let after = screen(&["line 1", "ESC[<0;12;5m"]);
        assert_eq!(new_text(&before, 1, &after, None, &[]), None);
        let after = screen(&["line 1", "ESC[<0;12;5m", "saved"]);
        assert_eq!(new_text(&before, 1, &after, None, &[]).as_deref(), Some("saved"));
    }

    #[test]
    fn the_new_line_is_the_wait_and_it_was_not_there_before() {
        let before = screen(&["$ echo hello", ""]);
        let after = screen(&["$ echo hello", "hello", "$"]);
        // `hello` alone was already on the screen (in the command): the
        // line after it makes it new.
        assert_eq!(new_text(&before, 1, &after, None, &[]).unwrap(), "hello\n$");
        let before = screen(&["$ ls"]);
        let after = screen(&["$ ls", "README.md  src", "$"]);
        assert_eq!(new_text(&before, 1, &after, None, &[]).unwrap(), "README.md  src");
        // Typing: the cursor's line is the echo, not an answer.
        let before = screen(&["$"]);
        let after = screen(&["$ ech"]);
        assert_eq!(new_text(&before, 0, &after, Some(0), &[]), None);
        // Enter pressed before the echo showed: the command's line only
        // grew; the answer is the line after it.
        let before = screen(&["$ stty si"]);
        let after = screen(&["$ stty size", "29 100", "$"]);
        assert_eq!(new_text(&before, 0, &after, None, &[]).unwrap(), "29 100");
        // A secret is never waited for.
        let after = screen(&["$", "token: hunter2"]);
        assert_eq!(new_text(&before, 0, &after, None, &["hunter2".into()]), None);
    }
}
