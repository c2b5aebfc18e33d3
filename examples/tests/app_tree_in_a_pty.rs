//! The examples' own binaries in a real PTY with their trees published over
//! the control socket offered to them (`rehearse::control::spawn_app_in_pty`):
//! `#id` and `@role` steps — checked against each app's declared ids at
//! compile time, as on the engine plane — reach the real binary as mouse
//! reports and keys through its terminal. The quiet window is off, so every
//! settle here is one of the app's render-commit markers.

use rehearse::Scenario;
use rehearse::artifacts::{Artifacts, Format};
use rehearse::control::spawn_app_in_pty;
use rehearse::prelude::*;
use rehearse::pty::{PtySessionOptions, Terminal};
use rehearse::semantic::SemanticTree;

fn spawn(binary: &str) -> Terminal {
    let options = PtySessionOptions::new(binary).size(80, 24).quiet_window(None);
    spawn_app_in_pty(options).expect("the binary starts in a PTY")
}

fn run(terminal: &mut Terminal, scenario: Scenario) {
    if let Err(error) = terminal.run(scenario) {
        panic!("{error}\nscreen:\n{}", terminal.pty().screen_text());
    }
}

fn find<'t>(tree: &'t SemanticTree, id: &str) -> &'t rehearse::semantic::SemanticNode {
    tree.nodes()
        .find(|node| node.automation_id.as_ref().is_some_and(|own| own.as_str() == id))
        .unwrap_or_else(|| panic!("no #{id} in the published tree"))
}

