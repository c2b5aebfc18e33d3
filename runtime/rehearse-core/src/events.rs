//! Rehearse's keys and pointer inputs as the crossterm events a terminal
//! sends, and back: the one conversion every plane that feeds crossterm
//! events uses (the engine synthesizes them for its routing, an adopted
//! app reads them through its shim), so automation and a person at the
//! keyboard take the same path.

use ratatui::crossterm::event::{
    KeyCode as CtKeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers,
    MouseButton as CtButton, MouseEvent, MouseEventKind,
};
use rehearse_lang::{KeyCode, KeyPress, Modifiers, MouseButton};

use crate::input::PointerKind;

/// The crossterm key event a terminal sends for `key`.
///
/// ```
/// use rehearse::live::key_event;
/// use rehearse::KeyPress;
/// use ratatui::crossterm::event::{KeyCode, KeyModifiers};
/// let event = key_event("ctrl+n".parse::<KeyPress>().unwrap());
/// assert_eq!(event.code, KeyCode::Char('n'));
/// assert_eq!(event.modifiers, KeyModifiers::CONTROL);
/// ```
pub fn key_event(key: KeyPress) -> KeyEvent {
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
    KeyEvent { code, modifiers, kind: KeyEventKind::Press, state: KeyEventState::NONE }
}

/// The key a crossterm key event stands for; `None` for releases and keys
/// outside the vocabulary (media keys, lone modifiers).
pub fn key_press(event: &KeyEvent) -> Option<KeyPress> {
    if event.kind == KeyEventKind::Release {
        return None;
    }
    let code = match event.code {
        CtKeyCode::Char(character) => KeyCode::Char(character),
        CtKeyCode::F(number @ 1..=12) => KeyCode::F(number),
        CtKeyCode::Up => KeyCode::Up,
        CtKeyCode::Down => KeyCode::Down,
        CtKeyCode::Left => KeyCode::Left,
        CtKeyCode::Right => KeyCode::Right,
        CtKeyCode::Enter => KeyCode::Enter,
        CtKeyCode::Esc => KeyCode::Esc,
        CtKeyCode::Tab => KeyCode::Tab,
        CtKeyCode::BackTab => KeyCode::BackTab,
        CtKeyCode::Backspace => KeyCode::Backspace,
        CtKeyCode::Delete => KeyCode::Delete,
        CtKeyCode::Insert => KeyCode::Insert,
        CtKeyCode::Home => KeyCode::Home,
        CtKeyCode::End => KeyCode::End,
        CtKeyCode::PageUp => KeyCode::PageUp,
        CtKeyCode::PageDown => KeyCode::PageDown,
        _ => return None,
    };
    // A printable character already says whether shift was held.
    let shift = event.modifiers.contains(KeyModifiers::SHIFT) && !matches!(code, KeyCode::Char(_));
    let modifiers = Modifiers {
        ctrl: event.modifiers.contains(KeyModifiers::CONTROL),
        alt: event.modifiers.contains(KeyModifiers::ALT),
        shift,
    };
    Some(KeyPress::new(code, modifiers))
}

/// The crossterm button for a rehearse one.
pub fn crossterm_button(button: MouseButton) -> CtButton {
    match button {
        MouseButton::Left => CtButton::Left,
        MouseButton::Right => CtButton::Right,
        MouseButton::Middle => CtButton::Middle,
    }
}

/// The rehearse button for a crossterm one.
pub fn rehearse_button(button: CtButton) -> MouseButton {
    match button {
        CtButton::Left => MouseButton::Left,
        CtButton::Right => MouseButton::Right,
        CtButton::Middle => MouseButton::Middle,
    }
}

/// The crossterm mouse event a terminal sends for a pointer input at a
/// cell.
pub fn mouse_event(kind: PointerKind, column: u16, row: u16) -> MouseEvent {
    let kind = match kind {
        PointerKind::Moved => MouseEventKind::Moved,
        PointerKind::Down(button) => MouseEventKind::Down(crossterm_button(button)),
        PointerKind::Up(button) => MouseEventKind::Up(crossterm_button(button)),
        PointerKind::Drag(button) => MouseEventKind::Drag(crossterm_button(button)),
        PointerKind::ScrollUp => MouseEventKind::ScrollUp,
        PointerKind::ScrollDown => MouseEventKind::ScrollDown,
    };
    MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_key_round_trips_through_crossterm() {
        for name in KeyCode::names() {
            let key: KeyPress = name.parse().unwrap();
            assert_eq!(key_press(&key_event(key)), Some(key), "{name}");
            let ctrl = KeyPress::new(key.code, Modifiers::CTRL);
            assert_eq!(key_press(&key_event(ctrl)), Some(ctrl), "ctrl+{name}");
        }
        for character in ['a', 'Z', '1', '+', 'é'] {
            let key = KeyPress::char(character);
            assert_eq!(key_press(&key_event(key)), Some(key));
        }
    }

    #[test]
    fn releases_and_unknown_keys_are_ignored() {
        let mut release = key_event(KeyPress::char('a'));
        release.kind = KeyEventKind::Release;
        assert_eq!(key_press(&release), None);
        let media = KeyEvent::new(CtKeyCode::CapsLock, KeyModifiers::NONE);
        assert_eq!(key_press(&media), None);
    }

    #[test]
    fn keys_become_the_events_a_terminal_sends() {
        let event = key_event("ctrl+n".parse().expect("a key"));
        assert_eq!((event.code, event.modifiers), (CtKeyCode::Char('n'), KeyModifiers::CONTROL));
        assert_eq!(key_event(KeyPress::typed('\n')).code, CtKeyCode::Enter);
        assert_eq!(key_event(KeyPress::char('A')).modifiers, KeyModifiers::SHIFT);
    }

    #[test]
    fn pointers_become_mouse_events_at_their_cell() {
        let event = mouse_event(PointerKind::Down(MouseButton::Left), 3, 4);
        assert_eq!(
            (event.kind, event.column, event.row),
            (MouseEventKind::Down(CtButton::Left), 3, 4)
        );
    }
}
