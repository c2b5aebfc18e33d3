//! Paste, mouse and keys reach the program as the exact bytes a terminal
//! sends for the modes it enabled (the fixture enables `?2004`, `?1000` and
//! `?1006` and echoes what it reads as hex).

use crate::common;

use common::{TIMEOUT, fixture};
use rehearse_lang::{KeyCode, KeyPress, Modifiers, MouseButton};
use rehearse_pty::encode::{MouseAction, MouseEncoding, MouseInput, MouseInputButton};
use rehearse_pty::{PtySession, PtySessionOptions, ScreenCondition};

/// Every byte the fixture has echoed, as hex, in order.
fn echoed(session: &PtySession) -> String {
    let all = session.scrollback_text() + "\n" + &session.screen_text();
    all.lines().filter_map(|line| line.strip_prefix("in: ")).collect::<Vec<_>>().join(" ")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// Sends, waits until the fixture has read `total` bytes, and returns what it
/// read since `before` bytes.
fn round_trip(
    session: &PtySession,
    total: &mut usize,
    send: impl FnOnce(&PtySession),
    len: usize,
) -> String {
    let before = echoed(session);
    send(session);
    *total += len;
    session
        .wait_screen(
            &ScreenCondition::contains(format!("total={total}")).with_scrollback(),
            TIMEOUT,
        )
        .unwrap();
    let after = echoed(session);
    after[before.len()..].trim().to_owned()
}

#[test]
fn paste_and_mouse_bytes_are_exact() {
    let session = PtySession::spawn(PtySessionOptions::new(fixture("echo")).size(100, 40)).unwrap();
    session.wait_screen(&ScreenCondition::contains("ready"), TIMEOUT).unwrap();
    let modes = session.input_modes();
    assert!(modes.bracketed_paste);
    assert_eq!(modes.mouse_encoding, MouseEncoding::Sgr);
    let mut total = 0;

    let paste = b"\x1b[200~hello world\x1b[201~";
    let got = round_trip(&session, &mut total, |s| s.paste("hello world").unwrap(), paste.len());
    assert_eq!(got, hex(paste));

    // A left click at the zero-based cell (4, 2): SGR press then release.
    let click = b"\x1b[<0;5;3M\x1b[<0;5;3m";
    let input = MouseInput {
        col: 4,
        row: 2,
        button: MouseInputButton::Button(MouseButton::Left),
        action: MouseAction::Click,
    };
    let got = round_trip(&session, &mut total, |s| s.mouse(input).unwrap(), click.len());
    assert_eq!(got, hex(click));

    let wheel = b"\x1b[<65;10;1M";
    let input = MouseInput {
        col: 9,
        row: 0,
        button: MouseInputButton::WheelDown,
        action: MouseAction::Click,
    };
    let got = round_trip(&session, &mut total, |s| s.mouse(input).unwrap(), wheel.len());
    assert_eq!(got, hex(wheel));

    let up = b"\x1b[A";
    let got = round_trip(
        &session,
        &mut total,
        |s| s.key(KeyPress::new(KeyCode::Up, Modifiers::NONE)).unwrap(),
        up.len(),
    );
    assert_eq!(got, hex(up));

    session
        .key(KeyPress::new(KeyCode::Char('c'), Modifiers { ctrl: true, alt: false, shift: false }))
        .unwrap();
    assert_eq!(session.wait_exit(TIMEOUT).unwrap().code, Some(0));
}

#[test]
fn paste_without_bracketed_mode_is_the_literal_text() {
    // bash with bracketed paste switched off in readline.
    let session = PtySession::spawn(common::bash().env("INPUTRC", "/dev/null")).unwrap();
    session.wait_screen(&ScreenCondition::contains(common::PROMPT), TIMEOUT).unwrap();
    session.type_text("bind 'set enable-bracketed-paste off'\r").unwrap();
    session
        .wait_screen(&ScreenCondition::matches(r"(?m)off'\nREADY\$ $").unwrap(), TIMEOUT)
        .unwrap();
    assert!(!session.input_modes().bracketed_paste);
    session.paste("echo pasted-literal\r").unwrap();
    session.wait_screen(&ScreenCondition::contains("\npasted-literal"), TIMEOUT).unwrap();
}
