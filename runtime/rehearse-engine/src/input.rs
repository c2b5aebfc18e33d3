//! Conversions between rehearse's key vocabulary and real crossterm events.
//!
//! The executor synthesizes crossterm events and the terminal runner reads
//! them from the terminal; both enter the engine through the same path.

use ratatui::crossterm::event::{
    KeyCode as CtKeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers,
    MouseButton as CtButton,
};

use rehearse_lang::{KeyCode, KeyPress, Modifiers, MouseButton};

/// The crossterm key event a terminal sends for `key`.
///
/// ```
/// use rehearse::input::key_event;
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

pub(crate) fn crossterm_button(button: MouseButton) -> CtButton {
    match button {
        MouseButton::Left => CtButton::Left,
        MouseButton::Right => CtButton::Right,
        MouseButton::Middle => CtButton::Middle,
    }
}

pub(crate) fn rehearse_button(button: CtButton) -> MouseButton {
    match button {
        CtButton::Left => MouseButton::Left,
        CtButton::Right => MouseButton::Right,
        CtButton::Middle => MouseButton::Middle,
    }
}

/// Whether a key activates a focused button-like widget (Enter or Space).
pub fn is_activation(key: &KeyPress) -> bool {
    key.modifiers.is_empty() && matches!(key.code, KeyCode::Enter | KeyCode::Char(' '))
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
}
