//! The login example driven by `scenario!`s checked against the app's
//! declared ids at compile time, asserting on the tree.

use rehearse::Scenario;
use rehearse::prelude::*;
use rehearse_examples::login::{DEMO_PASSWORD, DEMO_USER, LoginApp, ids};

fn session() -> Session<LoginApp> {
    Session::new(LoginApp::default(), SessionOptions::default().viewport(80, 24))
}

fn run(session: &mut Session<LoginApp>, scenario: Scenario) {
    if let Err(error) = session.run(scenario) {
        panic!("{error}\n{}", session.tree().to_markdown());
    }
}

#[test]
fn submit_stays_disabled_until_both_fields_are_filled() {
    let mut session = session();
    let submit = |s: &Session<LoginApp>| s.tree().by_id(ids::SUBMIT).unwrap().states.enabled;
    assert!(!submit(&session));
    run(&mut session, scenario! { app = LoginApp; click:#user; type:"ada"; });
    assert!(!submit(&session));
    run(&mut session, scenario! { app = LoginApp; click:#password; type:"x"; });
    assert!(submit(&session));
    let result = session.run(scenario! { app = LoginApp; click:#submit; });
    assert!(result.is_ok());
}

#[test]
fn a_disabled_submit_refuses_the_click_with_a_reason() {
    let mut session = session();
    let error = session.run(scenario! { app = LoginApp; click:#submit; }).unwrap_err();
    let error = &error.failed;
    assert_eq!(error.index, 0);
    assert!(matches!(error.error, AutomationError::NotActionable { .. }), "{error}");
    assert!(error.to_string().contains("disabled"), "{error}");
}

#[test]
fn bad_credentials_raise_an_alert_and_refocus_the_password() {
    let mut session = session();
    run(
        &mut session,
        scenario! {
            app = LoginApp;
            click:#user;
            type:"ada";
            key:tab;
            type:"wrong";
            key:enter;
            wait-for:exists,#login-error,0;
            wait-for:focused,#password,0;
        },
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
    // `scenario!` takes string literals; the demo account is spelled out
    // and checked against the constants below.
    run(
        &mut session,
        scenario! {
            app = LoginApp;
            click:#user;
            type:"ada";
            click:#password;
            type:"lovelace";
            click:@button="Sign in";
        },
    );
    assert_eq!((DEMO_USER, DEMO_PASSWORD), ("ada", "lovelace"));
    assert_eq!(session.app().signed_in(), Some(DEMO_USER));
    assert_eq!(session.tree().by_id(ids::WELCOME).unwrap().name, "Welcome, ada");
    assert!(session.tree().by_id(ids::USER).is_none());
    run(&mut session, scenario! { app = LoginApp; click:#sign-out; });
    assert!(session.tree().by_id(ids::USER).unwrap().is_focused());
}

#[test]
fn a_typed_tab_moves_to_the_password_as_the_tab_key_does_in_a_terminal() {
    // A tab in typed text is the Tab key a terminal sends for it, and a line
    // break is Enter: one `type:` fills the form and submits it.
    let mut typed = session();
    run(&mut typed, scenario! { app = LoginApp; click:#user; type:"ada\tlovelace\n"; });
    assert_eq!(typed.app().signed_in(), Some(DEMO_USER));
    // The same from a text script, where `\t` is the escape.
    let mut scripted = session();
    scripted.run_script(r#"click:#user; type:"ada\tlovelace\n""#).expect("runs");
    assert_eq!(scripted.app().signed_in(), Some(DEMO_USER));
}

#[test]
fn the_password_never_appears_in_semantic_output() {
    let mut session = session();
    run(&mut session, scenario! { app = LoginApp; click:#password; type:"hunter2-secret"; });
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

#[test]
fn the_declared_ids_cover_everything_the_view_renders() {
    let options = SessionOptions::default().viewport(80, 24).strict_ids(true);
    let mut session = Session::new(LoginApp::default(), options);
    run(
        &mut session,
        scenario! {
            app = LoginApp;
            click:#user; type:"ada";
            click:#password; type:"nope"; key:enter;
            wait-for:exists,#login-error,0;
            type:"lovelace"; click:#submit;
            wait-for:exists,#welcome,0;
            click:#sign-out;
        },
    );
    assert_eq!(session.app().failed_attempts(), 1);
    assert_eq!(session.app().signed_in(), None);
}

#[test]
fn a_style_wait_on_the_password_field_names_cells_never_the_password() {
    let mut session = session();
    run(&mut session, scenario! { app = LoginApp; click:#password; type:"lovelace"; });
    // Its name is drawn bold (the focused field's title): the failure of
    // the opposite names that cell, never the password.
    run(&mut session, scenario! { app = LoginApp; wait-for:bold,#password,0; });
    let error =
        session.run(scenario! { app = LoginApp; wait-for:bold=false,#password,0; }).unwrap_err();
    let message = error.to_string();
    assert!(message.contains(": was bold at 19,10 (8 of 8 cells)"), "{message}");
    assert!(!message.contains(DEMO_PASSWORD), "{message}");
    // Nor is a guess at it: `text~` never matches a masked value.
    let error = session.run_script("wait-for:bold,text~lovelace,0").unwrap_err().to_string();
    assert!(error.contains("the selector matched nothing"), "{error}");
}
