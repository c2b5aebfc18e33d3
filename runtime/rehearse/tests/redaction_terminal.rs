//! Redaction as a property on the terminal plane: `cat` in a real PTY, a
//! random secret typed into it (`type:${secret}`: the terminal echoes it
//! and cat prints it back, on screens narrow enough to wrap it), random
//! public text, Enter, and steps that fail and show the screen — screen
//! waits that time out, node waits on the screen's lines, selectors that
//! match nothing, clicks a program without the mouse refuses — plus
//! checkpoints. Every output that shows a screen is checked for the secret
//! and its JSON- and Debug-escaped forms: each error's `Display` and
//! `Debug`, the committed tree's JSON, Markdown and `Debug`, and the tree
//! of every checkpoint a sink receives (diagnostic ones too). The screen
//! formats, pixels and recordings show what the program drew and are not
//! checked (docs/artifacts.md).
//!
//! The cases come from a fixed seed; a failing one is kept in
//! `tests/regressions/redaction_terminal.txt` and replayed first. 24 cases
//! by default (each runs `cat` for about a second: a program without a
//! render-commit marker settles on a quiet window);
//! `REHEARSE_REDACTION_TERMINAL_CASES` sets another count.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use rehearse::engine::{Checkpoint, CheckpointSink};
use rehearse::prelude::*;
use rehearse::pty::{PtySessionOptions, Terminal};
use rehearse::trace::{TraceMode, TraceOptions};
use rehearse::vocabulary::{Secret, TerminalCondition, TextMatcher, TextRegion};

use crate::support::redaction as random;

use random::{forms, leaks};

/// Failing cases kept (committed) and replayed first on every run.
const REGRESSIONS: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/regressions/redaction_terminal.txt");

/// What a case does to `cat`.
#[derive(Debug, Clone)]
enum Act {
    /// Types the secret.
    Secret,
    /// Types public text (never a piece of the secret: no capitals).
    Public(String),
    Enter,
    /// A screen wait for text that never comes.
    ScreenWait(String),
    /// A node wait on the screen's lines that never holds.
    NodeWait(Predicate, String),
    /// A click on text that is not there, or on a line cat shows (cat
    /// enables no mouse: refused).
    Click(String),
    Checkpoint,
}

fn act() -> impl Strategy<Value = Act> {
    let public = "[a-z ]{1,12}";
    prop_oneof![
        3 => Just(Act::Secret),
        2 => public.prop_map(Act::Public),
        2 => Just(Act::Enter),
        2 => "[a-z]{3,8}".prop_map(|text| Act::ScreenWait(format!("never-{text}"))),
        1 => Just(Act::NodeWait(Predicate::Exists, "never-there".into())),
        1 => (0..4usize).prop_map(|n| Act::NodeWait(Predicate::Count(n + 5), "e".into())),
        1 => Just(Act::NodeWait(Predicate::Missing, "<redacted>".into())),
        1 => Just(Act::Click("absent".into())),
        1 => Just(Act::Click("e".into())),
        1 => Just(Act::Checkpoint),
    ]
}

/// A secret: a marker nothing else on screen holds, then characters a
/// terminal echoes as they are.
fn secret() -> impl Strategy<Value = String> {
    "[A-Za-z0-9._~!@%+=-]{3,20}".prop_map(|tail| format!("ZQX-{tail}"))
}

fn case() -> impl Strategy<Value = (String, u16, Vec<Act>)> {
    (secret(), 10..60u16, proptest::collection::vec(act(), 1..6))
}

/// Every checkpoint's tree, as its semantic outputs.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<String>>>);

impl CheckpointSink for Capture {
    fn record(&mut self, checkpoint: &Checkpoint<'_>) -> Result<(), AutomationError> {
        let tree = &checkpoint.frame.tree;
        let mut seen = self.0.lock().unwrap();
        seen.extend([tree.to_json(), tree.to_markdown(), format!("{tree:?}")]);
        Ok(())
    }
}

fn step(act: &Act, secret: &str, checkpoints: &mut u32) -> AutomationStep {
    let wait = Duration::from_millis(30);
    match act {
        Act::Secret => AutomationStep::type_secret(Secret::value(secret)),
        Act::Public(text) => AutomationStep::type_text(text.as_str()),
        Act::Enter => AutomationStep::key(KeyCode::Enter),
        Act::ScreenWait(text) => {
            let matcher = TextMatcher::Contains(text.clone());
            let condition = TerminalCondition::Text { region: TextRegion::Screen, matcher };
            AutomationStep::wait_for_terminal(condition, wait)
        }
        Act::NodeWait(predicate, text) => AutomationStep::wait_for(
            WaitCondition::new(predicate.clone(), Selector::text_contains(text.as_str())),
            wait,
        ),
        Act::Click(text) => AutomationStep::click(Selector::text_contains(text.as_str())),
        Act::Checkpoint => {
            *checkpoints += 1;
            AutomationStep::checkpoint(format!("c{checkpoints}"))
        }
    }
}

#[test]
fn no_terminal_screen_shown_ever_holds_a_typed_secret() {
    let cases = std::env::var("REHEARSE_REDACTION_TERMINAL_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(24);
    let typed_and_shown = std::cell::Cell::new(0);
    let mut runner = TestRunner::new(random::config(cases, REGRESSIONS));
    runner
        .run(&case(), |(secret, cols, acts)| {
            let forms = forms(&secret);
            // Its trace (the default mode) is written where the last
            // failing step leaves it, and read back as outputs too.
            let traces = tempfile::tempdir().unwrap();
            let mut terminal = Terminal::spawn(PtySessionOptions::new("cat").size(cols, 8))
                .unwrap()
                .traced(TraceOptions::new().mode(TraceMode::RetainOnFailure).dir(traces.path()));
            let capture = Capture::default();
            terminal.add_checkpoint_sink(capture.clone());
            let mut outputs = Vec::new();
            let mut checkpoints = 0;
            for act in &acts {
                if let Err(failed) = terminal.step(step(act, &secret, &mut checkpoints)) {
                    outputs.push(failed.to_string());
                    outputs.push(format!("{failed:?}"));
                }
            }
            // A last failing screen wait: the screen as it ends.
            let never = TerminalCondition::Text {
                region: TextRegion::Screen,
                matcher: TextMatcher::Contains("never-at-all".into()),
            };
            let last = terminal
                .step(AutomationStep::wait_for_terminal(never, Duration::from_millis(30)))
                .expect_err("it never shows");
            outputs.push(last.to_string());
            outputs.push(format!("{last:?}"));
            let tree = terminal.tree();
            outputs.extend([tree.to_json(), tree.to_markdown(), format!("{tree:?}")]);
            outputs.extend(capture.0.lock().unwrap().drain(..));
            for file in ["trace.json", "trace.md"] {
                outputs.push(std::fs::read_to_string(traces.path().join(file)).unwrap());
            }
            let drawn = terminal.pty().screen_text() + &terminal.pty().scrollback_text();
            if acts.iter().any(|act| matches!(act, Act::Secret)) && drawn.contains(&secret[..4]) {
                typed_and_shown.set(typed_and_shown.get() + 1);
            }
            for output in &outputs {
                prop_assert!(!leaks(&forms, output), "the secret {secret:?} leaked:\n{output}");
            }
            Ok(())
        })
        .unwrap();
    // Most cases type the secret where cat shows it.
    if cases >= 8 {
        assert!(typed_and_shown.get() > 0, "no case showed a typed secret on screen");
    }
}
