//! No sensitive or masked value appears in a wait timeout: not in the
//! error, its Display, or its Debug — even when the test author's own
//! condition guessed the secret. A `value=`/`text=` predicate about a masked
//! or sensitive node, or about a node that could not be found, is echoed as
//! `<redacted>` by the step's result and error too (their `Display`,
//! `Debug`, the step and its spelling, the `RunReport`); so is a
//! `value=/…/` or `text=/…/` regular expression (its pattern `<redacted>`).

use std::time::Duration;

use rehearse::prelude::*;
use rehearse::vocabulary::TextRegex;
use rehearse_examples::login::{LoginApp, ids};

fn regex(pattern: &str) -> TextRegex {
    TextRegex::new(pattern).unwrap()
}

#[test]
fn wait_timeouts_never_show_a_masked_value() {
    let mut session = Session::new(LoginApp::default(), SessionOptions::default().viewport(80, 24));
    session
        .run([
            AutomationStep::click(Selector::id(ids::PASSWORD)),
            AutomationStep::type_text("hunter2"),
        ])
        .expect("typing works");
    for predicate in [
        Predicate::ValueEquals("hunter2".into()),
        Predicate::TextContains("hunter2".into()),
        Predicate::ValueMatches(regex("^hunter2$")),
        Predicate::TextMatches(regex("hunter2")),
    ] {
        let error = session
            .step(AutomationStep::wait_for(
                WaitCondition::new(predicate, Selector::id(ids::PASSWORD)),
                Duration::from_millis(20),
            ))
            .unwrap_err();
        let AutomationError::WaitTimeout(timeout) = &error.error else { panic!("{error}") };
        assert_eq!(timeout.last_matches.len(), 1, "the password field matched");
        let display = error.error.to_string();
        let debug = format!("{:?}", error.error);
        for text in [&display, &debug, &timeout.semantic_tree] {
            assert!(!text.contains("hunter2"), "the secret leaked: {text}");
        }
        assert!(display.contains("value=<masked>"), "{display}");
        assert!(display.contains("<redacted>"), "{display}");
    }
}

#[test]
fn a_step_that_compared_a_secret_never_echoes_the_value_it_expected() {
    let mut session = Session::new(LoginApp::default(), SessionOptions::default().viewport(80, 24));
    let leaks = |text: &str| text.contains("hunter2") || text.contains("lovelace");
    // About the masked field, and about a field that is not there: a missing
    // `#pw` must not print the password the test expected.
    for selector in [Selector::id(ids::PASSWORD), Selector::id("pw")] {
        for predicate in [
            Predicate::ValueEquals("hunter2".into()),
            Predicate::TextContains("lovelace".into()),
            Predicate::ValueMatches(regex("^hunter2")),
            Predicate::TextMatches(regex("lovelace$").ignoring_case()),
        ] {
            let condition = WaitCondition::new(predicate, selector.clone());
            let step = AutomationStep::wait_for(condition, Duration::from_millis(10));
            let error = session.step(step.clone()).unwrap_err();
            let echoes = [
                error.to_string(),
                format!("{error:?}"),
                error.step.to_string(),
                error.source.to_string(),
            ];
            for echo in &echoes {
                assert!(!leaks(echo), "the expected secret leaked: {echo}");
                assert!(echo.contains("<redacted>"), "{echo}");
            }
            let failed = session.run([step]).unwrap_err();
            assert!(!leaks(&format!("{failed} {failed:?}")), "{failed:?}");
        }
    }

    // A step that held against a masked node: its result and the report
    // withhold the text too.
    let held =
        WaitCondition::new(Predicate::TextContains("Pass".into()), Selector::id(ids::PASSWORD));
    let report = session.run([AutomationStep::wait_for(held, Duration::from_millis(10))]).unwrap();
    let echo = format!("{} {:?}", report.steps[0], report);
    assert!(!echo.contains("Pass\""), "{echo}");
    assert!(echo.contains("text=\"<redacted>\""), "{echo}");

    // About a public node the text is the test's own and stays.
    let public =
        WaitCondition::new(Predicate::ValueEquals("nobody".into()), Selector::id(ids::USER));
    let error =
        session.step(AutomationStep::wait_for(public, Duration::from_millis(10))).unwrap_err();
    assert!(error.to_string().contains("value=nobody,#user"), "{error}");
}
