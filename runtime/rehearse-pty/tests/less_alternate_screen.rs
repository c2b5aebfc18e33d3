//! `less` on a file: the alternate screen, keys, and the main screen back
//! after quitting. Needs the Debian package `less`.

use crate::common;

use std::io::Write as _;

use common::{PROMPT, TIMEOUT, bash};
use rehearse_lang::{KeyCode, KeyPress, Modifiers};
use rehearse_pty::emulator::ActiveBuffer;
use rehearse_pty::{PtySession, ScreenCondition};

#[test]
fn less_runs_on_the_alternate_screen_and_restores_the_main_one() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    for i in 1..=200 {
        writeln!(file, "row {i:03} of the file").unwrap();
    }
    file.flush().unwrap();
    let session = PtySession::spawn(bash()).unwrap();
    session.wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    session.type_text("echo before-less\r").unwrap();
    session.wait_screen(&ScreenCondition::contains("\nbefore-less"), TIMEOUT).unwrap();
    session.type_text(&format!("LESS= less {}\r", file.path().display())).unwrap();
    session.wait_screen(&ScreenCondition::contains("row 001 of the file"), TIMEOUT).unwrap();
    assert_eq!(session.with_emulator(|emu| emu.active_buffer()), ActiveBuffer::Alternate);
    assert!(!session.screen_text().contains("before-less"));

    // Page down, then go to the end.
    session.key(KeyPress::new(KeyCode::Char(' '), Modifiers::NONE)).unwrap();
    session.wait_screen(&ScreenCondition::contains("row 030 of the file"), TIMEOUT).unwrap();
    session.key(KeyPress::new(KeyCode::Char('G'), Modifiers::NONE)).unwrap();
    session.wait_screen(&ScreenCondition::contains("row 200 of the file"), TIMEOUT).unwrap();

    session.key(KeyPress::new(KeyCode::Char('q'), Modifiers::NONE)).unwrap();
    session.wait_screen(&ScreenCondition::contains("before-less"), TIMEOUT).unwrap();
    assert_eq!(session.with_emulator(|emu| emu.active_buffer()), ActiveBuffer::Main);
    // The alternate screen left nothing in the scrollback.
    assert!(!session.scrollback_text().contains("row 0"));
}
