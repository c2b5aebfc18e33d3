//! A program that uses synchronized output settles on the end of a frame
//! (`?2026l`); a pause inside a frame never settles on the quiet window.

use crate::common;

use std::time::Duration;

use common::{PROMPT, TIMEOUT, bash};
use rehearse_pty::{PtyError, PtySession, ScreenCondition, Settle, SettlePolicy};

#[test]
fn the_end_of_a_frame_settles_without_a_quiet_window() {
    let session = PtySession::spawn(bash()).unwrap();
    session.wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    // From here on, only signals settle: nothing does until a frame ends.
    session.set_settle_policy(SettlePolicy { quiet_window: None, sync_output: true });
    session.type_text("echo no-frame\r").unwrap();
    let error = session.wait_settled(Duration::from_millis(300)).unwrap_err();
    assert!(matches!(error, PtyError::Timeout { .. }), "{error}");
    session.type_text("printf '\\033[?2026hframe-one\\033[?2026l\\n'\r").unwrap();
    let outcome = session.wait_screen(&ScreenCondition::contains("\nframe-one"), TIMEOUT).unwrap();
    assert_eq!(outcome.settle, Settle::SyncEnd);
}

#[test]
fn a_pause_inside_a_frame_does_not_settle_on_the_quiet_window() {
    let session = PtySession::spawn(bash()).unwrap();
    session.wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    // The frame pauses 300 ms (more than the 120 ms window) in the middle.
    session
        // `\x2d` keeps the needle out of the echoed command line.
        .type_text(
            "printf '\\033[?2026hpart\\x2d1'; sleep 0.3; printf ' part\\x2d2\\033[?2026l\\n'\r",
        )
        .unwrap();
    let outcome = session.wait_screen(&ScreenCondition::contains("part-1"), TIMEOUT).unwrap();
    assert_eq!(outcome.settle, Settle::SyncEnd);
    assert!(session.screen_text().contains("part-1 part-2"), "{}", session.screen_text());
}
