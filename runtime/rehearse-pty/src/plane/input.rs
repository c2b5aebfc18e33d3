//! The bytes a step's input is, for the modes the program set: keys,
//! text as typed, pastes, raw `send:` text and pointer events.

use rehearse_core::{AutomationError, Input, PointerKind};

use super::adapter::{NO_TREE, PtyPlane};
use crate::encode::{self, MouseAction, MouseInput, MouseInputButton};

impl PtyPlane {
    /// The bytes a pointer event is, for the modes the program set.
    fn pointer_bytes(
        &self,
        kind: PointerKind,
        col: u16,
        row: u16,
    ) -> Result<Vec<u8>, AutomationError> {
        let (button, action) = match kind {
            PointerKind::Moved => (MouseInputButton::None, MouseAction::Move),
            PointerKind::Down(button) => (MouseInputButton::Button(button), MouseAction::Press),
            PointerKind::Up(button) => (MouseInputButton::Button(button), MouseAction::Release),
            PointerKind::Drag(button) => (MouseInputButton::Button(button), MouseAction::Move),
            PointerKind::ScrollUp => (MouseInputButton::WheelUp, MouseAction::Press),
            PointerKind::ScrollDown => (MouseInputButton::WheelDown, MouseAction::Press),
            _ => {
                return Err(AutomationError::Unsupported {
                    operation: format!("{kind:?}"),
                    reason: "the terminal plane does not know this pointer input".into(),
                });
            }
        };
        let input = MouseInput { col, row, button, action };
        encode::mouse(input, self.pty.input_modes()).map_err(|error| {
            AutomationError::NotActionable {
                target: "the program".into(),
                operation: format!("mouse {action:?} at {col},{row}").to_lowercase(),
                reason: error.to_string(),
            }
        })
    }

    /// `text` with every `${artifacts.NAME.path}` expanded.
    pub(super) fn substituted<'t>(
        &self,
        text: &'t str,
    ) -> Result<std::borrow::Cow<'t, str>, AutomationError> {
        if !text.contains("${artifacts.") {
            return Ok(std::borrow::Cow::Borrowed(text));
        }
        self.pipeline.substitute(text).map(std::borrow::Cow::Owned).map_err(|error| {
            AutomationError::NotActionable {
                target: "the artifact pipeline".into(),
                operation: "`${artifacts.NAME.path}`".into(),
                reason: error.to_string(),
            }
        })
    }

    /// The bytes an input is, for the modes the program set.
    pub(super) fn input_bytes(&self, input: Input<'_>) -> Result<Vec<u8>, AutomationError> {
        match input {
            Input::Pointer { kind, col, row } => self.pointer_bytes(kind, col, row),
            Input::Key(key) => encode::key(key, self.pty.input_modes()).map_err(|error| {
                AutomationError::NotActionable {
                    target: "the program".into(),
                    operation: format!("key:{key}"),
                    reason: error.to_string(),
                }
            }),
            Input::Text(text) => Ok(typed(&self.substituted(text)?)),
            // A secret is typed as it is: never read as a template.
            Input::Secret(text) => Ok(typed(text)),
            Input::Paste(text) => {
                Ok(encode::paste(&self.substituted(text)?, self.pty.input_modes()))
            }
            Input::Raw(text) => Ok(self.substituted(text)?.as_bytes().to_vec()),
            Input::Focus(target) => Err(AutomationError::NotAvailable {
                what: match target.order() {
                    Some(order) => format!("focus:{order}"),
                    None => "focus".into(),
                },
                reason: if self.tree_source.is_some() {
                    "focus moves by the program's own keys in its terminal; press them (`key:tab`)"
                        .to_owned()
                } else {
                    format!("{NO_TREE}; press the program's own keys instead (`key:tab`)")
                },
            }),
            _ => Err(AutomationError::Unsupported {
                operation: format!("{input:?}"),
                reason: "the terminal plane does not know this input".into(),
            }),
        }
    }
}

/// A character as typed: a line break is Enter, which a terminal sends as
/// a carriage return.
fn typed(text: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut buf = [0u8; 4];
    for character in text.chars() {
        let character = if character == '\n' { '\r' } else { character };
        bytes.extend_from_slice(character.encode_utf8(&mut buf).as_bytes());
    }
    bytes
}
