//! `bash --norc --noprofile` inline: the prompt, echo, scrollback waits, exit
//! codes, and the errors a wait gives when the program is gone or the
//! condition never holds.

use crate::common;

use std::time::Duration;

use common::{PROMPT, TIMEOUT, bash};
use rehearse_pty::{
    LineCount, PtyError, PtySession, ScreenCondition, ScrollbackCondition, Settle, TextMatch,
};

fn started() -> PtySession {
    let session = PtySession::spawn(bash()).unwrap();
    session.wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    session
}

#[test]
fn prompt_echo_and_the_quiet_window_settle() {
    let session = started();
    session.type_text("echo hello-$((6*7))\r").unwrap();
    let outcome = session.wait_screen(&ScreenCondition::contains("hello-42"), TIMEOUT).unwrap();
    // bash uses no marker and no synchronized output: the wait judged the
    // screen once the output stopped arriving (or quiet), and says that this
    // proves nothing about a whole frame.
    assert!(matches!(outcome.settle, Settle::BurstEnd | Settle::Quiet(_)), "{:?}", outcome.settle);
    let said = outcome.settle.to_string();
    assert!(said.contains("mid-frame") || said.contains("does not prove"), "{said}");
    // A stable screen: the stability window, said so.
    let stable = session.wait_settled(TIMEOUT).unwrap();
    assert!(matches!(stable.settle, Settle::Quiet(_)), "{:?}", stable.settle);
    assert!(stable.settle.to_string().contains("does not prove"));
    let answered = r"READY\$ echo hello-\$\(\(6\*7\)\)\nhello-42\nREADY\$";
    session.wait_screen(&ScreenCondition::matches(answered).unwrap(), TIMEOUT).unwrap();
    session.wait_screen(&ScreenCondition::not_contains("never"), TIMEOUT).unwrap();
    session.wait_screen(&ScreenCondition::matches(r"(?m)^hello-\d+$").unwrap(), TIMEOUT).unwrap();
}

#[test]
fn screen_equals_compares_the_whole_screen() {
    let session = started();
    session.type_text("printf '\\033[H\\033[2Jone\\ntwo\\n'\r").unwrap();
    session.wait_screen(&ScreenCondition::equals(format!("one\ntwo\n{PROMPT}")), TIMEOUT).unwrap();
}

#[test]
fn scrollback_waits_see_lines_that_scrolled_off() {
    let session = started();
    session.type_text("for i in $(seq 1 40); do echo line-$i; done\r").unwrap();
    let scrollback = |condition| session.wait_scrollback(&condition, TIMEOUT).unwrap();
    // The loop has printed everything once the next prompt follows line-40
    // (a wait judges the screen while output still arrives).
    session.wait_screen(&ScreenCondition::matches(r"line-40\nREADY\$").unwrap(), TIMEOUT).unwrap();
    scrollback(ScrollbackCondition::Text(TextMatch::Contains("line-5".into())));
    scrollback(ScrollbackCondition::Text(TextMatch::NotContains("line-40".into())));
    scrollback(ScrollbackCondition::Text(TextMatch::regex(r"(?m)^line-1$").unwrap()));
    scrollback(ScrollbackCondition::Lines(LineCount::AtLeast(17)));
    scrollback(ScrollbackCondition::Lines(LineCount::Between(17, 40)));
    let lines = session.with_emulator(|emu| emu.scrollback().len());
    scrollback(ScrollbackCondition::Lines(LineCount::Equals(lines)));
    scrollback(ScrollbackCondition::Lines(LineCount::AtMost(lines)));
    // The scrollback followed by the screen, as one text.
    let all =
        ScreenCondition::matches(r"(?s)line-1\n.*line-40\nREADY\$").unwrap().with_scrollback();
    session.wait_screen(&all, TIMEOUT).unwrap();
    // Not on the screen alone: line-1 scrolled off.
    assert!(!session.screen_text().contains("line-1\n"));
}

#[test]
fn exit_codes_are_waited_on() {
    let session = started();
    session.type_text("exit 7\r").unwrap();
    let exit = session.wait_exit(TIMEOUT).unwrap();
    assert_eq!(exit.code, Some(7));
    let error = session.wait_exit_code(0, TIMEOUT).unwrap_err();
    assert!(matches!(error, PtyError::ExitCode { expected: 0, .. }), "{error}");
    assert!(session.wait_exit_code(7, TIMEOUT).is_ok());
    // Writing to an ended program is a clear error.
    assert!(matches!(session.type_text("x"), Err(PtyError::Ended(_))));
}

#[test]
fn a_screen_wait_ends_early_when_the_program_exits() {
    let session = started();
    session.type_text("echo bye; exit 3\r").unwrap();
    // TargetExited, not a timeout: the wait ended with the program.
    let error =
        session.wait_screen(&ScreenCondition::contains("never printed"), TIMEOUT).unwrap_err();
    match &error {
        PtyError::TargetExited { status, screen, .. } => {
            assert_eq!(status.code, Some(3));
            assert!(screen.contains("bye"), "{screen}");
        }
        other => panic!("{other}"),
    }
    assert!(error.to_string().contains("exit code 3"), "{error}");
    // A scrollback wait too.
    let error = session
        .wait_scrollback(&ScrollbackCondition::Text(TextMatch::Contains("x".into())), TIMEOUT)
        .unwrap_err();
    assert!(matches!(error, PtyError::TargetExited { .. }), "{error}");
}

#[test]
fn a_timeout_shows_the_screen() {
    let session = started();
    session.type_text("echo visible-text\r").unwrap();
    session.wait_screen(&ScreenCondition::contains("\nvisible-text"), TIMEOUT).unwrap();
    let error = session
        .wait_screen(&ScreenCondition::contains("absent"), Duration::from_millis(400))
        .unwrap_err();
    let text = error.to_string();
    assert!(matches!(error, PtyError::Timeout { .. }));
    assert!(text.contains("the screen contains \"absent\""), "{text}");
    assert!(text.contains("visible-text"), "{text}");
}

#[test]
fn idle_waits_for_quiet() {
    let session = started();
    session.type_text("echo a; sleep 0.3; echo b\r").unwrap();
    let outcome = session.wait_idle(Duration::from_millis(500), TIMEOUT).unwrap();
    assert!(outcome.elapsed >= Duration::from_millis(500));
    assert!(session.screen_text().contains("\nb\n"), "{}", session.screen_text());
}

#[test]
fn send_writes_escapes_as_bytes() {
    let session = started();
    session.send(r"echo sent\x2dbytes\r").unwrap();
    session.wait_screen(&ScreenCondition::contains("\nsent-bytes"), TIMEOUT).unwrap();
    assert!(matches!(session.send(r"\q"), Err(PtyError::Encode(_))));
}

#[test]
fn a_bad_regex_is_a_clear_error() {
    let error = ScreenCondition::matches("(unclosed").unwrap_err();
    assert!(matches!(error, PtyError::Regex(_)), "{error}");
}

#[test]
fn the_working_directory_and_environment_are_the_options() {
    let dir = tempfile::tempdir().unwrap();
    let options = bash().current_dir(dir.path()).env("REHEARSE_TEST_VALUE", "from-options");
    let session = PtySession::spawn(options).unwrap();
    session.wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    session.type_text("echo \"$PWD|$REHEARSE_TEST_VALUE|$TERM\"\r").unwrap();
    let expected = format!("\n{}|from-options|xterm-256color", dir.path().display());
    session.wait_screen(&ScreenCondition::contains(expected), TIMEOUT).unwrap();
}
