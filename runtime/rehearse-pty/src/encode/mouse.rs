//! Mouse reports: SGR (`?1006`), UTF-8 (`?1005`) or X10 bytes.

use rehearse_lang::MouseButton;

use super::{
    EncodeError, InputModes, MouseAction, MouseEncoding, MouseInput, MouseInputButton,
    MouseReporting,
};

/// The largest zero-based coordinate X10 carries: one byte, `32 + 1 + 222 = 255`.
pub const X10_MAX_COORDINATE: u16 = 222;

/// The largest zero-based coordinate UTF-8 (`?1005`) carries: xterm encodes
/// `32 + 1 + x` as one UTF-8 character of at most two bytes (up to 2047).
pub const UTF8_MAX_COORDINATE: u16 = 2014;

/// The button code for a release in X10 and UTF-8, which do not say which
/// button was released.
const RELEASE: u8 = 3;

/// Added to the button code of a motion report.
const MOTION: u8 = 32;

/// One report: a button code, and whether it is a release (SGR's `m`).
#[derive(Clone, Copy)]
struct Report {
    code: u8,
    release: bool,
}

/// Encodes a mouse input as the reports a terminal sends, given the mouse
/// reporting and encoding the program enabled.
///
/// Button codes: left 0, middle 1, right 2, wheel up 64, wheel down 65; a
/// motion adds 32 (a drag with the left button is 32; a hover with no button
/// is `3 + 32` = 35). Coordinates are sent 1-based.
///
/// - SGR (`?1006`): `ESC [ < b ; x ; y M` for a press or motion, `… m` for a
///   release (which names its button).
/// - X10 (the default): `ESC [ M` then the bytes `32 + b`, `32 + 1 + x`,
///   `32 + 1 + y`; a release is `b = 3`. Zero-based coordinates up to
///   [`X10_MAX_COORDINATE`] (222) fit a byte.
/// - UTF-8 (`?1005`): as X10, each of the three values one UTF-8 character;
///   coordinates up to [`UTF8_MAX_COORDINATE`] (2014).
///
/// A click is a press then a release. A wheel has no release: a wheel click
/// or press is one report. What the program asked for filters the reports, as
/// a terminal does; **an input the program did not ask for encodes to no
/// bytes (`Ok` of an empty vector)**, not an error, because a terminal would
/// silently send nothing too:
///
/// | reporting | press | release | drag (`Move` + button) | hover (`Move` + [`MouseInputButton::None`]) |
/// |---|---|---|---|---|
/// | `?9` ([`MouseReporting::Press`]) | yes | no | no | no |
/// | `?1000` ([`MouseReporting::PressRelease`]) | yes | yes | no | no |
/// | `?1002` ([`MouseReporting::ButtonMotion`]) | yes | yes | yes | no |
/// | `?1003` ([`MouseReporting::AnyMotion`]) | yes | yes | yes | yes |
///
/// # Errors
///
/// - [`EncodeError::MouseReportingOff`] when the program has not enabled mouse
///   reporting at all; the caller decides whether that fails the step. (A
///   wrong button and action is reported first, whatever the modes.)
/// - [`EncodeError::MouseCoordinate`] for a coordinate past the X10 or UTF-8
///   limit (never a wrong byte).
/// - [`EncodeError::MouseAction`] for a wheel release or move, or a press,
///   release or click of no button.
///
/// # Examples
///
/// ```
/// use rehearse_lang::MouseButton;
/// use rehearse_pty::encode::{
///     InputModes, MouseAction, MouseEncoding, MouseInput, MouseInputButton, MouseReporting, mouse,
/// };
/// let click = MouseInput {
///     col: 4,
///     row: 1,
///     button: MouseInputButton::Button(MouseButton::Left),
///     action: MouseAction::Click,
/// };
/// let sgr = InputModes::default().with_mouse(MouseReporting::PressRelease, MouseEncoding::Sgr);
/// assert_eq!(mouse(click, sgr).unwrap(), b"\x1b[<0;5;2M\x1b[<0;5;2m");
/// let x10 = InputModes::default().with_mouse(MouseReporting::PressRelease, MouseEncoding::X10);
/// assert_eq!(mouse(click, x10).unwrap(), b"\x1b[M\x20\x25\x22\x1b[M\x23\x25\x22");
/// assert!(mouse(click, InputModes::default()).is_err());
/// ```
pub fn mouse(input: MouseInput, modes: InputModes) -> Result<Vec<u8>, EncodeError> {
    let reports = reports(input, modes.mouse_reporting)?;
    let mut bytes = Vec::new();
    for report in reports.into_iter().flatten() {
        encode(&mut bytes, report, input, modes.mouse_encoding)?;
    }
    Ok(bytes)
}

