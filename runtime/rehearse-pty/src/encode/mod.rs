//! Input encoders: what bytes a terminal writes to a program for a key, a
//! paste, a mouse event or a `send:` string, given the modes the program
//! enabled.

use rehearse_lang::{KeyPress, MouseButton};

/// The input modes a program has enabled, as the emulator last saw them.
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
    /// Motion (with the button held when reporting needs one).
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
