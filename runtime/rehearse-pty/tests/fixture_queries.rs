//! A program that asks for the cursor position (CPR) and the device
//! attributes (DA1, after a kitty keyboard probe) at start, and exits non-zero
//! when unanswered, gets true answers: the cursor where it was when it asked.

use crate::common;

use common::{TIMEOUT, fixture};
use rehearse_pty::{PtySession, PtySessionOptions, ScreenCondition};

#[test]
fn cpr_and_da1_are_answered_at_start() {
    let session = PtySession::spawn(PtySessionOptions::new(fixture("queries"))).unwrap();
    session.wait_screen(&ScreenCondition::contains("replies:"), TIMEOUT).unwrap();
    let exit = session.wait_exit(TIMEOUT).unwrap();
    let screen = session.screen_text();
    assert_eq!(exit.code, Some(0), "{screen}");
    // The cursor was at row 3, column 7 when the program asked; no reply to
    // the kitty probe, so DA1 follows CPR directly.
    assert!(screen.contains("replies: ESC[3;7RESC[?62;22c"), "{screen}");
}

#[test]
fn a_crossterm_program_gets_its_cursor_position_and_falls_back_from_kitty() {
    let session = PtySession::spawn(PtySessionOptions::new(fixture("crossterm"))).unwrap();
    let exit = session.wait_exit(TIMEOUT).unwrap();
    let screen = session.screen_text();
    assert_eq!(exit.code, Some(0), "{screen}");
    // crossterm reports zero-based (col, row); no kitty reply, so DA1 tells
    // it the protocol is unsupported, without waiting for its timeout.
    assert!(screen.contains("position col=8 row=3 kitty=false"), "{screen}");
}
