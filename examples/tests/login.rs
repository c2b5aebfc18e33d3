//! The login example driven through the executor, asserting on the tree.

use rehearse::prelude::*;
use rehearse_examples::login::{DEMO_PASSWORD, DEMO_USER, LoginApp, ids};

fn session() -> Session<LoginApp> {
    Session::new(LoginApp::default(), SessionOptions::default().viewport(80, 24))
}

fn steps(session: &mut Session<LoginApp>, steps: Vec<AutomationStep>) {
    if let Err(error) = session.run(steps) {
        panic!("{error}\n{}", session.tree().to_markdown());
    }
}

#[test]
fn submit_stays_disabled_until_both_fields_are_filled() {
    let mut session = session();
    let submit = |s: &Session<LoginApp>| s.tree().by_id(ids::SUBMIT).unwrap().states.enabled;
    assert!(!submit(&session));
    steps(
        &mut session,
        vec![AutomationStep::click(Selector::id(ids::USER)), AutomationStep::type_text("ada")],
    );
    assert!(!submit(&session));
    steps(
        &mut session,
        vec![AutomationStep::click(Selector::id(ids::PASSWORD)), AutomationStep::type_text("x")],
    );
    assert!(submit(&session));
    let error = session.step(AutomationStep::click(Selector::id(ids::SUBMIT)));
    assert!(error.is_ok());
}

#[test]
fn a_disabled_submit_refuses_the_click_with_a_reason() {
    let mut session = session();
    let error = session.step(AutomationStep::click(Selector::id(ids::SUBMIT))).unwrap_err();
    assert_eq!(error.index, 0);
    assert!(matches!(error.error, AutomationError::NotActionable { .. }), "{error}");
    assert!(error.to_string().contains("disabled"), "{error}");
}

#[test]
fn bad_credentials_raise_an_alert_and_refocus_the_password() {
    let mut session = session();
    steps(
        &mut session,
        vec![
            AutomationStep::click(Selector::id(ids::USER)),
            AutomationStep::type_text("ada"),
            AutomationStep::key(KeyCode::Tab),
            AutomationStep::type_text("wrong"),
            AutomationStep::key(KeyCode::Enter),
        ],
    );
    let alert = session.tree().by_id(ids::ERROR).expect("an alert");
    assert_eq!(alert.role, SemanticRole::Alert);
    assert_eq!(alert.name, "Wrong user name or password");
    assert!(session.tree().by_id(ids::PASSWORD).unwrap().is_focused());
    assert_eq!(session.app().failed_attempts(), 1);
    assert_eq!(session.app().signed_in(), None);
}

#[test]
fn good_credentials_show_the_welcome_screen_and_sign_out_returns() {
    let mut session = session();
    steps(
        &mut session,
        vec![
            AutomationStep::click(Selector::id(ids::USER)),
            AutomationStep::type_text(DEMO_USER),
            AutomationStep::click(Selector::id(ids::PASSWORD)),
            AutomationStep::type_text(DEMO_PASSWORD),
            AutomationStep::click(Selector::role(SemanticRole::Button).name("Sign in")),
        ],
    );
    assert_eq!(session.app().signed_in(), Some(DEMO_USER));
    assert_eq!(session.tree().by_id(ids::WELCOME).unwrap().name, "Welcome, ada");
    assert!(session.tree().by_id(ids::USER).is_none());
    steps(&mut session, vec![AutomationStep::click(Selector::id(ids::SIGN_OUT))]);
    assert!(session.tree().by_id(ids::USER).unwrap().is_focused());
}

#[test]
fn the_password_never_appears_in_semantic_output() {
    let mut session = session();
    steps(
        &mut session,
        vec![
            AutomationStep::click(Selector::id(ids::PASSWORD)),
            AutomationStep::type_text("hunter2-secret"),
        ],
    );
    let tree = session.tree();
    let password = tree.by_id(ids::PASSWORD).unwrap();
    assert_eq!(password.value.as_ref().unwrap().sensitivity(), Sensitivity::Masked);
    assert_eq!(password.public_value(), None);
    let json = tree.to_json();
    let markdown = tree.to_markdown();
    assert!(!json.contains("hunter2"), "{json}");
    assert!(!markdown.contains("hunter2"), "{markdown}");
    assert!(json.contains(r#""redacted": true"#), "{json}");
    assert!(markdown.contains("value=<masked>"), "{markdown}");
    // What the user sees is the mask, not the secret.
    let screen: String = session.buffer().content.iter().map(|cell| cell.symbol()).collect();
    assert!(!screen.contains("hunter2"));
    assert!(screen.contains("••••••••••••••"));
    // Text selectors cannot probe the secret either.
    assert!(tree.containing_text("hunter2").is_empty());
}