/// What an input means before the program's reporting mode filters it.
#[derive(Clone, Copy)]
enum Event {
    Click(u8),
    Press(u8),
    Release(u8),
    Drag(u8),
    Hover,
}

/// What the input means, or why a button and action do not go together.
/// Checked before the reporting mode: a wheel release is a mistake in the
/// step whatever the program enabled.
fn event(input: MouseInput) -> Result<Event, EncodeError> {
    let invalid = |reason| EncodeError::MouseAction {
        button: button_name(input.button),
        action: action_name(input.action),
        reason,
    };
    let code = match input.button {
        MouseInputButton::Button(button) => button_code(button),
        MouseInputButton::WheelUp => 64,
        MouseInputButton::WheelDown => 65,
        MouseInputButton::None if input.action == MouseAction::Move => return Ok(Event::Hover),
        MouseInputButton::None => {
            return Err(invalid(
                "only a move (a hover) takes no button; name left, middle, right, wheel up or \
                 wheel down",
            ));
        }
    };
    let wheel = matches!(input.button, MouseInputButton::WheelUp | MouseInputButton::WheelDown);
    Ok(match input.action {
        // A wheel notch is one press; there is nothing to release.
        MouseAction::Click if wheel => Event::Press(code),
        MouseAction::Click => Event::Click(code),
        MouseAction::Press => Event::Press(code),
        MouseAction::Release if wheel => {
            return Err(invalid("a wheel sends only presses; use click or press"));
        }
        MouseAction::Release => Event::Release(code),
        MouseAction::Move if wheel => {
            return Err(invalid(
                "a wheel does not move the pointer; move with a button held, or with none \
                 (a hover)",
            ));
        }
        MouseAction::Move => Event::Drag(code),
    })
}

/// The reports the program asked for, in order (at most two).
fn reports(
    input: MouseInput,
    reporting: MouseReporting,
) -> Result<[Option<Report>; 2], EncodeError> {
    let event = event(input)?;
    let (wants_release, wants_drag, wants_hover) = match reporting {
        MouseReporting::Off => return Err(EncodeError::MouseReportingOff),
        MouseReporting::Press => (false, false, false),
        MouseReporting::PressRelease => (true, false, false),
        MouseReporting::ButtonMotion => (true, true, false),
        MouseReporting::AnyMotion => (true, true, true),
    };
    let press = |code| Some(Report { code, release: false });
    let release = |code| wants_release.then_some(Report { code, release: true });
    let motion =
        |code, wanted: bool| wanted.then_some(Report { code: code + MOTION, release: false });
    Ok(match event {
        Event::Click(code) => [press(code), release(code)],
        Event::Press(code) => [press(code), None],
        Event::Release(code) => [release(code), None],
        Event::Drag(code) => [motion(code, wants_drag), None],
        Event::Hover => [motion(RELEASE, wants_hover), None],
    })
}

fn button_code(button: MouseButton) -> u8 {
    match button {
        MouseButton::Left => 0,
        MouseButton::Middle => 1,
        MouseButton::Right => 2,
    }
}

