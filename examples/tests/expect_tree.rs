//! `expect-tree:` on the engine plane: the todo app's list checked against
//! an outline, in `scenario!` and in a script block; a failing outline
//! reported as a diff; and a masked value never shown in one.

use rehearse::AutomationError;
use rehearse::prelude::*;
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
