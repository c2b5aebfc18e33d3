//! Steps' input as the crossterm events a terminal would send, which is
//! what an adopted app reads through its shim.
//!
//! The same conversion as the engine's (`rehearse::input::key_event`): a
//! plane may not depend on another plane, so it is repeated here.

use ratatui::crossterm::event::{
    Event, KeyCode as CtKeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers,
    MouseButton as CtButton, MouseEvent, MouseEventKind,
};
use rehearse_core::PointerKind;
use rehearse_lang::{KeyCode, KeyPress, MouseButton};

/// The crossterm key event a terminal sends for `key`.
pub(crate) fn key_event(key: KeyPress) -> Event {
    let mut modifiers = KeyModifiers::NONE;
    if key.modifiers.ctrl {
        modifiers |= KeyModifiers::CONTROL;
    }
    if key.modifiers.alt {
        modifiers |= KeyModifiers::ALT;
    }
    if key.modifiers.shift {
        modifiers |= KeyModifiers::SHIFT;
    }
    let code = match key.code {
        KeyCode::Char(character) => {
            if character.is_uppercase() {
                modifiers |= KeyModifiers::SHIFT;
            }
            CtKeyCode::Char(character)
        }
        KeyCode::F(number) => CtKeyCode::F(number),
        KeyCode::Up => CtKeyCode::Up,
        KeyCode::Down => CtKeyCode::Down,
        KeyCode::Left => CtKeyCode::Left,
        KeyCode::Right => CtKeyCode::Right,
        KeyCode::Enter => CtKeyCode::Enter,
        KeyCode::Esc => CtKeyCode::Esc,
        KeyCode::Tab => CtKeyCode::Tab,
        KeyCode::BackTab => {
            modifiers |= KeyModifiers::SHIFT;
            CtKeyCode::BackTab
        }
        KeyCode::Backspace => CtKeyCode::Backspace,
        KeyCode::Delete => CtKeyCode::Delete,
        KeyCode::Insert => CtKeyCode::Insert,
        KeyCode::Home => CtKeyCode::Home,
        KeyCode::End => CtKeyCode::End,
        KeyCode::PageUp => CtKeyCode::PageUp,
        KeyCode::PageDown => CtKeyCode::PageDown,
        _ => CtKeyCode::Null,
    };
    Event::Key(KeyEvent { code, modifiers, kind: KeyEventKind::Press, state: KeyEventState::NONE })
}

/// The crossterm mouse event for a pointer input, or `None` for a kind
/// this plane does not know.
pub(crate) fn mouse_event(kind: PointerKind, column: u16, row: u16) -> Option<Event> {
    let button = |button: MouseButton| match button {
        MouseButton::Left => CtButton::Left,
        MouseButton::Right => CtButton::Right,
        MouseButton::Middle => CtButton::Middle,
    };
    let kind = match kind {
        PointerKind::Moved => MouseEventKind::Moved,
        PointerKind::Down(pressed) => MouseEventKind::Down(button(pressed)),
        PointerKind::Up(released) => MouseEventKind::Up(button(released)),
        PointerKind::Drag(held) => MouseEventKind::Drag(button(held)),
        PointerKind::ScrollUp => MouseEventKind::ScrollUp,
        PointerKind::ScrollDown => MouseEventKind::ScrollDown,
        _ => return None,
    };
    Some(Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_become_the_events_a_terminal_sends() {
        let Event::Key(event) = key_event("ctrl+n".parse().expect("a key")) else {
            panic!("a key event")
        };
        assert_eq!((event.code, event.modifiers), (CtKeyCode::Char('n'), KeyModifiers::CONTROL));
        let Event::Key(event) = key_event(KeyPress::typed('\n')) else { panic!("a key event") };
        assert_eq!(event.code, CtKeyCode::Enter);
        let Event::Key(event) = key_event(KeyPress::char('A')) else { panic!("a key event") };
        assert_eq!(event.modifiers, KeyModifiers::SHIFT);
    }

    #[test]
    fn pointers_become_mouse_events_at_their_cell() {
        let Some(Event::Mouse(event)) = mouse_event(PointerKind::Down(MouseButton::Left), 3, 4)
        else {
            panic!("a mouse event")
        };
        assert_eq!(
            (event.kind, event.column, event.row),
            (MouseEventKind::Down(CtButton::Left), 3, 4)
        );
    }
}
