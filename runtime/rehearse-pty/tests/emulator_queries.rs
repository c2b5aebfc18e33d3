//! The emulator answers terminal queries with the state at that byte of the
//! stream, takes the marker out of the grid, and reports synchronized output.

use rehearse_pty::emulator::{Emulator, TermEvent, Vt100Emulator};

fn emulator() -> Vt100Emulator {
    Vt100Emulator::new(24, 80, 100)
}

#[test]
fn cpr_reports_the_cursor_at_the_query_not_after_the_chunk() {
    let mut emu = emulator();
    // The query comes after moving to row 5, col 10; more output follows in
    // the same chunk and moves the cursor again.
    let fed = emu.feed(b"\x1b[5;10H\x1b[6nmore text\r\n\x1b[6n");
    assert_eq!(fed.replies, b"\x1b[5;10R\x1b[6;1R");
}

#[test]
fn a_query_split_across_reads_is_answered_once() {
    let mut emu = emulator();
    let first = emu.feed(b"abc\x1b[");
    assert!(first.replies.is_empty());
    let second = emu.feed(b"6n");
    assert_eq!(second.replies, b"\x1b[1;4R");
    let third = emu.feed(b"\x1b");
    let fourth = emu.feed(b"[c");
    assert!(third.replies.is_empty());
    assert_eq!(fourth.replies, b"\x1b[?62;22c");
}

#[test]
fn device_attributes_and_colours() {
    let mut emu = emulator();
    assert_eq!(emu.feed(b"\x1b[c").replies, b"\x1b[?62;22c");
    assert_eq!(emu.feed(b"\x1b[0c").replies, b"\x1b[?62;22c");
    assert_eq!(emu.feed(b"\x1b[>c").replies, b"\x1b[>1;0;0c");
    assert_eq!(emu.feed(b"\x1b]10;?\x07").replies, b"\x1b]10;rgb:ffff/ffff/ffff\x1b\\");
    assert_eq!(emu.feed(b"\x1b]11;?\x1b\\").replies, b"\x1b]11;rgb:0000/0000/0000\x1b\\");
    assert_eq!(
        emu.feed(b"\x1b]10;?;?\x07").replies,
        b"\x1b]10;rgb:ffff/ffff/ffff\x1b\\\x1b]11;rgb:0000/0000/0000\x1b\\"
    );
    assert_eq!(emu.feed(b"\x1b[5n").replies, b"\x1b[0n");
}

#[test]
fn kitty_keyboard_query_gets_no_answer() {
    let mut emu = emulator();
    let fed = emu.feed(b"\x1b[?u\x1b[c");
    // Only the DA1 reply: crossterm reads it as "no kitty protocol".
    assert_eq!(fed.replies, b"\x1b[?62;22c");
}

#[test]
fn decrqm_reports_known_modes_and_zero_for_unknown() {
    let mut emu = emulator();
    assert_eq!(emu.feed(b"\x1b[?2004$p").replies, b"\x1b[?2004;2$y");
    emu.feed(b"\x1b[?2004h\x1b[?1h\x1b[?1006h\x1b[?1000h");
    assert_eq!(emu.feed(b"\x1b[?2004$p").replies, b"\x1b[?2004;1$y");
    assert_eq!(emu.feed(b"\x1b[?1$p").replies, b"\x1b[?1;1$y");
    assert_eq!(emu.feed(b"\x1b[?1006$p").replies, b"\x1b[?1006;1$y");
    assert_eq!(emu.feed(b"\x1b[?1000$p").replies, b"\x1b[?1000;1$y");
    assert_eq!(emu.feed(b"\x1b[?1003$p").replies, b"\x1b[?1003;2$y");
    assert_eq!(emu.feed(b"\x1b[?25$p").replies, b"\x1b[?25;1$y");
    assert_eq!(emu.feed(b"\x1b[?2026$p").replies, b"\x1b[?2026;2$y");
    assert_eq!(emu.feed(b"\x1b[?2026h\x1b[?2026$p").replies, b"\x1b[?2026;1$y");
    assert_eq!(emu.feed(b"\x1b[?4242$p").replies, b"\x1b[?4242;0$y");
    assert_eq!(emu.feed(b"\x1b[4$p").replies, b"\x1b[4;0$y");
}

