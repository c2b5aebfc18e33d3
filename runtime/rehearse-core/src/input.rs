//! What a step delivers to a plane: [`Input`] and the pointer's
//! [`PointerKind`].

use rehearse_lang::{FocusTarget, KeyPress, MouseButton};

/// What a pointer does at a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PointerKind {
    /// The pointer moves there with no button held.
    Moved,
    /// A button goes down.
    Down(MouseButton),
    /// A button comes up.
    Up(MouseButton),
    /// The pointer moves there with a button held.
    Drag(MouseButton),
    /// The wheel turns up.
    ScrollUp,
    /// The wheel turns down.
    ScrollDown,
}

/// One input a step delivers to a plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Input<'a> {
    /// A pointer event at a zero-based cell.
    Pointer {
        /// What the pointer does.
        kind: PointerKind,
        /// Column.
        col: u16,
        /// Row.
        row: u16,
    },
    /// A key press.
    Key(KeyPress),
    /// Typed text, each character a key press.
    Text(&'a str),
    /// Move focus.
    Focus(&'a FocusTarget),
    /// Pasted text: bracketed when the target enabled bracketed paste.
    Paste(&'a str),
    /// Raw text written as it is (`send:`), escapes already resolved.
    Raw(&'a str),
    /// A secret typed like [`Text`](Self::Text): never expanded, never
    /// echoed in an error.
    Secret(&'a str),
}