/// Appends one report in the encoding.
fn encode(
    bytes: &mut Vec<u8>,
    report: Report,
    input: MouseInput,
    encoding: MouseEncoding,
) -> Result<(), EncodeError> {
    let (col, row) = (u32::from(input.col) + 1, u32::from(input.row) + 1);
    match encoding {
        MouseEncoding::Sgr => {
            let last = if report.release { 'm' } else { 'M' };
            bytes.extend_from_slice(format!("\x1b[<{};{col};{row}{last}", report.code).as_bytes());
        }
        MouseEncoding::X10 | MouseEncoding::Utf8 => {
            let utf8 = encoding == MouseEncoding::Utf8;
            let (limit, name) =
                if utf8 { (UTF8_MAX_COORDINATE, "UTF-8") } else { (X10_MAX_COORDINATE, "X10") };
            for (axis, value) in [("column", input.col), ("row", input.row)] {
                if value > limit {
                    return Err(EncodeError::MouseCoordinate {
                        axis,
                        value,
                        limit,
                        encoding: name,
                    });
                }
            }
            let code = if report.release { RELEASE } else { report.code };
            bytes.extend_from_slice(b"\x1b[M");
            for value in [u32::from(code) + 32, col + 32, row + 32] {
                if utf8 {
                    // At most 2047 by the limit above: a one- or two-byte character.
                    let character = char::from_u32(value).unwrap_or(char::REPLACEMENT_CHARACTER);
                    let mut buffer = [0; 4];
                    bytes.extend_from_slice(character.encode_utf8(&mut buffer).as_bytes());
                } else {
                    bytes.push(u8::try_from(value).unwrap_or(u8::MAX));
                }
            }
        }
    }
    Ok(())
}

fn button_name(button: MouseInputButton) -> &'static str {
    match button {
        MouseInputButton::Button(MouseButton::Left) => "the left button",
        MouseInputButton::Button(MouseButton::Middle) => "the middle button",
        MouseInputButton::Button(MouseButton::Right) => "the right button",
        MouseInputButton::WheelUp => "wheel up",
        MouseInputButton::WheelDown => "wheel down",
        MouseInputButton::None => "no button",
    }
}

