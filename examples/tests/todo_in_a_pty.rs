//! The todo example's own binary in a real PTY: with `REHEARSE_TOKEN` and
//! `REHEARSE_SESSION` in its environment it announces every commit with the
//! render-commit marker, so every wait here settles on a marker — the quiet
//! window is switched off, and a wait that could only settle on silence
//! would time out.

use std::time::Duration;

use rehearse::{KeyCode, KeyPress, vocabulary::MouseButton};
use rehearse_pty::encode::{MouseAction, MouseInput, MouseInputButton};
use rehearse_pty::{PtySession, PtySessionOptions, ScreenCondition, Settle, WaitOutcome};

const TIMEOUT: Duration = Duration::from_secs(10);

fn todo() -> PtySession {
    let options = PtySessionOptions::new(env!("CARGO_BIN_EXE_todo"))
        .size(80, 24)
        .marker("a-token-only-this-test-knows", "todo-1")
        .quiet_window(None);
    PtySession::spawn(options).expect("the todo binary starts")
}

fn on_a_marker(outcome: &WaitOutcome) -> u64 {
    match outcome.settle {
        Settle::Marker { revision, .. } => revision,
        other => panic!("expected a marker settle, got {other:?}"),
    }
}

/// Where `text` starts on the screen (column, row).
fn find(session: &PtySession, text: &str) -> (u16, u16) {
    let screen = session.screen_text();
    screen
        .lines()
        .enumerate()
        .find_map(|(row, line)| {
            let at = line.find(text)?;
            let col = line[..at].chars().count();
            Some((u16::try_from(col).ok()?, u16::try_from(row).ok()?))
        })
        .unwrap_or_else(|| panic!("`{text}` is not on the screen:\n{screen}"))
}

#[test]
fn adding_a_todo_settles_on_the_apps_own_markers() {
    let session = todo();
    let first = session.wait_screen(&ScreenCondition::contains("What needs doing?"), TIMEOUT);
    let mut last = on_a_marker(&first.expect("the first frame"));

    // Click the input, as a person would: an SGR mouse report at its cell.
    let (col, row) = find(&session, "What needs doing?");
    session
        .mouse(MouseInput {
            col,
            row,
            button: MouseInputButton::Button(MouseButton::Left),
            action: MouseAction::Click,
        })
        .expect("the app enabled mouse reporting");
    let clicked = session.wait_settled(TIMEOUT).expect("the click is answered");
    let revision = on_a_marker(&clicked);
    assert!(revision > last, "a newer commit answers the click");
    last = revision;

    session.type_text("Buy milk").unwrap();
    session.key(KeyPress::from(KeyCode::Enter)).unwrap();
    // The base marker says a commit came after the input was written, not
    // that it answered all of it (the typed title's own commits come first),
    // so wait for what only the Enter makes: the counter.
    let added = session
        .wait_screen(&ScreenCondition::contains("1 item left"), TIMEOUT)
        .expect("the new todo is listed");
    assert!(on_a_marker(&added) > last);
    assert!(session.screen_text().contains("Buy milk"), "{}", session.screen_text());
    assert_eq!(session.markers_ignored(), 0, "every marker the app wrote verified");

    session.key("ctrl+c".parse().unwrap()).unwrap();
    let exit = session.wait_exit(TIMEOUT).expect("Ctrl+C quits");
    assert_eq!(exit.code, Some(0), "a clean exit: {exit:?}");
}

#[test]
fn an_input_that_changes_nothing_is_still_answered_by_a_marker() {
    let session = todo();
    let first = session
        .wait_screen(&ScreenCondition::contains("What needs doing?"), TIMEOUT)
        .expect("the first frame");
    let before = on_a_marker(&first);
    let screen = session.screen_text();
    // F12 is bound to nothing: the screen stays, the marker still comes.
    session.key(KeyPress::from(KeyCode::F(12))).unwrap();
    let answered = session.wait_settled(TIMEOUT).expect("no timeout: the app answers");
    assert!(on_a_marker(&answered) > before);
    assert_eq!(session.screen_text(), screen);
}
