//! The live runner restores the terminal however the app ends: it quits,
//! or it panics. An app binary runs in a real PTY under a shell that, once
//! the app has ended, prints its exit status and the terminal's modes
//! (`stty -a`); the emulator says which screen is shown and which input
//! modes are on.

use std::time::Duration;

use rehearse_pty::emulator::ActiveBuffer;
use rehearse_pty::encode::MouseReporting;
use rehearse_pty::{PtySession, PtySessionOptions, ScreenCondition};

const WAIT: Duration = Duration::from_secs(20);

/// Runs the fixture, presses `key` once its first frame is up, and
/// returns the session once the shell around it has printed everything.
fn ended_by(key: &[u8]) -> PtySession {
    let options = PtySessionOptions::new("/bin/sh")
        .args([
            "-c",
            "\"$0\"; echo \"exit=$?\"; stty -a",
            env!("CARGO_BIN_EXE_rehearse-fixture-live"),
        ])
        .size(100, 30)
        .marker("a-token-only-this-test-knows", "live-restore");
    let session = PtySession::spawn(options).expect("the fixture starts");
    session.wait_screen(&ScreenCondition::contains("fragile ready"), WAIT).expect("a first frame");
    // While the app runs: its alternate screen, mouse and paste modes.
    session.with_emulator(|emulator| {
        assert_eq!(emulator.active_buffer(), ActiveBuffer::Alternate);
        let modes = emulator.input_modes();
        assert!(modes.bracketed_paste, "{modes:?}");
        assert_ne!(modes.mouse_reporting, MouseReporting::Off, "{modes:?}");
    });
    session.write(key).unwrap();
    session.wait_exit(WAIT).expect("the shell ends");
    session
}

/// The terminal as a shell finds it again: the main screen, no mouse or
/// paste reporting, a visible cursor, and canonical mode with echo and
/// signals (not raw).
fn assert_restored(session: &PtySession) {
    session.with_emulator(|emulator| {
        assert_eq!(emulator.active_buffer(), ActiveBuffer::Main, "{}", emulator.screen_text());
        let modes = emulator.input_modes();
        assert!(!modes.bracketed_paste, "{modes:?}");
        assert_eq!(modes.mouse_reporting, MouseReporting::Off, "{modes:?}");
        assert!(emulator.cursor().visible);
    });
    let screen = session.screen_text();
    let settings: Vec<&str> = screen.split_whitespace().collect();
    for mode in ["icanon", "echo", "isig", "icrnl", "opost"] {
        assert!(settings.contains(&mode), "`{mode}` is off after the app:\n{screen}");
    }
}

#[test]
fn quitting_restores_the_terminal() {
    let session = ended_by(b"q");
    assert!(session.screen_text().contains("exit=0"), "{}", session.screen_text());
    assert_restored(&session);
}

#[test]
fn a_panic_restores_the_terminal_and_its_message_is_readable() {
    let session = ended_by(b"p");
    let screen = session.screen_text();
    assert!(screen.contains("the fragile app broke on purpose"), "{screen}");
    assert!(screen.contains("exit=1"), "{screen}");
    assert_restored(&session);
}
