//! No sensitive or masked value appears in a wait timeout: not in the
//! error, its Display, or its Debug — even when the test author's own
//! condition guessed the secret. (The failing step's own spelling, which
//! `StepError` quotes, is the author's text and is shown as written.)

use std::time::Duration;

use rehearse::prelude::*;
use rehearse_examples::login::{LoginApp, ids};

#[test]
fn wait_timeouts_never_show_a_masked_value() {
    let mut session = Session::new(LoginApp::default(), SessionOptions::default().viewport(80, 24));
    session
        .run([
            AutomationStep::click(Selector::id(ids::PASSWORD)),
            AutomationStep::type_text("hunter2"),
        ])
        .expect("typing works");
    for predicate in
        [Predicate::ValueEquals("hunter2".into()), Predicate::TextContains("hunter2".into())]
    {
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
