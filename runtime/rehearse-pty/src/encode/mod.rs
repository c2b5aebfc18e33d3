//! Input encoders: what bytes a terminal writes to a program for a key, a
//! paste, a mouse event or a `send:` string, given the modes the program
//! enabled.
//!
//! Every encoder is a pure function of its input and the [`InputModes`] the
//! emulator last saw; none of them panics, whatever the input. An input a real
//! terminal could not deliver (a key combination with no encoding, a mouse
//! event the program did not ask for, a coordinate past what the encoding can
//! carry) is an [`EncodeError`] that names it, never a silent skip or a wrong
//! byte.
//!
//! - [`key`]: xterm VT sequences, what a Unix terminal sends.
//! - [`win32_key`]: win32-input-mode records, what a Windows terminal sends
//!   to ConPTY.
//! - [`paste`]: bracketed paste when the program enabled `?2004`.
//! - [`mouse`]: SGR (`?1006`), UTF-8 (`?1005`) or X10 mouse reports.
//! - [`parse_escapes`]: the escapes of a `send:` string, to raw bytes.

mod escapes;
mod keys;
mod mouse;
mod paste;
mod win32;

pub use escapes::{EscapeError, parse_escapes};
pub use keys::key;
pub use mouse::{UTF8_MAX_COORDINATE, X10_MAX_COORDINATE, mouse};
pub use paste::{BRACKETED_PASTE_END, BRACKETED_PASTE_START, paste};
pub use win32::{ENHANCED_KEY, LEFT_ALT_PRESSED, LEFT_CTRL_PRESSED, SHIFT_PRESSED, win32_key};

use rehearse_lang::{KeyPress, MouseButton};

/// The input modes a program has enabled, as the emulator last saw them.
///
/// The struct is `#[non_exhaustive]`; outside this crate build one from
/// [`InputModes::default`] (what a terminal starts with) and the `with_*`
/// methods:
///
/// ```
/// use rehearse_pty::encode::{InputModes, MouseEncoding, MouseReporting};
/// let modes = InputModes::default()
///     .with_bracketed_paste(true)
///     .with_mouse(MouseReporting::PressRelease, MouseEncoding::Sgr);
/// assert!(modes.bracketed_paste && !modes.application_cursor);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct InputModes {
    /// DECCKM (`CSI ? 1 h`): cursor keys send `ESC O A` instead of `ESC [ A`.
    pub application_cursor: bool,
    /// `CSI ? 2004 h`: pastes are wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`.
    pub bracketed_paste: bool,
    /// Which mouse events the program asked for.
    pub mouse_reporting: MouseReporting,
    /// How mouse events are encoded.
    pub mouse_encoding: MouseEncoding,
}

impl InputModes {
    /// These modes with application cursor keys (DECCKM) set or cleared.
    #[must_use]
    pub const fn with_application_cursor(mut self, on: bool) -> Self {
        self.application_cursor = on;
        self
    }

    /// These modes with bracketed paste (`?2004`) set or cleared.
    #[must_use]
    pub const fn with_bracketed_paste(mut self, on: bool) -> Self {
        self.bracketed_paste = on;
        self
    }

    /// These modes with the given mouse reporting and encoding.
    #[must_use]
    pub const fn with_mouse(mut self, reporting: MouseReporting, encoding: MouseEncoding) -> Self {
        self.mouse_reporting = reporting;
        self.mouse_encoding = encoding;
        self
    }
}

/// Which mouse events the program asked for (`?9`, `?1000`, `?1002`, `?1003`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum MouseReporting {
    /// None: mouse input is not sent.
    #[default]
    Off,
    /// `?9`: presses only.
    Press,
    /// `?1000`: presses and releases.
    PressRelease,
    /// `?1002`: presses, releases and motion while a button is held.
    ButtonMotion,
    /// `?1003`: every motion.
    AnyMotion,
}

/// How mouse events are encoded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum MouseEncoding {
    /// X10 bytes (`ESC [ M Cb Cx Cy`), the default.
    #[default]
    X10,
    /// UTF-8 extended (`?1005`).
    Utf8,
    /// SGR (`?1006`): `ESC [ < b ; x ; y M|m`.
    Sgr,
}

/// A mouse button or wheel direction, as `mouse:` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MouseInputButton {
    /// A button.
    Button(MouseButton),
    /// Wheel up.
    WheelUp,
    /// Wheel down.
    WheelDown,
    /// No button: only [`MouseAction::Move`] takes it, a hover (motion with
    /// no button held), which only `?1003` reports.
    None,
}

/// What happens with the button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MouseAction {
    /// Press then release.
    Click,
    /// Press.
    Press,
    /// Release.
    Release,
    /// Motion to the cell: with [`MouseInputButton::Button`], a drag (the
    /// button held, reported under `?1002` and `?1003`); with
    /// [`MouseInputButton::None`], a hover (reported under `?1003` only).
    Move,
}

/// One mouse input at a zero-based cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MouseInput {
    /// Zero-based column.
    pub col: u16,
    /// Zero-based row.
    pub row: u16,
    /// The button.
    pub button: MouseInputButton,
    /// The action.
    pub action: MouseAction,
}

