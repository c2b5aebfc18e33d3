//! Resize like xterm, without reflow: each rule of seed 002.

use rehearse_pty::emulator::{ActiveBuffer, Color, Emulator, Vt100Emulator};

fn lines(emu: &Vt100Emulator) -> Vec<String> {
    let (rows, _) = emu.size();
    (0..rows).map(|row| emu.line_text(row)).collect()
}

#[test]
fn shrinking_columns_cuts_rows_and_halves_a_wide_char_to_a_blank() {
    let mut emu = Vt100Emulator::new(3, 10, 100);
    emu.feed(b"0123456789\r\nab\xe4\xb8\xadcd\r\n\x1b[31mred\x1b[0m");
    emu.resize(3, 3);
    assert_eq!(emu.size(), (3, 3));
    // Row 1: `ab` then the wide char starts at column 2 and is cut in half.
    assert_eq!(lines(&emu), vec!["012", "ab", "red"]);
    assert_eq!(emu.cell(1, 2).unwrap().text, "");
    assert_eq!(emu.cell(2, 0).unwrap().style.fg, Color::Indexed(1));
}

#[test]
fn growing_columns_pads_with_blanks() {
    let mut emu = Vt100Emulator::new(2, 4, 100);
    emu.feed(b"abcd\r\nxy");
    emu.resize(2, 8);
    assert_eq!(lines(&emu), vec!["abcd", "xy"]);
    assert_eq!(emu.cell(0, 7).unwrap().text, "");
    emu.feed(b"\r\x1b[Aabcdefgh");
    assert_eq!(emu.line_text(0), "abcdefgh");
}

#[test]
fn growing_rows_adds_blank_rows_and_never_pulls_from_the_scrollback() {
    let mut emu = Vt100Emulator::new(3, 10, 100);
    emu.feed(b"l1\r\nl2\r\nl3\r\nl4\r\nl5");
    assert_eq!(emu.scrollback_text(), "l1\nl2");
    emu.resize(6, 10);
    assert_eq!(lines(&emu), vec!["l3", "l4", "l5", "", "", ""]);
    assert_eq!(emu.scrollback_text(), "l1\nl2");
    let cursor = emu.cursor();
    assert_eq!((cursor.row, cursor.col), (2, 2));
}

#[test]
fn shrinking_rows_drops_bottom_rows_when_the_cursor_stays_visible() {
    let mut emu = Vt100Emulator::new(5, 10, 100);
    emu.feed(b"a\r\nb\r\nc\r\nd\r\ne\x1b[2;1H");
    emu.resize(3, 10);
    assert_eq!(lines(&emu), vec!["a", "b", "c"]);
    assert_eq!(emu.scrollback_text(), "");
    assert_eq!((emu.cursor().row, emu.cursor().col), (1, 0));
}

#[test]
fn shrinking_rows_pushes_top_rows_into_the_scrollback_to_keep_the_cursor_row() {
    let mut emu = Vt100Emulator::new(5, 10, 100);
    emu.feed(b"a\r\nb\r\nc\r\nd\r\ne\x1b[4;2H");
    emu.resize(2, 10);
    // The cursor was on row 3 (`d`): rows a and b go to the scrollback,
    // oldest first, so `d` is the last row; `e` below it is dropped.
    assert_eq!(emu.scrollback_text(), "a\nb");
    assert_eq!(lines(&emu), vec!["c", "d"]);
    assert_eq!((emu.cursor().row, emu.cursor().col), (1, 1));
}

#[test]
fn the_cursor_is_clamped_keeps_its_visibility_and_deferred_wrap_is_cleared() {
    let mut emu = Vt100Emulator::new(3, 10, 100);
    // Fill row 0 to the last column: the cursor waits to wrap.
    emu.feed(b"\x1b[?25l0123456789");
    emu.resize(3, 5);
    let cursor = emu.cursor();
    assert_eq!((cursor.row, cursor.col, cursor.visible), (0, 4, false));
    // No deferred wrap left: the next character overwrites the last column.
    emu.feed(b"X");
    assert_eq!(emu.line_text(0), "0123X");
    assert_eq!(emu.line_text(1), "");
}

#[test]
fn the_scroll_region_goes_back_to_the_full_screen() {
    let mut emu = Vt100Emulator::new(5, 10, 100);
    emu.feed(b"\x1b[2;3r");
    emu.resize(4, 10);
    // With the full screen as the region, a line feed at the bottom scrolls
    // the top row (`top`) into the scrollback.
    emu.feed(b"\x1b[1;1Htop\x1b[4;1Hbottom\n");
    assert_eq!(emu.scrollback_text(), "top");
}

#[test]
fn wrap_marks_survive_a_height_change() {
    let mut emu = Vt100Emulator::new(4, 5, 100);
    emu.feed(b"abcdefg");
    assert!(emu.line_wrapped(0));
    emu.resize(6, 5);
    assert!(emu.line_wrapped(0));
    assert_eq!(lines(&emu)[..2], ["abcde".to_string(), "fg".to_string()]);
}

#[test]
fn modes_and_the_alternate_screen_survive_a_resize() {
    let mut emu = Vt100Emulator::new(4, 10, 100);
    emu.feed(b"main1\r\nmain2\x1b[?2004h\x1b[?1006h\x1b[?1000h\x1b[?1049h\x1b[Halt");
    assert_eq!(emu.active_buffer(), ActiveBuffer::Alternate);
    emu.resize(6, 12);
    assert_eq!(emu.active_buffer(), ActiveBuffer::Alternate);
    assert_eq!(emu.line_text(0), "alt");
    let modes = emu.input_modes();
    assert!(modes.bracketed_paste);
    assert_eq!(modes.mouse_encoding, rehearse_pty::encode::MouseEncoding::Sgr);
    emu.feed(b"\x1b[?1049l");
    assert_eq!(emu.active_buffer(), ActiveBuffer::Main);
    assert_eq!(lines(&emu)[..3], ["main1".to_string(), "main2".to_string(), String::new()]);
    assert_eq!((emu.cursor().row, emu.cursor().col), (1, 5));
}
