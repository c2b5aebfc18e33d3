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
///   reporting at all; the caller decides whether that fails the step.
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

/// The reports the program asked for, in order (at most two).
fn reports(
    input: MouseInput,
    reporting: MouseReporting,
) -> Result<[Option<Report>; 2], EncodeError> {
    let (wants_release, wants_drag, wants_hover) = match reporting {
        MouseReporting::Off => return Err(EncodeError::MouseReportingOff),
        MouseReporting::Press => (false, false, false),
        MouseReporting::PressRelease => (true, false, false),
        MouseReporting::ButtonMotion => (true, true, false),
        MouseReporting::AnyMotion => (true, true, true),
    };
    let invalid = |reason| EncodeError::MouseAction {
        button: button_name(input.button),
        action: action_name(input.action),
        reason,
    };
    let press = |code| Some(Report { code, release: false });
    let release = |code| wants_release.then_some(Report { code, release: true });
    Ok(match (input.button, input.action) {
        (MouseInputButton::Button(button), action) => {
            let code = button_code(button);
            match action {
                MouseAction::Click => [press(code), release(code)],
                MouseAction::Press => [press(code), None],
                MouseAction::Release => [release(code), None],
                MouseAction::Move => {
                    [wants_drag.then_some(Report { code: code + MOTION, release: false }), None]
                }
            }
        }
        (wheel @ (MouseInputButton::WheelUp | MouseInputButton::WheelDown), action) => {
            let code = if wheel == MouseInputButton::WheelUp { 64 } else { 65 };
            match action {
                MouseAction::Click | MouseAction::Press => [press(code), None],
                MouseAction::Release => {
                    return Err(invalid("a wheel sends only presses; use click or press"));
                }
                MouseAction::Move => {
                    return Err(invalid(
                        "a wheel does not move the pointer; move with a button held, or with none (a hover)",
                    ));
                }
            }
        }
        (MouseInputButton::None, MouseAction::Move) => {
            [wants_hover.then_some(Report { code: RELEASE + MOTION, release: false }), None]
        }
        (MouseInputButton::None, _) => {
            return Err(invalid(
                "only a move (a hover) takes no button; name left, middle, right, wheel up or wheel down",
            ));
        }
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
