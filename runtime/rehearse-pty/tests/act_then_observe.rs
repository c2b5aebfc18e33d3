//! Act, then observe: on a program with no exact settle signal an input step
//! returns once its bytes are written, a wait judges every new output, and
//! what acts on or judges the screen — a pointer's target, a `when(…)`
//! guard, a checkpoint — waits for a stable screen (docs/terminal.md's table).

use crate::common;

use std::time::Duration;

use common::{TIMEOUT, fixture};
use rehearse_core::AutomationError;
use rehearse_lang::{AutomationStep, KeyCode, Predicate, Selector, WaitCondition};
use rehearse_pty::{PtySessionOptions, Terminal};

/// The pause the delayed fixture makes while it prints `ready`: it teaches
/// a stability window three times as long (450 ms).
const PAUSE_MS: u64 = 150;

/// How long the delayed fixture pauses before it answers an Enter: far
/// longer than the moment between writing an input and committing the
/// step, far shorter than the window it taught (a loaded machine may
/// schedule the answer late; the margin is 400 ms).
const ANSWER_MS: u64 = 50;

fn exists(text: &str) -> AutomationStep {
    AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::text_contains(text)),
        TIMEOUT,
    )
}

/// The delayed fixture, its first screen on the plane. Its quiet window is
/// long enough that the window it learns (3 × the pause) is not cut.
fn delayed() -> Terminal {
    let options = PtySessionOptions::new(fixture("delayed"))
        .arg(PAUSE_MS.to_string())
        .arg(ANSWER_MS.to_string())
        .size(60, 12)
        .quiet_window(Some(Duration::from_secs(2)));
    let mut terminal = Terminal::spawn(options).unwrap();
    terminal.run(vec![exists("ready")]).unwrap();
    terminal
}

#[test]
fn input_steps_return_once_delivered_and_waits_judge_each_output() {
    // No quiet window, no marker, no synchronized output: nothing can ever
    // settle this screen. Before, every input step failed waiting for it.
    let options = common::bash().quiet_window(None);
    let mut terminal = Terminal::spawn(options).unwrap().settle_timeout(Duration::from_millis(300));
    let report = terminal
        .run(vec![
            exists(common::PROMPT),
            AutomationStep::type_text("echo hi-$((6*7))"),
            AutomationStep::key(KeyCode::Enter),
            // A wait judges each new output, settled or not.
            exists("hi-42"),
        ])
        .unwrap();
    assert_eq!(report.steps.len(), 4);
    // A checkpoint judges a stable screen, which nothing can tell here.
    let failed = terminal.run(vec![AutomationStep::checkpoint("never")]).unwrap_err();
    assert!(failed.to_string().contains("settled screen"), "{failed}");
}

#[test]
fn a_click_waits_until_its_target_is_on_a_stable_screen() {
    let mut terminal = delayed();
    // The key step returns before the program answers; the click waits for
    // `button-1` (before, a click resolved on the committed screen, which
    // the key step took before the answer came).
    let report = terminal
        .run(vec![
            AutomationStep::key(KeyCode::Enter),
            AutomationStep::click(Selector::text_contains("button-1")),
            exists("pressed at 4,2"),
        ])
        .unwrap();
    assert_eq!(report.steps.len(), 3);
    assert!(
        !terminal.frame().tree.containing_text("button-1").is_empty(),
        "the committed screen shows the target"
    );
}

#[test]
fn a_click_on_a_target_that_never_comes_fails_naming_what_is_there() {
    let mut terminal = delayed();
    let failed = terminal
        .run(vec![
            AutomationStep::key(KeyCode::Enter),
            AutomationStep::click(Selector::text_contains("button-9")),
        ])
        .unwrap_err();
    assert!(matches!(failed.failed.error, AutomationError::NoMatch { .. }), "{failed}");
    // Judged once the answer had come and the screen stayed unchanged.
    assert!(failed.to_string().contains("button-1"), "{failed}");
}

#[test]
fn a_guard_judges_a_stable_screen() {
    let mut terminal = delayed();
    let guarded = rehearse_lang::script::parse_step_str("when(exists,text~\"button-1\") key:enter")
        .unwrap()
        .step;
    let report = terminal
        .run(vec![AutomationStep::key(KeyCode::Enter), guarded, exists("button-2")])
        .unwrap();
    assert_eq!(report.steps.len(), 3);
}
