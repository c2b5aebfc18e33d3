//! `resize` on a live program: the emulator first (xterm rules, no reflow),
//! then the PTY, so the program sees the new size; an inline-mode program
//! that redraws with relative moves finds the lines above its live region
//! where it left them.

use crate::common;

use common::{PROMPT, TIMEOUT, bash, fixture};
use rehearse_pty::{PtyError, PtySession, PtySessionOptions, ScreenCondition};

#[test]
fn the_program_sees_the_new_size() {
    let mut session = PtySession::spawn(bash().size(80, 24)).unwrap();
    session.wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    session.type_text("stty size\r").unwrap();
    session.wait_screen(&ScreenCondition::contains("\n24 80"), TIMEOUT).unwrap();
    session.resize(100, 30).unwrap();
    assert_eq!(session.size(), (100, 30));
    assert_eq!(session.with_emulator(|emu| emu.size()), (30, 100));
    session.type_text("stty size\r").unwrap();
    session.wait_screen(&ScreenCondition::contains("\n30 100"), TIMEOUT).unwrap();
    assert!(matches!(session.resize(0, 5), Err(PtyError::InvalidSize { .. })));
}

fn lines(session: &PtySession) -> Vec<String> {
    session.screen_text().lines().map(str::to_owned).collect()
}

#[test]
fn an_inline_program_redraws_in_place_after_a_resize() {
    let mut session =
        PtySession::spawn(PtySessionOptions::new(fixture("inline")).size(40, 10)).unwrap();
    session.wait_screen(&ScreenCondition::contains("status: 40x10\nprompt>"), TIMEOUT).unwrap();

    // Shrink below the cursor's row: the top row goes to the scrollback, the
    // live region stays right under the history.
    session.resize(30, 6).unwrap();
    // The whole redraw: its last line too (a wait may judge a frame drawn
    // in several writes between them).
    session.wait_screen(&ScreenCondition::contains("status: 30x6\nprompt>"), TIMEOUT).unwrap();
    assert_eq!(
        lines(&session),
        ["history 2", "history 3", "history 4", "history 5", "status: 30x6", "prompt>"]
    );
    assert_eq!(session.scrollback_text(), "history 1");

    // Grow: blank rows at the bottom, nothing pulled back from the scrollback.
    session.resize(50, 12).unwrap();
    session.wait_screen(&ScreenCondition::contains("status: 50x12\nprompt>"), TIMEOUT).unwrap();
    let screen = lines(&session);
    assert_eq!(
        screen[..6],
        ["history 2", "history 3", "history 4", "history 5", "status: 50x12", "prompt>"]
    );
    assert!(screen[6..].iter().all(String::is_empty), "{screen:?}");
    assert_eq!(session.scrollback_text(), "history 1");
    session.type_text("q").unwrap();
    assert_eq!(session.wait_exit(TIMEOUT).unwrap().code, Some(0));
}
