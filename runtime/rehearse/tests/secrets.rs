//! Typing a secret: `type:${secret.NAME}` reads an environment variable when
//! the step runs, types it like any text, and no echo of the step — its
//! `Display`, `Debug`, the run report, a failure — shows the value.

use ratatui::layout::Rect;
use rehearse::prelude::*;
use rehearse::widgets::TextInput;

/// A masked token field.
#[derive(Default)]
struct Login {
    token: String,
}

impl Component for Login {
    type Message = String;

    fn update(&mut self, token: String, _: &mut Context<'_, Self>) {
        self.token = token;
    }

    fn view(&self, ui: &mut Ui<'_, String>) {
        ui.add(
            Rect::new(0, 0, 30, 1),
            TextInput::new(self.token.clone()).masked(true).automation_id("token").on_change(|v| v),
        );
    }
}

/// Cargo sets it for every test run; its value (a path) appears nowhere
/// else in a report.
const VARIABLE: &str = "CARGO_MANIFEST_DIR";

fn secret_value() -> String {
    std::env::var(VARIABLE).expect("cargo sets CARGO_MANIFEST_DIR for tests")
}

#[test]
fn a_secret_is_typed_and_never_echoed() {
    let mut session = Session::new(Login::default(), SessionOptions::default().viewport(30, 2));
    let report = session
        .run_script(&format!("click:#token\ntype:${{secret.{VARIABLE}}}\nwait-for:exists,#token,0"))
        .unwrap();
    let value = secret_value();
    assert_eq!(session.app().token, value, "the secret was typed");
    let typed = &report.steps[1];
    assert_eq!(typed.step.to_string(), format!("type:${{secret.{VARIABLE}}}"));
    for shown in [format!("{report:?}"), typed.to_string(), format!("{typed:?}")] {
        assert!(!shown.contains(&value), "{shown}");
    }
    // The same step from `scenario!`.
    let steps = scenario! { type:${secret.CARGO_MANIFEST_DIR}; };
    assert_eq!(
        steps.automation_steps().next(),
        Some(&AutomationStep::type_secret(Secret::env(VARIABLE)))
    );
}

#[test]
fn a_failing_secret_step_names_the_variable_not_the_value() {
    let mut session = Session::new(Login::default(), SessionOptions::default().viewport(30, 2));
    // Nothing focused: the failure must not quote what it would have typed.
    let error = session.run(vec![AutomationStep::type_secret(Secret::value("hunter2"))]);
    let shown = format!("{} {:?}", error.as_ref().unwrap_err(), error.as_ref().unwrap_err());
    assert!(!shown.contains("hunter2"), "{shown}");
    assert!(shown.contains("type:<redacted>"), "{shown}");
    // An unset variable is named.
    let error = session
        .run_script("type:${secret.REHEARSE_SURELY_UNSET_VARIABLE_42}")
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("`REHEARSE_SURELY_UNSET_VARIABLE_42`") && error.contains("is not set"),
        "{error}"
    );
}

#[test]
fn a_guard_that_compares_a_secret_never_echoes_its_guess() {
    let mut session = Session::new(Login::default(), SessionOptions::default().viewport(30, 2));
    let report = session
        .run_script("click:#token\ntype:hunter2\n[probe] when(value=hunter2,#token) key:enter")
        .unwrap();
    let guarded = &report.steps[2];
    // A masked value never compares equal (no probing secrets): skipped.
    assert!(guarded.skipped);
    let shown = format!("{guarded} {guarded:?}");
    assert!(!shown.contains("hunter2"), "{shown}");
    assert!(shown.contains(r#"when(value="<redacted>",#token)"#), "{shown}");
}

#[test]
fn a_batch_that_compares_a_secret_never_echoes_its_guess() {
    let mut session = Session::new(Login::default(), SessionOptions::default().viewport(30, 2));
    session.run_script("click:#token\ntype:hunter2").unwrap();
    let error =
        session.run_script("batch:(key:end; wait-for:value=lovelace,#token,10)").unwrap_err();
    let shown = format!("{error} {error:?}");
    assert!(!shown.contains("lovelace"), "{shown}");
}
