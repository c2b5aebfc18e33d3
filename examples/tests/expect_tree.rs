//! `expect-tree:` on every plane with a tree: the todo app's list on the
//! engine, checked against an outline in `scenario!` and in a script block;
//! a failing outline reported as a diff; a masked value never shown in one;
//! the countdown adopted (on the controlled clock) and as the real binary in
//! a PTY (the tree it publishes, on the wall clock).

use rehearse::AutomationError;
use rehearse::adopt::{Harness, HarnessOptions};
use rehearse::control::spawn_app_in_pty;
use rehearse::prelude::*;
use rehearse::pty::PtySessionOptions;
use rehearse_examples::countdown;
use rehearse_examples::login::{LoginApp, ids as login_ids};
use rehearse_examples::todo::TodoApp;

fn two_todos_one_done() -> Session<TodoApp> {
    let mut session = Session::new(TodoApp::default(), SessionOptions::default().viewport(80, 24));
    session
        .run(scenario! {
            app = TodoApp;
            click:#new-todo; type:"Buy milk"; key:enter;
            click:#new-todo; type:"Bake bread"; key:enter;
            click:#toggle-1;
        })
        .unwrap_or_else(|error| panic!("{error}"));
    session
}

#[test]
fn an_outline_names_only_what_matters_in_scenario_and_in_a_script() {
    let mut session = two_todos_one_done();
    let report = session
        .run(scenario! {
            app = TodoApp;
            expect-tree:#todos,500(r#"
                - list "todos":
                  - list-item "Buy milk":
                    - checkbox [checked]
                  # a line may skip levels: the checkbox is found at any depth
                  - checkbox /bread/i [checked=false]
            "#);
        })
        .unwrap_or_else(|error| panic!("{error}"));
    let spelled = &*report.steps[0].source.spelling;
    assert!(spelled.starts_with("expect-tree:#todos,500(\"\\n"), "{spelled}");
    let script = "key:esc\nexpect-tree:@tab-list,500 (\n  - tab-list \"Filter\":\n    - tab \"All\" [selected]\n    - tab /^Done$/ [selected=false]\n)\n";
    session.run_script(script).unwrap_or_else(|error| panic!("{error}"));
}

#[test]
fn a_shape_that_is_not_there_fails_with_a_diff_marking_the_first_line_not_found() {
    let mut session = two_todos_one_done();
    let error = session
        .run(scenario! {
            app = TodoApp;
            expect-tree:#todos,500(r#"
                - list:
                  - list-item "Bake bread"
                  - list-item "Buy milk"
            "#);
        })
        .unwrap_err();
    let AutomationError::TreeTimeout(timeout) = &error.failed.error else { panic!("{error}") };
    assert!(timeout.gave_up_early, "nothing pending could change the tree: {timeout}");
    assert_eq!(timeout.matches, 1);
    assert!(
        timeout.reason.starts_with("line 3 of the outline, `- list-item \"Buy milk\"`"),
        "{}",
        timeout.reason
    );
    let message = error.to_string();
    for line in [
        "  >   - list-item \"Buy milk\"",
        "  > - list \"todos\" [focused]:",
        "      - checkbox \"Bake bread\" [checked=false]",
    ] {
        assert!(message.contains(line), "`{line}` is not in:\n{message}");
    }
}

#[test]
fn a_masked_value_and_a_guess_at_it_are_never_shown() {
    let mut session = Session::new(LoginApp::default(), SessionOptions::default().viewport(80, 24));
    session
        .run(scenario! { app = LoginApp; click:#password; type:"hunter2-secret"; })
        .unwrap_or_else(|error| panic!("{error}"));
    let error = session
        .run_script(&format!(
            "expect-tree:#{},50 (- text-box = \"hunter2-secret\")",
            login_ids::PASSWORD
        ))
        .unwrap_err();
    let message = error.to_string();
    assert!(message.contains("= <redacted>"), "{message}");
    assert!(message.contains("= \"<redacted>\""), "{message}");
    assert!(!message.contains("hunter2"), "{message}");
}

#[test]
fn an_adopted_app_is_checked_on_the_controlled_clock() {
    let options = HarnessOptions::default().viewport(50, 8).declared(countdown::ids::DECLARED);
    let mut harness = Harness::start_main(options, countdown::main).expect("the countdown starts");
    harness
        .run(scenario! {
            ids = countdown::ids;
            expect-tree:@application,0("- application:\n  - status /^03:00 Paused$/\n  - progress-bar \"Time passed\" = \"0%\"");
            key:space;
            wait:60000;
            expect-tree:#clock,0("- status \"02:00 Running\"");
            expect-tree:@application,0("- status /Running$/\n- progress-bar = /^33%$/");
        })
        .unwrap_or_else(|error| panic!("{error}"));
    let error = harness
        .run(scenario! { ids = countdown::ids; expect-tree:#progress,0("- progress-bar = \"50%\""); })
        .unwrap_err();
    let message = error.to_string();
    assert!(message.contains("  > - progress-bar \"Time passed\" = \"33%\""), "{message}");
}

#[test]
fn a_program_in_a_terminal_is_checked_against_the_tree_it_publishes() {
    let options =
        PtySessionOptions::new(env!("CARGO_BIN_EXE_countdown")).size(60, 10).quiet_window(None);
    let mut countdown = spawn_app_in_pty(options).expect("the binary starts in a PTY");
    countdown
        .run(scenario! { ids = countdown::ids;
            expect-tree:#clock,5000("- status \"03:00 Paused\"");
            key:space;
            expect-tree:@application,5000("- application:\n  - status /Running$/\n  - progress-bar \"Time passed\"");
            key:q;
            wait-for:exit-code=0,process,5000;
        })
        .unwrap_or_else(|error| panic!("{error}\n{}", countdown.pty().screen_text()));
}