#[test]
fn an_engine_app_in_a_pty_takes_id_and_role_steps_through_its_terminal() {
    use rehearse_examples::todo::{TodoApp, ids};
    let mut todo = spawn(env!("CARGO_BIN_EXE_todo"));
    run(
        &mut todo,
        scenario! { app = TodoApp;
            wait-for:exists,#new-todo,5000;
            click:#new-todo;
            type:"oat milk";
            key:enter;
            wait-for:count=1,@list-item,5000;
        },
    );
    // The binary drew it in its terminal, and its own tree says so.
    assert!(todo.pty().screen_text().contains("oat milk"), "{}", todo.pty().screen_text());
    let tree = todo.tree().clone();
    let item = tree.nodes().find(|node| node.role == SemanticRole::ListItem).unwrap();
    assert!(item.name.contains("oat milk"), "{item:?}");
    assert_eq!(tree.generation, todo.generation());
    let toggle = find(&tree, &ids::toggle(1));
    assert_eq!(toggle.states.checked, Some(Checked::False));

    // A click on a node by id is a mouse report at its centre.
    run(
        &mut todo,
        scenario! { app = TodoApp; click:#{ids::toggle(1)}; wait-for:text="1 done",#status,5000; },
    );
    assert_eq!(find(todo.tree(), &ids::toggle(1)).states.checked, Some(Checked::True));

    // An id the app does not show right now: no match, named.
    let error = todo.run(scenario! { app = TodoApp; click:#confirm-yes; }).unwrap_err();
    assert!(matches!(error.failed.error, AutomationError::NoMatch { .. }), "{error}");
}

#[test]
fn an_adopted_ratatui_binary_in_a_pty_publishes_its_tree() {
    use rehearse_examples::shopping::{App, ids};
    let mut shopping = spawn(env!("CARGO_BIN_EXE_shopping"));
    run(
        &mut shopping,
        scenario! { app = App;
            wait-for:exists,#new-item,5000;
            click:#new-item;
            type:"oat milk";
            key:enter;
            wait-for:text="Added oat milk",#status,5000;
            click:@list-item="Eggs";
            wait-for:focused,#items,5000;
        },
    );
    assert!(shopping.pty().screen_text().contains("Added oat milk"));
    let items = find(shopping.tree(), ids::ITEMS);
    assert!(items.children.iter().any(|item| item.name.contains("oat milk")), "{items:?}");
}

#[test]
fn a_paste_reaches_an_adopted_binary_that_reads_only_keys_as_typed_keys() {
    use rehearse_examples::shopping::App;
    let mut shopping = spawn(env!("CARGO_BIN_EXE_shopping"));
    run(&mut shopping, scenario! { app = App; wait-for:exists,#new-item,5000; });
    // The tree comes over the app's socket, the modes in its output: once its
    // first frame (drawn after it set them) is on the screen they are read.
    let first_frame = rehearse::pty::ScreenCondition::contains("Shopping list");
    shopping.pty().wait_screen(&first_frame, std::time::Duration::from_secs(5)).unwrap();
    // The app turned on the mouse, which it reads, and not bracketed paste,
    // which it does not: a paste reaches it as the keys it reads.
    let modes = shopping.pty().input_modes();
    assert!(!modes.bracketed_paste, "{modes:?}");
    assert_ne!(modes.mouse_reporting, rehearse::pty::encode::MouseReporting::Off, "{modes:?}");
    run(
        &mut shopping,
        scenario! { app = App;
            paste:"oat milk";
            key:enter;
            wait-for:text="Added oat milk",#status,5000;
        },
    );
}

#[test]
fn a_sensitive_value_stays_redacted_in_the_published_tree_and_its_checkpoints() {
    use rehearse_examples::login::{LoginApp, ids};
    let out = tempfile::tempdir().unwrap();
    let mut login = spawn(env!("CARGO_BIN_EXE_login"));
    login
        .add_artifacts(Artifacts::new(out.path()).formats([
            Format::Json,
            Format::Markdown,
            Format::Text,
        ]))
        .expect("a terminal with a tree source takes the semantic formats");
    run(
        &mut login,
        scenario! { app = LoginApp;
            wait-for:exists,#password,5000;
            click:#password;
            type:"hunter2-in-a-pty";
            checkpoint:typed;
        },
    );
    let password = find(login.tree(), ids::PASSWORD);
    assert!(password.value.as_ref().is_some_and(|value| value.is_redacted()), "{password:?}");
    let mut written = 0;
    for entry in std::fs::read_dir(out.path()).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("hunter2"), "{} shows the secret:\n{text}", path.display());
        written += 1;
    }
    assert_eq!(written, 4, "json, markdown, text and the scrollback beside it");
    let json = std::fs::read_to_string(out.path().join("typed.json")).unwrap();
    assert!(json.contains("\"id\": \"password\""), "{json}");
}

#[test]
fn a_program_that_publishes_no_tree_keeps_its_screen_lines() {
    let options = PtySessionOptions::new("/bin/sh")
        .args(["-c", "printf 'plain program\\n'; exec sleep 600"])
        .size(40, 5);
    let mut terminal = spawn_app_in_pty(options).unwrap();
    terminal.run_script("wait-for:exists,text~\"plain program\",5000").unwrap();
    assert!(terminal.tree().nodes().any(|node| node.name == "plain program"));
    let error = terminal.run(vec![AutomationStep::click(Selector::id("save"))]).unwrap_err();
    assert!(matches!(error.failed.error, AutomationError::NoMatch { .. }), "{error}");
}

#[test]
fn regular_expressions_match_a_published_tree_and_screen_lines() {
    use rehearse_examples::todo::TodoApp;
    // The binary's published tree: names matched by a pattern.
    let mut todo = spawn(env!("CARGO_BIN_EXE_todo"));
    run(
        &mut todo,
        scenario! { app = TodoApp;
            wait-for:exists,#new-todo,5000;
            click:#new-todo;
            type:"oat milk";
            key:enter;
            wait-for:count=1,@checkbox=/"^oat "/,5000;
            click:@checkbox=/"milk$"/;
            wait-for:text=/r"\b1 done\b"/,#status,5000;
        },
    );

    // No tree: the screen's lines, found by a pattern, clicked at the match.
    let options = PtySessionOptions::new(env!("CARGO_BIN_EXE_todo"))
        .size(80, 24)
        .marker("a-token-only-this-test-knows", "todo-1")
        .quiet_window(None);
    let mut plain = Terminal::spawn(options).expect("the todo binary starts");
    plain
        .run_script(
            "wait-for:exists,text~/What needs doing\\?/,10000\n\
             click:text~/what NEEDS/i\n\
             type:oat milk\n\
             key:enter\n\
             wait-for:exists,text~/\\b1 items? left/,10000",
        )
        .unwrap_or_else(|error| panic!("{error}\nscreen:\n{}", plain.pty().screen_text()));
    assert!(plain.tree().nodes().any(|node| node.name.contains("oat milk")));
    let error = plain.run_script("click:@checkbox=/oat/").unwrap_err();
    assert!(error.to_string().contains("not available"), "{error}");
}
