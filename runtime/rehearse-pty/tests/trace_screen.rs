//! A failing wait's trace shows the screen the wait judged: the terminal
//! plane commits it, so the trace (and the diagnostic checkpoint) read the
//! same screen as the error, not the screen of the step before.

use crate::common;

use std::time::Duration;

use rehearse_core::trace::{TraceDocument, TraceMode, TraceOptions};
use rehearse_lang::{AutomationStep, KeyCode, Predicate, Selector, WaitCondition};
use rehearse_pty::Terminal;

#[test]
fn a_failing_waits_trace_shows_the_screen_it_judged() {
    let traces = tempfile::tempdir().unwrap();
    let mut terminal = Terminal::spawn(common::bash())
        .unwrap()
        .traced(TraceOptions::new().mode(TraceMode::RetainOnFailure).dir(traces.path()));
    let prompt = AutomationStep::wait_for(
        WaitCondition::new(Predicate::Exists, Selector::text_contains("READY")),
        common::TIMEOUT,
    );
    let failed = terminal
        .run(vec![
            prompt,
            AutomationStep::type_text("echo second-$((3+4))"),
            // Returns once delivered: its commit shows no answer yet.
            AutomationStep::key(KeyCode::Enter),
            // Judges every output, the answer included, then times out.
            AutomationStep::wait_for_terminal(
                common::screen_contains("never-there"),
                Duration::from_millis(400),
            ),
        ])
        .unwrap_err();
    assert_eq!(failed.failed.index, 3, "{failed}");
    assert!(failed.to_string().contains("second-7"), "the error shows the answer: {failed}");
    let json = std::fs::read_to_string(traces.path().join("trace.json")).unwrap();
    let trace = TraceDocument::from_json(&json).unwrap();
    assert_eq!(trace.failed_step, Some(3));
    let rows = trace.screen_text(trace.steps[3].screen.expect("the failing step has a screen"));
    assert!(
        rows.iter().any(|row| row.trim_end() == "second-7"),
        "the failing step's screen is the one the wait judged: {rows:#?}"
    );
}
