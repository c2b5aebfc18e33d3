//! A key the person pressed, as the language spells it: a character typed
//! (gathered into `type:` runs), Backspace (which a run takes back), or a
//! `key:` press with its modifiers.

use rehearse_lang::{KeyCode, KeyPress, Modifiers};
use terminput::{KeyCode as Code, KeyEvent, KeyModifiers};

/// What a key press is in the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pressed {
    /// A printable character, without Ctrl or Alt: typed text.
    Char(char),
    /// Backspace without modifiers: takes back the last typed character.
    Backspace,
    /// A key with modifiers.
    Key(KeyPress),
    /// A key the language cannot name (F13, a media key, Super+…): its
    /// bytes are sent as they are.
    Unnamed,
}

/// The language's reading of a key event.
pub fn pressed(event: &KeyEvent) -> Pressed {
    let held = event.modifiers;
    if held.intersects(KeyModifiers::SUPER | KeyModifiers::HYPER | KeyModifiers::META) {
        return Pressed::Unnamed;
    }
    let modifiers = Modifiers {
        ctrl: held.contains(KeyModifiers::CTRL),
        alt: held.contains(KeyModifiers::ALT),
        shift: held.contains(KeyModifiers::SHIFT),
    };
    let code = match event.code {
        Code::Char(character) if !modifiers.ctrl && !modifiers.alt => {
            // Shift is in the character itself (`A`, `!`).
            return if character.is_control() {
                Pressed::Unnamed
            } else {
                Pressed::Char(character)
            };
        }
        Code::Char(character) => KeyCode::Char(character),
        Code::Backspace if modifiers.is_empty() => return Pressed::Backspace,
        Code::Backspace => KeyCode::Backspace,
        Code::Enter => KeyCode::Enter,
        Code::Left => KeyCode::Left,
        Code::Right => KeyCode::Right,
        Code::Up => KeyCode::Up,
        Code::Down => KeyCode::Down,
        Code::Home => KeyCode::Home,
        Code::End => KeyCode::End,
        Code::PageUp => KeyCode::PageUp,
        Code::PageDown => KeyCode::PageDown,
        Code::Tab if modifiers.shift => KeyCode::BackTab,
        Code::Tab => KeyCode::Tab,
        Code::Delete => KeyCode::Delete,
        Code::Insert => KeyCode::Insert,
        Code::Esc => KeyCode::Esc,
        Code::F(number @ 1..=12) => KeyCode::F(number),
        _ => return Pressed::Unnamed,
    };
    // The key must read back as itself (`ctrl+;` does, a control character
    // would not).
    let key = KeyPress::new(code, modifiers);
    match key.to_string().parse::<KeyPress>() {
        Ok(back) if back == key => Pressed::Key(key),
        _ => Pressed::Unnamed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(code: Code, modifiers: KeyModifiers) -> Pressed {
        pressed(&KeyEvent::new(code).modifiers(modifiers))
    }

    #[test]
    fn characters_are_typed_and_everything_else_is_a_key() {
        assert_eq!(of(Code::Char('a'), KeyModifiers::NONE), Pressed::Char('a'));
        assert_eq!(of(Code::Char('A'), KeyModifiers::SHIFT), Pressed::Char('A'));
        assert_eq!(of(Code::Char(' '), KeyModifiers::NONE), Pressed::Char(' '));
        assert_eq!(of(Code::Backspace, KeyModifiers::NONE), Pressed::Backspace);
        assert_eq!(
            of(Code::Char('c'), KeyModifiers::CTRL),
            Pressed::Key(KeyPress::new(KeyCode::Char('c'), Modifiers::CTRL))
        );
        assert_eq!(
            of(Code::Char('X'), KeyModifiers::ALT | KeyModifiers::SHIFT),
            Pressed::Key(KeyPress::new(
                KeyCode::Char('x'),
                Modifiers { ctrl: false, alt: true, shift: true }
            ))
        );
        assert_eq!(of(Code::Tab, KeyModifiers::SHIFT), Pressed::Key(KeyCode::BackTab.into()));
        assert_eq!(of(Code::Enter, KeyModifiers::NONE), Pressed::Key(KeyCode::Enter.into()));
        assert_eq!(of(Code::F(13), KeyModifiers::NONE), Pressed::Unnamed);
        assert_eq!(of(Code::Char('a'), KeyModifiers::SUPER), Pressed::Unnamed);
    }
}