#[test]
fn input_modes_follow_the_program() {
    let mut emu = emulator();
    let modes = emu.input_modes();
    assert!(!modes.bracketed_paste && !modes.application_cursor);
    emu.feed(b"\x1b[?2004h\x1b[?1h\x1b[?1006h\x1b[?1002h");
    let modes = emu.input_modes();
    assert!(modes.bracketed_paste && modes.application_cursor);
    assert_eq!(modes.mouse_encoding, rehearse_pty::encode::MouseEncoding::Sgr);
    assert_eq!(modes.mouse_reporting, rehearse_pty::encode::MouseReporting::ButtonMotion);
}

#[test]
fn the_marker_never_reaches_the_grid_and_is_reported() {
    let mut emu = emulator();
    let fed = emu.feed(b"before\x1b]8487;twm;1;AAAAAAAAAAAAAAAAAAAAAA\x07after");
    assert_eq!(emu.line_text(0), "beforeafter");
    assert_eq!(
        fed.events,
        vec![TermEvent::MarkerCandidate(vec![
            b"8487".to_vec(),
            b"twm".to_vec(),
            b"1".to_vec(),
            b"AAAAAAAAAAAAAAAAAAAAAA".to_vec()
        ])]
    );
    // An oversized OSC 8487 is neither shown nor reported.
    let long = [b"x\x1b]8487;twm;".as_slice(), &[b'9'; 20_000], b"\x07y"].concat();
    let fed = emu.feed(&long);
    assert!(fed.events.is_empty());
    assert_eq!(emu.line_text(0), "beforeafterxy");
}

#[test]
fn synchronized_output_edges_are_reported_once() {
    let mut emu = emulator();
    let fed = emu.feed(b"\x1b[?2026hframe\x1b[?2026h\x1b[?2026l\x1b[?2026l");
    assert_eq!(fed.events, vec![TermEvent::SyncBegin, TermEvent::SyncEnd]);
}

#[test]
fn cells_styles_cursor_and_title() {
    let mut emu = emulator();
    emu.feed(b"\x1b]2;my title\x07\x1b[1;31mR\x1b[0m\x1b[48;2;1;2;3mB\x1b[0m\xe4\xb8\xad\x1b[?25l");
    let red = emu.cell(0, 0).unwrap();
    assert_eq!(red.text, "R");
    assert!(red.style.bold);
    assert_eq!(red.style.fg, rehearse_pty::emulator::Color::Indexed(1));
    assert_eq!(emu.cell(0, 1).unwrap().style.bg, rehearse_pty::emulator::Color::Rgb(1, 2, 3));
    assert_eq!(emu.cell(0, 2).unwrap().width, 2);
    assert_eq!(emu.cell(0, 3).unwrap().width, 0);
    assert_eq!(emu.line_text(0), "RB中");
    let cursor = emu.cursor();
    assert_eq!((cursor.row, cursor.col, cursor.visible), (0, 4, false));
    assert_eq!(emu.title(), Some("my title"));
}

#[test]
fn lines_scrolled_off_go_to_the_scrollback_with_wrap_marks() {
    let mut emu = Vt100Emulator::new(3, 10, 100);
    emu.feed(b"one\r\n0123456789abc\r\nthree\r\nfour\r\nfive");
    let lines: Vec<_> = emu.scrollback().iter().map(|l| (l.text.as_str(), l.wrapped)).collect();
    assert_eq!(lines, vec![("one", false), ("0123456789", true), ("abc", false)]);
    assert_eq!(emu.screen_text(), "three\nfour\nfive");
    // The alternate screen keeps no scrollback.
    emu.feed(b"\x1b[?1049halt1\r\nalt2\r\nalt3\r\nalt4");
    assert_eq!(emu.scrollback().len(), 3);
}

#[test]
fn the_scrollback_keeps_its_capacity_of_newest_lines() {
    let mut emu = Vt100Emulator::new(2, 10, 3);
    for i in 0..20 {
        emu.feed(format!("same\r\nline-{i}\r\n").as_bytes());
    }
    let lines: Vec<&str> = emu.scrollback().iter().map(|l| l.text.as_str()).collect();
    // 40 lines written on a 2-row screen: the last row is blank, the one
    // above it `line-19`; the three before that are in the scrollback.
    assert_eq!(emu.screen_text(), "line-19\n");
    assert_eq!(lines, ["same", "line-18", "same"]);
}