fn action_name(action: MouseAction) -> &'static str {
    match action {
        MouseAction::Click => "click",
        MouseAction::Press => "press",
        MouseAction::Release => "release",
        MouseAction::Move => "move",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::test_support::{ALL_ENCODINGS, ALL_REPORTING};

    const LEFT: MouseInputButton = MouseInputButton::Button(MouseButton::Left);
    const MIDDLE: MouseInputButton = MouseInputButton::Button(MouseButton::Middle);
    const RIGHT: MouseInputButton = MouseInputButton::Button(MouseButton::Right);
    const UP: MouseInputButton = MouseInputButton::WheelUp;
    const DOWN: MouseInputButton = MouseInputButton::WheelDown;
    const NONE: MouseInputButton = MouseInputButton::None;

    use MouseAction::{Click, Move, Press, Release};

    /// The four reporting modes that send anything, in table order.
    const REPORTING: [MouseReporting; 4] = [
        MouseReporting::Press,
        MouseReporting::PressRelease,
        MouseReporting::ButtonMotion,
        MouseReporting::AnyMotion,
    ];

    /// What one button and action give under `?9`, `?1000`, `?1002`, `?1003`.
    enum Expect {
        Bytes([&'static str; 4]),
        Invalid,
    }
    use Expect::{Bytes, Invalid};

    fn at(button: MouseInputButton, action: MouseAction, col: u16, row: u16) -> MouseInput {
        MouseInput { col, row, button, action }
    }

    fn modes(reporting: MouseReporting, encoding: MouseEncoding) -> InputModes {
        InputModes::default().with_mouse(reporting, encoding)
    }

    /// Checks every button × action × reporting at the zero-based cell (4, 1),
    /// sent as column 5, row 2.
    fn check_table(encoding: MouseEncoding, table: &[(MouseInputButton, MouseAction, Expect)]) {
        assert_eq!(table.len(), 24, "6 buttons × 4 actions");
        for (button, action, expect) in table {
            let input = at(*button, *action, 4, 1);
            for (index, reporting) in REPORTING.into_iter().enumerate() {
                let result = mouse(input, modes(reporting, encoding));
                match expect {
                    Bytes(all) => assert_eq!(
                        result.as_deref(),
                        Ok(all[index].as_bytes()),
                        "{button:?} {action:?} {reporting:?} {encoding:?}"
                    ),
                    Invalid => assert!(
                        matches!(result, Err(EncodeError::MouseAction { .. })),
                        "{button:?} {action:?} {reporting:?}: {result:?}"
                    ),
                }
            }
            // With reporting off, a valid input is refused for that; an
            // invalid one still for what is wrong with it.
            let off = mouse(input, modes(MouseReporting::Off, encoding));
            match expect {
                Bytes(_) => assert_eq!(off, Err(EncodeError::MouseReportingOff)),
                Invalid => assert!(matches!(off, Err(EncodeError::MouseAction { .. }))),
            }
        }
    }

    #[test]
    fn sgr_every_button_action_and_reporting() {
        let table = [
            (
                LEFT,
                Click,
                Bytes([
                    "\x1b[<0;5;2M",
                    "\x1b[<0;5;2M\x1b[<0;5;2m",
                    "\x1b[<0;5;2M\x1b[<0;5;2m",
                    "\x1b[<0;5;2M\x1b[<0;5;2m",
                ]),
            ),
            (LEFT, Press, Bytes(["\x1b[<0;5;2M", "\x1b[<0;5;2M", "\x1b[<0;5;2M", "\x1b[<0;5;2M"])),
            (LEFT, Release, Bytes(["", "\x1b[<0;5;2m", "\x1b[<0;5;2m", "\x1b[<0;5;2m"])),
            (LEFT, Move, Bytes(["", "", "\x1b[<32;5;2M", "\x1b[<32;5;2M"])),
            (
                MIDDLE,
                Click,
                Bytes([
                    "\x1b[<1;5;2M",
                    "\x1b[<1;5;2M\x1b[<1;5;2m",
                    "\x1b[<1;5;2M\x1b[<1;5;2m",
                    "\x1b[<1;5;2M\x1b[<1;5;2m",
                ]),
            ),
            (
                MIDDLE,
                Press,
                Bytes(["\x1b[<1;5;2M", "\x1b[<1;5;2M", "\x1b[<1;5;2M", "\x1b[<1;5;2M"]),
            ),
            (MIDDLE, Release, Bytes(["", "\x1b[<1;5;2m", "\x1b[<1;5;2m", "\x1b[<1;5;2m"])),
            (MIDDLE, Move, Bytes(["", "", "\x1b[<33;5;2M", "\x1b[<33;5;2M"])),
            (
                RIGHT,
                Click,
                Bytes([
                    "\x1b[<2;5;2M",
                    "\x1b[<2;5;2M\x1b[<2;5;2m",
                    "\x1b[<2;5;2M\x1b[<2;5;2m",
                    "\x1b[<2;5;2M\x1b[<2;5;2m",
                ]),
            ),
            (RIGHT, Press, Bytes(["\x1b[<2;5;2M", "\x1b[<2;5;2M", "\x1b[<2;5;2M", "\x1b[<2;5;2M"])),
            (RIGHT, Release, Bytes(["", "\x1b[<2;5;2m", "\x1b[<2;5;2m", "\x1b[<2;5;2m"])),
            (RIGHT, Move, Bytes(["", "", "\x1b[<34;5;2M", "\x1b[<34;5;2M"])),
            (
                UP,
                Click,
                Bytes(["\x1b[<64;5;2M", "\x1b[<64;5;2M", "\x1b[<64;5;2M", "\x1b[<64;5;2M"]),
            ),
            (
                UP,
                Press,
                Bytes(["\x1b[<64;5;2M", "\x1b[<64;5;2M", "\x1b[<64;5;2M", "\x1b[<64;5;2M"]),
            ),
            (UP, Release, Invalid),
            (UP, Move, Invalid),
            (
                DOWN,
                Click,
                Bytes(["\x1b[<65;5;2M", "\x1b[<65;5;2M", "\x1b[<65;5;2M", "\x1b[<65;5;2M"]),
            ),
            (
                DOWN,
                Press,
                Bytes(["\x1b[<65;5;2M", "\x1b[<65;5;2M", "\x1b[<65;5;2M", "\x1b[<65;5;2M"]),
            ),
            (DOWN, Release, Invalid),
            (DOWN, Move, Invalid),
            (NONE, Click, Invalid),
            (NONE, Press, Invalid),
            (NONE, Release, Invalid),
            (NONE, Move, Bytes(["", "", "", "\x1b[<35;5;2M"])),
        ];
        check_table(MouseEncoding::Sgr, &table);
    }

    /// X10 bytes at (4, 1): `Cx` is `32 + 1 + 4` = `%`, `Cy` `32 + 1 + 1` =
    /// `"`; `Cb` is `32 +` the code: left ` `, middle `!`, right `"`, release
    /// `#`, wheel up `` ` ``, wheel down `a`, drags `@ A B`, hover `C`.
    fn x10_table() -> [(MouseInputButton, MouseAction, Expect); 24] {
        [
            (
                LEFT,
                Click,
                Bytes([
                    "\x1b[M %\"",
                    "\x1b[M %\"\x1b[M#%\"",
                    "\x1b[M %\"\x1b[M#%\"",
                    "\x1b[M %\"\x1b[M#%\"",
                ]),
            ),
            (LEFT, Press, Bytes(["\x1b[M %\"", "\x1b[M %\"", "\x1b[M %\"", "\x1b[M %\""])),
            (LEFT, Release, Bytes(["", "\x1b[M#%\"", "\x1b[M#%\"", "\x1b[M#%\""])),
            (LEFT, Move, Bytes(["", "", "\x1b[M@%\"", "\x1b[M@%\""])),
            (
                MIDDLE,
                Click,
                Bytes([
                    "\x1b[M!%\"",
                    "\x1b[M!%\"\x1b[M#%\"",
                    "\x1b[M!%\"\x1b[M#%\"",
                    "\x1b[M!%\"\x1b[M#%\"",
                ]),
            ),
            (MIDDLE, Press, Bytes(["\x1b[M!%\"", "\x1b[M!%\"", "\x1b[M!%\"", "\x1b[M!%\""])),
            (MIDDLE, Release, Bytes(["", "\x1b[M#%\"", "\x1b[M#%\"", "\x1b[M#%\""])),
            (MIDDLE, Move, Bytes(["", "", "\x1b[MA%\"", "\x1b[MA%\""])),
            (
                RIGHT,
                Click,
                Bytes([
                    "\x1b[M\"%\"",
                    "\x1b[M\"%\"\x1b[M#%\"",
                    "\x1b[M\"%\"\x1b[M#%\"",
                    "\x1b[M\"%\"\x1b[M#%\"",
                ]),
            ),
            (RIGHT, Press, Bytes(["\x1b[M\"%\"", "\x1b[M\"%\"", "\x1b[M\"%\"", "\x1b[M\"%\""])),
            (RIGHT, Release, Bytes(["", "\x1b[M#%\"", "\x1b[M#%\"", "\x1b[M#%\""])),
            (RIGHT, Move, Bytes(["", "", "\x1b[MB%\"", "\x1b[MB%\""])),
            (UP, Click, Bytes(["\x1b[M`%\"", "\x1b[M`%\"", "\x1b[M`%\"", "\x1b[M`%\""])),
            (UP, Press, Bytes(["\x1b[M`%\"", "\x1b[M`%\"", "\x1b[M`%\"", "\x1b[M`%\""])),
            (UP, Release, Invalid),
            (UP, Move, Invalid),
            (DOWN, Click, Bytes(["\x1b[Ma%\"", "\x1b[Ma%\"", "\x1b[Ma%\"", "\x1b[Ma%\""])),
            (DOWN, Press, Bytes(["\x1b[Ma%\"", "\x1b[Ma%\"", "\x1b[Ma%\"", "\x1b[Ma%\""])),
            (DOWN, Release, Invalid),
            (DOWN, Move, Invalid),
            (NONE, Click, Invalid),
            (NONE, Press, Invalid),
            (NONE, Release, Invalid),
            (NONE, Move, Bytes(["", "", "", "\x1b[MC%\""])),
        ]
    }

    #[test]
    fn x10_every_button_action_and_reporting() {
        check_table(MouseEncoding::X10, &x10_table());
    }

    #[test]
    fn utf8_is_x10_below_column_95() {
        // Every value below 128 is one byte, the same as X10.
        check_table(MouseEncoding::Utf8, &x10_table());
    }

    #[test]
    fn x10_coordinates_stop_at_222() {
        let x10 = modes(MouseReporting::PressRelease, MouseEncoding::X10);
        assert_eq!(mouse(at(LEFT, Press, 0, 0), x10).unwrap(), b"\x1b[M\x20\x21\x21");
        assert_eq!(mouse(at(LEFT, Press, 222, 222), x10).unwrap(), b"\x1b[M\x20\xff\xff");
        let error = mouse(at(LEFT, Press, 223, 0), x10).unwrap_err();
        assert_eq!(
            error,
            EncodeError::MouseCoordinate {
                axis: "column",
                value: 223,
                limit: 222,
                encoding: "X10"
            }
        );
        assert_eq!(
            error.to_string(),
            "mouse column 223 (zero-based) cannot be encoded in X10 mouse encoding, which reaches \
             column 222; larger coordinates need SGR mouse encoding (`CSI ? 1006 h`), which the \
             program has not enabled"
        );
        let error = mouse(at(LEFT, Click, 0, 500), x10).unwrap_err();
        assert!(matches!(error, EncodeError::MouseCoordinate { axis: "row", value: 500, .. }));
        // A report the program did not ask for is not checked: nothing is sent.
        assert_eq!(mouse(at(LEFT, Move, 300, 300), x10).unwrap(), b"");
    }

    #[test]
    fn utf8_coordinates_are_characters_up_to_2014() {
        let utf8 = modes(MouseReporting::PressRelease, MouseEncoding::Utf8);
        // Column 94 is 127, one byte; column 95 is 128, `C2 80`.
        assert_eq!(mouse(at(LEFT, Press, 94, 0), utf8).unwrap(), b"\x1b[M\x20\x7f\x21");
        assert_eq!(mouse(at(LEFT, Press, 95, 0), utf8).unwrap(), b"\x1b[M\x20\xc2\x80\x21");
        assert_eq!(mouse(at(LEFT, Press, 222, 0), utf8).unwrap(), b"\x1b[M\x20\xc3\xbf\x21");
        // 2014 is 2047, `DF BF`, the last two-byte character.
        assert_eq!(mouse(at(LEFT, Release, 0, 2014), utf8).unwrap(), b"\x1b[M\x23\x21\xdf\xbf");
        let error = mouse(at(LEFT, Press, 2015, 0), utf8).unwrap_err();
        assert_eq!(
            error,
            EncodeError::MouseCoordinate {
                axis: "column",
                value: 2015,
                limit: 2014,
                encoding: "UTF-8"
            }
        );
    }

    #[test]
    fn sgr_has_no_coordinate_limit() {
        let sgr = modes(MouseReporting::AnyMotion, MouseEncoding::Sgr);
        assert_eq!(mouse(at(RIGHT, Click, 0, 0), sgr).unwrap(), b"\x1b[<2;1;1M\x1b[<2;1;1m");
        assert_eq!(
            mouse(at(LEFT, Press, u16::MAX, u16::MAX), sgr).unwrap(),
            b"\x1b[<0;65536;65536M"
        );
    }

    #[test]
    fn errors_say_what_is_valid() {
        let sgr = modes(MouseReporting::AnyMotion, MouseEncoding::Sgr);
        let message = mouse(at(UP, Release, 0, 0), sgr).unwrap_err().to_string();
        assert_eq!(
            message,
            "mouse release of wheel up cannot be sent: a wheel sends only presses; use click or press"
        );
        let message = mouse(at(NONE, Click, 0, 0), sgr).unwrap_err().to_string();
        assert!(
            message.starts_with("mouse click of no button cannot be sent: only a move"),
            "{message}"
        );
        let message = mouse(at(LEFT, Click, 0, 0), InputModes::default()).unwrap_err().to_string();
        assert!(
            message.contains("has not enabled mouse reporting")
                && message.contains("`CSI ? 1000 h`"),
            "{message}"
        );
    }

    /// Checks a result is reports in the encoding and nothing else.
    fn assert_well_formed(bytes: &[u8], encoding: MouseEncoding, what: &str) {
        let mut rest = bytes;
        let mut count = 0;
        while !rest.is_empty() {
            count += 1;
            if encoding == MouseEncoding::Sgr {
                let body = rest.strip_prefix(b"\x1b[<").unwrap_or_else(|| panic!("{what}"));
                let end = body
                    .iter()
                    .position(|&b| b == b'M' || b == b'm')
                    .unwrap_or_else(|| panic!("{what}"));
                let fields = std::str::from_utf8(&body[..end]).unwrap();
                let values: Vec<u32> = fields.split(';').map(|f| f.parse().unwrap()).collect();
                assert!(values.len() == 3 && values[1] >= 1 && values[2] >= 1, "{what}");
                rest = &body[end + 1..];
            } else {
                let body = rest.strip_prefix(b"\x1b[M").unwrap_or_else(|| panic!("{what}"));
                // X10: three bytes; UTF-8: three characters.
                let len = if encoding == MouseEncoding::X10 {
                    3
                } else {
                    let valid = match std::str::from_utf8(body) {
                        Ok(text) => text,
                        Err(error) => std::str::from_utf8(&body[..error.valid_up_to()]).unwrap(),
                    };
                    valid.char_indices().nth(3).map_or(valid.len(), |(index, _)| index)
                };
                assert!(body.len() >= len && body[..len].iter().all(|&b| b >= 32), "{what}");
                rest = &body[len..];
            }
        }
        assert!(count <= 2, "{what}");
    }

    #[test]
    fn every_input_and_mode_encodes_or_errors_without_panicking() {
        let buttons = [LEFT, MIDDLE, RIGHT, UP, DOWN, NONE];
        let actions = [Click, Press, Release, Move];
        let coordinates =
            [0, 1, 93, 94, 95, 221, 222, 223, 255, 2013, 2014, 2015, 2016, 40_000, u16::MAX];
        let mut checked = 0;
        for button in buttons {
            for action in actions {
                for col in coordinates {
                    for row in coordinates {
                        for reporting in ALL_REPORTING {
                            for encoding in ALL_ENCODINGS {
                                let input = at(button, action, col, row);
                                let what = format!("{input:?} {reporting:?} {encoding:?}");
                                match mouse(input, modes(reporting, encoding)) {
                                    Ok(bytes) => assert_well_formed(&bytes, encoding, &what),
                                    Err(error) => assert!(!error.to_string().is_empty(), "{what}"),
                                }
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 6 * 4 * 15 * 15 * 5 * 3);
    }
}
