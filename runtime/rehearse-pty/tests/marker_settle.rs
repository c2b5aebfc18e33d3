//! The render-commit marker settles waits on its own: with the quiet window
//! switched off, a wait returns exactly when the app commits the frame that
//! answered the input, never on a partial frame, a timer's commit from
//! before the input was read, a forged marker or a replayed one.

use crate::common;

use std::time::Duration;

use common::{TIMEOUT, fixture};
use rehearse_pty::{PtyError, PtySession, PtySessionOptions, ScreenCondition, Settle};

fn marker_app() -> PtySession {
    let options = PtySessionOptions::new(fixture("marker"))
        .marker("token-for-the-test", "session-7")
        .quiet_window(None);
    PtySession::spawn(options).unwrap()
}

fn acknowledged(settle: Settle) -> u64 {
    match settle {
        Settle::Marker { revision, acknowledged: true } => revision,
        other => panic!("expected an acknowledging marker settle, got {other:?}"),
    }
}

#[test]
fn waits_rest_on_the_marker_alone() {
    let session = marker_app();
    // The first marker is how the session learns the program sends them
    // (before it, a wait judges each burst end as for any program); with
    // the quiet window off only a signal settles the screen.
    let first = session.wait_settled(TIMEOUT).unwrap();
    assert_eq!(acknowledged(first.settle), 1);
    assert!(session.screen_text().contains("count: 0"));

    session.type_text("+").unwrap();
    let outcome = session.wait_settled(TIMEOUT).unwrap();
    assert_eq!(acknowledged(outcome.settle), 2);
    assert!(session.screen_text().contains("count: 1"));

    // A slow frame: `part A`, 300 ms of silence, `part B`, then the commit.
    // With no quiet window only the commit can settle, so both parts are there.
    session.type_text("s").unwrap();
    let outcome = session.wait_settled(TIMEOUT).unwrap();
    assert_eq!(acknowledged(outcome.settle), 3);
    let screen = session.screen_text();
    assert!(screen.contains("part A") && screen.contains("part B"), "{screen}");

    // A timer's commit that had not read the input yet does not settle.
    session.type_text("t").unwrap();
    let outcome = session.wait_settled(TIMEOUT).unwrap();
    assert_eq!(acknowledged(outcome.settle), 5, "revision 4 was the timer's commit");
    assert!(session.screen_text().contains("tick done"));
    assert_eq!(session.markers_ignored(), 0);
}

#[test]
fn forged_and_replayed_markers_are_ignored() {
    let session = marker_app();
    session.wait_screen(&ScreenCondition::contains("count: 0"), TIMEOUT).unwrap();
    session.type_text("f").unwrap();
    // The app drew `forged` and sent a forged marker and a replay of
    // revision 1: neither settles, so with no quiet window the wait times out.
    let error = session.wait_settled(Duration::from_millis(600)).unwrap_err();
    assert!(matches!(error, PtyError::Timeout { .. }), "{error}");
    assert!(error.to_string().contains("forged"), "the timeout shows the screen: {error}");
    assert_eq!(session.markers_ignored(), 2);
    assert_eq!(session.last_marker_revision(), Some(1));
    // The markers never reached the grid.
    assert!(!session.screen_text().contains("twm"));

    session.type_text("+").unwrap();
    let outcome = session.wait_screen(&ScreenCondition::contains("count: 1"), TIMEOUT).unwrap();
    assert_eq!(acknowledged(outcome.settle), 2);
    session.type_text("q").unwrap();
    assert_eq!(session.wait_exit(TIMEOUT).unwrap().code, Some(0));
}

#[test]
fn without_the_key_markers_are_ignored_and_never_shown() {
    let options = PtySessionOptions::new(fixture("marker"))
        .env("REHEARSE_TOKEN", "t")
        .env("REHEARSE_SESSION", "s");
    let session = PtySession::spawn(options).unwrap();
    let outcome = session.wait_screen(&ScreenCondition::contains("count: 0"), TIMEOUT).unwrap();
    // Not a marker: the screen settled as any program's without one does.
    assert!(!matches!(outcome.settle, Settle::Marker { .. }), "{:?}", outcome.settle);
    // The first commit's marker follows `count: 0` in the stream, and the
    // answer to `+` follows the marker: once `count: 1` is on the screen the
    // marker has been read (a wait returns on the text, before what follows it).
    session.type_text("+").unwrap();
    let outcome = session.wait_screen(&ScreenCondition::contains("count: 1"), TIMEOUT).unwrap();
    assert!(!matches!(outcome.settle, Settle::Marker { .. }), "{:?}", outcome.settle);
    assert!(session.markers_ignored() >= 1);
    assert!(!session.screen_text().contains("8487"));
}
