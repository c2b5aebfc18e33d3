//! The live runner's marker tells which input a commit answered (`;in=N`,
//! the count of input bytes it had read): against an app whose timer
//! commits every millisecond, a wait settles only on a commit that read the
//! driver's last input, never on a timer's commit made between the write and
//! the app's read. The quiet window is off: the settle rests on markers
//! alone.

use std::time::Duration;

use rehearse_pty::{PtySession, PtySessionOptions, ScreenCondition, Settle};

const TIMEOUT: Duration = Duration::from_secs(10);

fn ticker() -> PtySession {
    let options = PtySessionOptions::new(env!("CARGO_BIN_EXE_ticker"))
        .size(60, 6)
        .marker("a-token-only-this-test-knows", "ticker-1")
        .quiet_window(None);
    PtySession::spawn(options).expect("the ticker binary starts")
}

#[test]
fn a_timers_commit_between_write_and_read_never_settles_a_wait_early() {
    let session = ticker();
    // The app commits on its own: its timer's frames arrive with no input
    // (at least 10 ticks shown), so the inputs below race real commits.
    let ticking = ScreenCondition::matches("ticks: [1-9][0-9]").unwrap();
    session.wait_screen(&ticking, TIMEOUT).expect("the timer's frames");
    let started = session.last_marker_revision().expect("a verified marker");
    let mut typed = String::new();
    for round in 0..40u8 {
        let key = char::from(b'a' + round % 26);
        typed.push(key);
        session.type_text(&key.to_string()).unwrap();
        let settled = session.wait_settled(TIMEOUT).expect("the key is answered");
        assert!(
            matches!(settled.settle, Settle::Marker { acknowledged: true, .. }),
            "settled on {:?}",
            settled.settle
        );
        // The settled screen already shows the key: the commit that settled
        // had read it.
        let screen = session.screen_text();
        assert!(screen.contains(&typed), "round {round}: `{typed}` not yet shown:\n{screen}");
    }
    // Every input was answered by a commit of its own (how many timer
    // commits fell in between depends on scheduling, so it is not counted).
    let commits = session.last_marker_revision().unwrap() - started;
    assert!(commits >= 40, "each input was answered ({commits} commits)");
    assert_eq!(session.markers_ignored(), 0, "every marker verified");
}

#[test]
fn a_resize_reaches_the_app_through_sigwinch() {
    let mut session = ticker();
    session.wait_screen(&ScreenCondition::contains("ticks:"), TIMEOUT).expect("the first frame");
    let full_width = ScreenCondition::matches("(?m)^╭.{58}╮$").unwrap();
    session.wait_screen(&full_width, TIMEOUT).expect("the field spans the 60 columns");
    session.resize(40, 6).unwrap();
    // The app reads the new size on SIGWINCH and redraws the field to fit.
    let narrow = ScreenCondition::matches("(?m)^╭.{38}╮$").unwrap();
    session.wait_screen(&narrow, TIMEOUT).expect("the field spans the 40 columns");
}
