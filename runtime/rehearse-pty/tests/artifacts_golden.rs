//! Artifacts from the grid: the terminal-state golden (seed 003) with text and
//! style apart, the scrollback golden, the theme-neutrality check, the ratatui
//! `Buffer`, and an asciicast v2 recording of a real PTY with real timing.

use crate::common;

use common::{PROMPT, TIMEOUT, bash};
use rehearse_pty::artifacts::{
    ThemeRule, check_theme_neutral, scrollback_golden, terminal_golden, to_buffer,
};
use rehearse_pty::emulator::{Emulator, Vt100Emulator};
use rehearse_pty::{ExitInfo, PtySession, ScreenCondition};

#[test]
fn the_terminal_golden_keeps_text_and_style_apart() {
    let mut emu = Vt100Emulator::new(4, 12, 100);
    emu.feed(b"\x1b]2;demo\x07old\r\n\x1b[1;31mbold red\x1b[0m ok\r\nwraps past the edge\x1b[7m \x1b[0m\r\nend");
    let golden = terminal_golden(&emu, None);
    let expected = "\
terminal 12x4 buffer=main viewport=1
lifecycle running
title \"demo\"
cursor row=3 col=3 visible
0| \"bold red ok\"
  style 0-8 bold fg=1
1~| \"wraps past t\"
2| \"he edge\"
  style 7-8 reverse
3| \"end\"
";
    assert_eq!(golden, expected);
    assert_eq!(scrollback_golden(&emu), "0| \"old\"\n");
    let exited = terminal_golden(&emu, Some(ExitInfo { code: Some(2), signal: None }));
    assert!(exited.contains("\nlifecycle exited code=2\n"));
}

#[test]
fn the_alternate_screen_golden_has_viewport_zero_and_a_hidden_cursor() {
    let mut emu = Vt100Emulator::new(2, 5, 100);
    emu.feed(b"a\r\nb\r\nc\x1b[?1049h\x1b[?25lalt");
    let golden = terminal_golden(&emu, None);
    assert!(golden.starts_with("terminal 5x2 buffer=alternate viewport=0\n"), "{golden}");
    assert!(golden.contains("cursor row=0 col=3 hidden\n"), "{golden}");
}

#[test]
fn theme_neutrality_rejects_rgb_extended_and_explicit_backgrounds() {
    let mut emu = Vt100Emulator::new(2, 10, 0);
    // ANSI colours and reverse video on default colours are fine.
    emu.feed(b"\x1b[31ma\x1b[0m\x1b[7mselected\x1b[0m");
    assert_eq!(check_theme_neutral(&emu), Ok(()));
    emu.feed(b"\r\n\x1b[38;2;1;2;3mr\x1b[0m\x1b[38;5;200mx\x1b[0m\x1b[44mb\x1b[0m\x1b[48;2;0;0;0mk\x1b[0m");
    let rules: Vec<ThemeRule> =
        check_theme_neutral(&emu).unwrap_err().iter().map(|v| v.rule).collect();
    assert_eq!(
        rules,
        vec![
            ThemeRule::RgbForeground,
            ThemeRule::ExtendedIndex(200),
            ThemeRule::ExplicitBackground,
            ThemeRule::RgbBackground
        ]
    );
}

#[test]
fn the_grid_converts_to_a_ratatui_buffer() {
    use ratatui::style::{Color, Modifier};
    let mut emu = Vt100Emulator::new(2, 6, 0);
    emu.feed(b"\x1b[1;32mok\x1b[0m \xe4\xb8\xad!");
    let buffer = to_buffer(&emu);
    assert_eq!(buffer.area.width, 6);
    assert_eq!(buffer.area.height, 2);
    assert_eq!(buffer[(0, 0)].symbol(), "o");
    assert_eq!(buffer[(0, 0)].fg, Color::Green);
    assert!(buffer[(0, 0)].modifier.contains(Modifier::BOLD));
    assert_eq!(buffer[(2, 0)].fg, Color::Reset);
    assert_eq!(buffer[(3, 0)].symbol(), "中");
    assert_eq!(buffer[(5, 0)].symbol(), "!");
    assert_eq!(buffer[(0, 1)].symbol(), " ");
}

#[test]
fn a_real_session_records_an_asciicast_with_real_timing() {
    let mut session = PtySession::spawn(bash().record(true).record_input(true)).unwrap();
    session.wait_screen(&ScreenCondition::contains(PROMPT), TIMEOUT).unwrap();
    session.type_text("echo recorded-$((1+1))\r").unwrap();
    session.wait_screen(&ScreenCondition::contains("\nrecorded-2"), TIMEOUT).unwrap();
    session.resize(90, 20).unwrap();
    let cast = session.asciicast().unwrap();
    let mut lines = cast.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(header["version"], 2);
    assert_eq!((header["width"].as_u64(), header["height"].as_u64()), (Some(80), Some(24)));
    let events: Vec<serde_json::Value> =
        lines.map(|line| serde_json::from_str(line).unwrap()).collect();
    let times: Vec<f64> = events.iter().map(|e| e[0].as_f64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    assert!(times.last().unwrap() > &0.0);
    let output: String =
        events.iter().filter(|e| e[1] == "o").map(|e| e[2].as_str().unwrap().to_owned()).collect();
    assert!(output.contains("recorded-2"), "{output:?}");
    assert!(events.iter().any(|e| e[1] == "i" && e[2].as_str().unwrap().contains("echo recorded")));
    assert!(events.iter().any(|e| e[1] == "r" && e[2] == "90x20"));
    // Goldens and the buffer from a live session.
    let golden = session.terminal_golden();
    assert!(golden.starts_with("terminal 90x20 buffer=main"), "{golden}");
    assert!(golden.contains("\"recorded-2\""), "{golden}");
    assert_eq!(session.buffer().area.width, 90);
    let emu_rows = session.with_emulator(|emu: &dyn Emulator| emu.size().0);
    assert_eq!(emu_rows, 20);
}