/// Why an input cannot be encoded: what failed and what would be valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The key (with its modifiers) has no encoding a terminal could send.
    #[error("key `{key}` cannot be sent: {reason}")]
    Key {
        /// The key as written in a `key:` step (control characters escaped).
        key: String,
        /// Why, and what to write instead.
        reason: String,
    },
    /// The program has not enabled mouse reporting, so a terminal sends no
    /// mouse events at all.
    #[error(
        "mouse input cannot be sent: the program has not enabled mouse reporting \
         (it wrote none of `CSI ? 9 h`, `CSI ? 1000 h`, `CSI ? 1002 h`, `CSI ? 1003 h`)"
    )]
    MouseReportingOff,
    /// A coordinate past what the mouse encoding can carry.
    #[error(
        "mouse {axis} {value} (zero-based) cannot be encoded in {encoding} mouse encoding, \
         which reaches {axis} {limit}; larger coordinates need SGR mouse encoding \
         (`CSI ? 1006 h`), which the program has not enabled"
    )]
    MouseCoordinate {
        /// `column` or `row`.
        axis: &'static str,
        /// The zero-based coordinate given.
        value: u16,
        /// The largest zero-based coordinate the encoding carries.
        limit: u16,
        /// The encoding (`X10` or `UTF-8`).
        encoding: &'static str,
    },
    /// A button and action that do not go together (a wheel release, a press
    /// of no button).
    #[error("mouse {action} of {button} cannot be sent: {reason}")]
    MouseAction {
        /// The button as `mouse:` names it.
        button: &'static str,
        /// The action as `mouse:` names it.
        action: &'static str,
        /// Why, and what is valid.
        reason: &'static str,
    },
}

impl EncodeError {
    /// A key error, naming the key as a step would write it.
    pub(crate) fn key(key: KeyPress, reason: impl Into<String>) -> Self {
        Self::Key { key: key_name(key), reason: reason.into() }
    }
}

/// The key as a `key:` step writes it, with a control character escaped so
/// that an error message never carries raw control bytes.
pub(crate) fn key_name(key: KeyPress) -> String {
    match key.code {
        rehearse_lang::KeyCode::Char(character) if character.is_control() => {
            let mut printable = key.to_string();
            let _ = printable.pop();
            printable.extend(character.escape_debug());
            printable
        }
        _ => key.to_string(),
    }
}

/// Deterministic input sets shared by the exhaustive no-panic tests.
#[cfg(test)]
pub(crate) mod test_support {
    use super::*;
    use rehearse_lang::{KeyCode, Modifiers};

    /// Every combination of the modes: 2 × 2 × 5 × 3.
    pub(crate) fn all_modes() -> Vec<InputModes> {
        let mut modes = Vec::new();
        for application_cursor in [false, true] {
            for bracketed_paste in [false, true] {
                for reporting in ALL_REPORTING {
                    for encoding in ALL_ENCODINGS {
                        modes.push(
                            InputModes::default()
                                .with_application_cursor(application_cursor)
                                .with_bracketed_paste(bracketed_paste)
                                .with_mouse(reporting, encoding),
                        );
                    }
                }
            }
        }
        modes
    }

    pub(crate) const ALL_REPORTING: [MouseReporting; 5] = [
        MouseReporting::Off,
        MouseReporting::Press,
        MouseReporting::PressRelease,
        MouseReporting::ButtonMotion,
        MouseReporting::AnyMotion,
    ];

    pub(crate) const ALL_ENCODINGS: [MouseEncoding; 3] =
        [MouseEncoding::X10, MouseEncoding::Utf8, MouseEncoding::Sgr];

    /// All eight modifier combinations.
    pub(crate) fn all_modifiers() -> Vec<Modifiers> {
        (0u8..8)
            .map(|bits| Modifiers { ctrl: bits & 1 != 0, alt: bits & 2 != 0, shift: bits & 4 != 0 })
            .collect()
    }

    /// Every named key, every `F(n)` for `n` in `0..=255`, and characters:
    /// all of Latin-1 (C0, ASCII, DEL, C1), and a spread of BMP and astral
    /// scalars including the edges around the surrogates and `char::MAX`.
    pub(crate) fn all_key_codes() -> Vec<KeyCode> {
        let mut codes = vec![
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Tab,
            KeyCode::BackTab,
            KeyCode::Backspace,
            KeyCode::Delete,
            KeyCode::Insert,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::PageUp,
            KeyCode::PageDown,
        ];
        codes.extend((0..=u8::MAX).map(KeyCode::F));
        codes.extend((0u32..=0xFF).filter_map(char::from_u32).map(KeyCode::Char));
        let spread = [0x100, 0x2028, 0x4E2D, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF, 0x1_0000];
        codes.extend(spread.into_iter().filter_map(char::from_u32).map(KeyCode::Char));
        codes.extend(['😀', '\u{10FFFF}'].map(KeyCode::Char));
        codes
    }
}
