//! Keys as xterm VT sequences: what a Unix terminal writes for a key press.

use rehearse_lang::{KeyCode, KeyPress, Modifiers};

use super::{EncodeError, InputModes};

const ESC: u8 = 0x1b;

/// Encodes a key press as the bytes an xterm-compatible terminal sends.
///
/// - A printable character is its UTF-8; `shift` upper-cases a letter.
/// - `ctrl` with a letter, space, or one of `@ [ \ ] ^ _ ? / ~` `` ` `` and
///   the digits `2`–`8` gives the C0 control character xterm sends
///   (`ctrl+space` and `ctrl+2` NUL, `ctrl+[` and `ctrl+3` ESC, `ctrl+a` 0x01,
///   `ctrl+?` and `ctrl+8` DEL, …).
/// - `alt` prefixes ESC to the key's bytes, except on the keys that carry
///   modifiers in a parameter (arrows, navigation and function keys).
/// - Enter `\r`, Tab `\t`, BackTab (and `shift+tab`) `ESC [ Z`, Backspace
///   0x7f (`ctrl+backspace` 0x08, what most terminals send), Esc 0x1b.
/// - Arrows, Home and End: `CSI A B C D H F`, or SS3 (`ESC O A`) when
///   `modes.application_cursor` (DECCKM) is set and no modifier is held.
/// - Insert, Delete, PageUp, PageDown: `CSI 2~ 3~ 5~ 6~`.
/// - F1–F4: SS3 `P Q R S`; F5–F12: `CSI 15~ 17~ 18~ 19~ 20~ 21~ 23~ 24~`.
/// - Modifiers on those keys go in xterm's parameter `1 + shift + 2·alt +
///   4·ctrl`: `CSI 1;5A` (ctrl+up), `CSI 1;2P` (shift+f1), `CSI 3;5~`
///   (ctrl+delete).
///
/// # Errors
///
/// [`EncodeError::Key`] for a key no terminal can send as written, naming it
/// and what to write instead: a modifier the encoding would drop (`ctrl+1`,
/// `shift+enter`, `ctrl+shift+a` which a program would read as `ctrl+a`), a
/// `shift` on a character that is not a letter (write the shifted character:
/// the encoder assumes no keyboard layout), a control character given as a
/// character key, a function key outside F1–F12.
///
/// # Examples
///
/// ```
/// use rehearse_lang::KeyPress;
/// use rehearse_pty::encode::{InputModes, key};
/// let modes = InputModes::default();
/// let press = |spelling: &str| spelling.parse::<KeyPress>().unwrap();
/// assert_eq!(key(press("ctrl+c"), modes).unwrap(), b"\x03");
/// assert_eq!(key(press("up"), modes).unwrap(), b"\x1b[A");
/// assert_eq!(key(press("up"), modes.with_application_cursor(true)).unwrap(), b"\x1bOA");
/// assert_eq!(key(press("ctrl+up"), modes).unwrap(), b"\x1b[1;5A");
/// assert_eq!(key(press("alt+x"), modes).unwrap(), b"\x1bx");
/// assert_eq!(key(press("shift+f1"), modes).unwrap(), b"\x1b[1;2P");
/// assert!(key(press("ctrl+1"), modes).unwrap_err().to_string().contains("`ctrl+1`"));
/// ```
pub fn key(key: KeyPress, modes: InputModes) -> Result<Vec<u8>, EncodeError> {
    let modifiers = key.modifiers;
    match key.code {
        KeyCode::Char(character) => character_key(key, character),
        KeyCode::Up => Ok(cursor_key(b'A', modifiers, modes)),
        KeyCode::Down => Ok(cursor_key(b'B', modifiers, modes)),
        KeyCode::Right => Ok(cursor_key(b'C', modifiers, modes)),
        KeyCode::Left => Ok(cursor_key(b'D', modifiers, modes)),
        KeyCode::Home => Ok(cursor_key(b'H', modifiers, modes)),
        KeyCode::End => Ok(cursor_key(b'F', modifiers, modes)),
        KeyCode::Insert => Ok(tilde_key(2, modifiers)),
        KeyCode::Delete => Ok(tilde_key(3, modifiers)),
        KeyCode::PageUp => Ok(tilde_key(5, modifiers)),
        KeyCode::PageDown => Ok(tilde_key(6, modifiers)),
        KeyCode::F(number) => function_key(key, number),
        KeyCode::Enter => simple_key(key, b'\r', None),
        KeyCode::Esc => simple_key(key, ESC, None),
        KeyCode::Backspace => simple_key(key, 0x7f, Some(0x08)),
        KeyCode::Tab if modifiers == Modifiers::SHIFT => Ok(b"\x1b[Z".to_vec()),
        KeyCode::Tab => simple_key(key, b'\t', None),
        KeyCode::BackTab if modifiers.is_empty() => Ok(b"\x1b[Z".to_vec()),
        KeyCode::BackTab => Err(EncodeError::key(
            key,
            "backtab (shift+tab) takes no other modifier in the xterm encoding; press `backtab`",
        )),
        _ => Err(EncodeError::key(key, "the xterm key encoder does not know this key")),
    }
}

/// xterm's modifier parameter, `1 + shift + 2·alt + 4·ctrl`; `None` without
/// modifiers.
fn modifier_parameter(modifiers: Modifiers) -> Option<u8> {
    let value =
        1 + u8::from(modifiers.shift) + 2 * u8::from(modifiers.alt) + 4 * u8::from(modifiers.ctrl);
    (value > 1).then_some(value)
}

/// Arrows, Home and End: `CSI X`, `SS3 X` under DECCKM, `CSI 1;m X` modified.
fn cursor_key(last: u8, modifiers: Modifiers, modes: InputModes) -> Vec<u8> {
    match modifier_parameter(modifiers) {
        Some(parameter) => format!("\x1b[1;{parameter}{}", char::from(last)).into_bytes(),
        None if modes.application_cursor => vec![ESC, b'O', last],
        None => vec![ESC, b'[', last],
    }
}

/// Insert, Delete, PageUp, PageDown, F5–F12: `CSI n ~`, `CSI n;m ~` modified.
fn tilde_key(number: u8, modifiers: Modifiers) -> Vec<u8> {
    match modifier_parameter(modifiers) {
        Some(parameter) => format!("\x1b[{number};{parameter}~").into_bytes(),
        None => format!("\x1b[{number}~").into_bytes(),
    }
}

fn function_key(key: KeyPress, number: u8) -> Result<Vec<u8>, EncodeError> {
    const TILDE_NUMBERS: [u8; 8] = [15, 17, 18, 19, 20, 21, 23, 24];
    match number {
        1..=4 => {
            let last = b'P' + (number - 1);
            Ok(match modifier_parameter(key.modifiers) {
                Some(parameter) => format!("\x1b[1;{parameter}{}", char::from(last)).into_bytes(),
                None => vec![ESC, b'O', last],
            })
        }
        5..=12 => Ok(tilde_key(TILDE_NUMBERS[usize::from(number - 5)], key.modifiers)),
        _ => Err(EncodeError::key(key, "function keys run from f1 to f12")),
    }
}

/// Enter, Esc, Tab, Backspace: one byte, ESC-prefixed for alt; `with_ctrl`
/// is the byte ctrl gives, where terminals send a distinct one.
fn simple_key(key: KeyPress, plain: u8, with_ctrl: Option<u8>) -> Result<Vec<u8>, EncodeError> {
    let Modifiers { ctrl, alt, shift } = key.modifiers;
    let byte = match (ctrl, shift, with_ctrl) {
        (false, false, _) => plain,
        (true, false, Some(byte)) => byte,
        _ => {
            let name = key.code.to_string();
            let dropped = if shift { "shift" } else { "ctrl" };
            return Err(EncodeError::key(
                key,
                format!(
                    "an xterm-compatible terminal sends {dropped}+{name} as plain {name}, so a \
                     program cannot tell them apart; press `{name}` (or `alt+{name}`), or write \
                     the bytes a program expects with `send:`"
                ),
            ));
        }
    };
    Ok(if alt { vec![ESC, byte] } else { vec![byte] })
}

/// A character key, with ctrl mapped to its C0 byte and alt as an ESC prefix.
fn character_key(key: KeyPress, character: char) -> Result<Vec<u8>, EncodeError> {
    let Modifiers { ctrl, alt, shift } = key.modifiers;
    if character.is_control() {
        return Err(EncodeError::key(
            key,
            "a control character is not a key; press its key (`enter`, `tab`, `esc`, \
             `backspace`, `ctrl+a`…) or write raw bytes with `send:`",
        ));
    }
    let mut bytes = if alt { vec![ESC] } else { Vec::new() };
    if ctrl {
        let Some(byte) = control_byte(character) else {
            return Err(EncodeError::key(
                key,
                "ctrl combines only with a letter, space, one of @ [ \\ ] ^ _ ? / ~ ` or a \
                 digit 2 to 8 (the keys that have a C0 control character)",
            ));
        };
        if shift {
            return Err(EncodeError::key(
                key,
                format!(
                    "a terminal sends ctrl+shift+{0} as ctrl+{0}: the xterm encoding has no \
                     shift for control characters; press `ctrl+{0}`",
                    character.to_ascii_lowercase()
                ),
            ));
        }
        bytes.push(byte);
        return Ok(bytes);
    }
    let typed = if shift { shifted(character) } else { Some(character) };
    let Some(typed) = typed else {
        return Err(EncodeError::key(
            key,
            format!(
                "shift changes only letters here: the encoder assumes no keyboard layout, so \
                 write the shifted character itself instead of shift+{character}"
            ),
        ));
    };
    let mut buffer = [0; 4];
    bytes.extend_from_slice(typed.encode_utf8(&mut buffer).as_bytes());
    Ok(bytes)
}

/// The upper case of a letter (itself when it already is upper case); `None`
/// for a character without case, whose shifted form depends on the layout.
fn shifted(character: char) -> Option<char> {
    if character.is_uppercase() {
        return Some(character);
    }
    if !character.is_lowercase() {
        return None;
    }
    let mut upper = character.to_uppercase();
    match (upper.next(), upper.next()) {
        (Some(single), None) if single != character => Some(single),
        _ => None,
    }
}

/// The C0 byte a terminal sends for ctrl with this character (VT220/xterm).
fn control_byte(character: char) -> Option<u8> {
    let lower = character.to_ascii_lowercase();
    Some(match lower {
        'a'..='z' => lower as u8 - b'a' + 1,
        ' ' | '@' | '`' | '2' => 0x00,
        '[' | '3' => 0x1b,
        '\\' | '4' => 0x1c,
        ']' | '5' => 0x1d,
        '^' | '~' | '6' => 0x1e,
        '_' | '/' | '7' => 0x1f,
        '?' | '8' => 0x7f,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::test_support::{all_key_codes, all_modes, all_modifiers};

    fn encode(spelling: &str) -> Vec<u8> {
        let press: KeyPress =
            spelling.parse().unwrap_or_else(|error| panic!("{spelling}: {error}"));
        key(press, InputModes::default()).unwrap_or_else(|error| panic!("{spelling}: {error}"))
    }

    fn encode_app(spelling: &str) -> Vec<u8> {
        let press: KeyPress = spelling.parse().unwrap();
        key(press, InputModes::default().with_application_cursor(true)).unwrap()
    }

    fn refused(spelling: &str) -> String {
        let press: KeyPress = spelling.parse().unwrap();
        match key(press, InputModes::default()) {
            Ok(bytes) => panic!("{spelling} encoded as {bytes:?}"),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn printable_characters_are_their_utf8() {
        assert_eq!(encode("a"), b"a");
        assert_eq!(encode("A"), b"A");
        assert_eq!(encode("space"), b" ");
        assert_eq!(encode("+"), b"+");
        assert_eq!(encode("é"), "é".as_bytes());
        assert_eq!(encode("中"), "中".as_bytes());
        assert_eq!(encode("😀"), "😀".as_bytes());
        assert_eq!(encode("shift+a"), b"A");
        assert_eq!(encode("shift+A"), b"A");
        assert_eq!(encode("shift+é"), "É".as_bytes());
    }

    #[test]
    fn ctrl_gives_the_c0_table() {
        let table: &[(&str, u8)] = &[
            ("ctrl+a", 0x01),
            ("ctrl+c", 0x03),
            ("ctrl+h", 0x08),
            ("ctrl+m", 0x0d),
            ("ctrl+z", 0x1a),
            ("ctrl+A", 0x01),
            ("ctrl+space", 0x00),
            ("ctrl+@", 0x00),
            ("ctrl+`", 0x00),
            ("ctrl+2", 0x00),
            ("ctrl+[", 0x1b),
            ("ctrl+3", 0x1b),
            ("ctrl+\\", 0x1c),
            ("ctrl+4", 0x1c),
            ("ctrl+]", 0x1d),
            ("ctrl+5", 0x1d),
            ("ctrl+^", 0x1e),
            ("ctrl+~", 0x1e),
            ("ctrl+6", 0x1e),
            ("ctrl+_", 0x1f),
            ("ctrl+/", 0x1f),
            ("ctrl+7", 0x1f),
            ("ctrl+?", 0x7f),
            ("ctrl+8", 0x7f),
        ];
        for &(spelling, byte) in table {
            assert_eq!(encode(spelling), [byte], "{spelling}");
        }
        // A struct built by hand (not normalized) with an upper-case letter.
        let upper = KeyPress { code: KeyCode::Char('C'), modifiers: Modifiers::CTRL };
        assert_eq!(key(upper, InputModes::default()).unwrap(), [0x03]);
    }

    #[test]
    fn alt_prefixes_escape() {
        assert_eq!(encode("alt+x"), b"\x1bx");
        assert_eq!(encode("alt+X"), b"\x1bx", "alt lower-cases through KeyPress::new");
        assert_eq!(encode("alt+shift+x"), b"\x1bX");
        assert_eq!(encode("ctrl+alt+a"), b"\x1b\x01");
        assert_eq!(encode("alt+é"), "\x1bé".as_bytes());
        assert_eq!(encode("alt+enter"), b"\x1b\r");
        assert_eq!(encode("alt+tab"), b"\x1b\t");
        assert_eq!(encode("alt+backspace"), b"\x1b\x7f");
        assert_eq!(encode("alt+esc"), b"\x1b\x1b");
        assert_eq!(encode("ctrl+alt+backspace"), b"\x1b\x08");
    }

    #[test]
    fn named_single_byte_keys() {
        assert_eq!(encode("enter"), b"\r");
        assert_eq!(encode("tab"), b"\t");
        assert_eq!(encode("backtab"), b"\x1b[Z");
        assert_eq!(encode("shift+tab"), b"\x1b[Z");
        let unnormalized = KeyPress { code: KeyCode::Tab, modifiers: Modifiers::SHIFT };
        assert_eq!(key(unnormalized, InputModes::default()).unwrap(), b"\x1b[Z");
        assert_eq!(encode("backspace"), b"\x7f");
        assert_eq!(encode("ctrl+backspace"), b"\x08");
        assert_eq!(encode("esc"), b"\x1b");
    }

    #[test]
    fn cursor_keys_follow_decckm_without_modifiers() {
        for (name, last) in
            [("up", 'A'), ("down", 'B'), ("right", 'C'), ("left", 'D'), ("home", 'H'), ("end", 'F')]
        {
            assert_eq!(encode(name), format!("\x1b[{last}").as_bytes(), "{name}");
            assert_eq!(encode_app(name), format!("\x1bO{last}").as_bytes(), "{name}");
            // A modifier always uses CSI with a parameter, DECCKM or not.
            let ctrl = format!("ctrl+{name}");
            assert_eq!(encode(&ctrl), format!("\x1b[1;5{last}").as_bytes(), "{ctrl}");
            assert_eq!(encode_app(&ctrl), format!("\x1b[1;5{last}").as_bytes(), "{ctrl}");
        }
    }

    #[test]
    fn modifier_parameters() {
        assert_eq!(encode("shift+up"), b"\x1b[1;2A");
        assert_eq!(encode("alt+up"), b"\x1b[1;3A");
        assert_eq!(encode("alt+shift+up"), b"\x1b[1;4A");
        assert_eq!(encode("ctrl+up"), b"\x1b[1;5A");
        assert_eq!(encode("ctrl+shift+up"), b"\x1b[1;6A");
        assert_eq!(encode("ctrl+alt+up"), b"\x1b[1;7A");
        assert_eq!(encode("ctrl+alt+shift+up"), b"\x1b[1;8A");
        assert_eq!(encode("shift+f1"), b"\x1b[1;2P");
        assert_eq!(encode("ctrl+f4"), b"\x1b[1;5S");
        assert_eq!(encode("ctrl+delete"), b"\x1b[3;5~");
        assert_eq!(encode("shift+pageup"), b"\x1b[5;2~");
        assert_eq!(encode("alt+f5"), b"\x1b[15;3~");
        assert_eq!(encode("ctrl+alt+shift+f12"), b"\x1b[24;8~");
    }

    #[test]
    fn navigation_and_function_keys() {
        assert_eq!(encode("insert"), b"\x1b[2~");
        assert_eq!(encode("delete"), b"\x1b[3~");
        assert_eq!(encode("pageup"), b"\x1b[5~");
        assert_eq!(encode("pagedown"), b"\x1b[6~");
        let expected = [
            "\x1bOP", "\x1bOQ", "\x1bOR", "\x1bOS", "\x1b[15~", "\x1b[17~", "\x1b[18~", "\x1b[19~",
            "\x1b[20~", "\x1b[21~", "\x1b[23~", "\x1b[24~",
        ];
        for (index, bytes) in expected.iter().enumerate() {
            let name = format!("f{}", index + 1);
            assert_eq!(encode(&name), bytes.as_bytes(), "{name}");
            // DECCKM does not change function keys.
            assert_eq!(encode_app(&name), bytes.as_bytes(), "{name}");
        }
        assert_eq!(encode_app("insert"), b"\x1b[2~");
    }

    #[test]
    fn unsendable_combinations_are_errors_naming_the_key() {
        for spelling in ["ctrl+1", "ctrl+9", "ctrl+0", "ctrl+.", "ctrl+é", "ctrl+alt+1"] {
            let message = refused(spelling);
            assert!(message.contains(&format!("`{spelling}`")), "{message}");
            assert!(message.contains("ctrl combines only with"), "{message}");
        }
        let message = refused("ctrl+shift+a");
        assert!(
            message.contains("`ctrl+shift+a`") && message.contains("press `ctrl+a`"),
            "{message}"
        );
        for spelling in ["shift+enter", "ctrl+enter", "ctrl+tab", "ctrl+esc", "shift+backspace"] {
            let message = refused(spelling);
            assert!(message.contains(&format!("`{spelling}`")), "{message}");
            assert!(message.contains("cannot tell them apart"), "{message}");
        }
        let message = refused("ctrl+backtab");
        assert!(message.contains("`ctrl+backtab`"), "{message}");
        let message = refused("shift+1");
        assert!(
            message.contains("`shift+1`") && message.contains("shifted character"),
            "{message}"
        );
        assert!(refused("shift+space").contains("`shift+space`"));
        let f13 = KeyPress::from(KeyCode::F(13));
        let message = key(f13, InputModes::default()).unwrap_err().to_string();
        assert_eq!(message, "key `f13` cannot be sent: function keys run from f1 to f12");
        let f0 = KeyPress::from(KeyCode::F(0));
        assert!(key(f0, InputModes::default()).is_err());
    }

    #[test]
    fn control_characters_are_refused_with_a_printable_name() {
        let message = key(KeyPress::char('\u{1b}'), InputModes::default()).unwrap_err().to_string();
        assert!(message.starts_with("key `\\u{1b}` cannot be sent"), "{message}");
        assert!(message.contains("send:"), "{message}");
        assert!(!message.contains('\u{1b}'));
        let message = key(KeyPress::char('\n'), InputModes::default()).unwrap_err().to_string();
        assert!(message.starts_with("key `\\n`"), "{message}");
        let ctrl_del = KeyPress::new(KeyCode::Char('\u{7f}'), Modifiers::CTRL);
        let message = key(ctrl_del, InputModes::default()).unwrap_err().to_string();
        assert!(message.starts_with("key `ctrl+\\u{7f}`"), "{message}");
    }

    /// Checks one encoded key is a single well-formed token: an optional ESC
    /// (alt) then a C0 byte or DEL, one UTF-8 character, a CSI sequence
    /// (parameters `0-9;`, one final byte) or an SS3 sequence.
    fn assert_well_formed(bytes: &[u8], what: &str) {
        let text = std::str::from_utf8(bytes).unwrap_or_else(|_| panic!("{what}: not UTF-8"));
        let rest = match text.strip_prefix('\x1b') {
            Some("") => return,
            Some(rest) => rest,
            None => text,
        };
        let mut chars = rest.chars();
        if let (Some(_), None) = (chars.next(), chars.next()) {
            return;
        }
        let finals: &[&str] = if let Some(sequence) = rest.strip_prefix('[') {
            let (parameters, _) = sequence.split_at(sequence.len() - 1);
            assert!(parameters.bytes().all(|byte| byte.is_ascii_digit() || byte == b';'), "{what}");
            &["A", "B", "C", "D", "H", "F", "P", "Q", "R", "S", "~", "Z"]
        } else {
            assert!(rest.starts_with('O') && rest.len() == 2, "{what}: {rest:?}");
            &["A", "B", "C", "D", "H", "F", "P", "Q", "R", "S"]
        };
        assert!(finals.contains(&&rest[rest.len() - 1..]), "{what}: {rest:?}");
    }

    #[test]
    fn every_key_modifier_and_mode_encodes_or_errors_without_panicking() {
        let mut encoded = 0;
        let mut refused = 0;
        for code in all_key_codes() {
            for modifiers in all_modifiers() {
                let press = KeyPress { code, modifiers };
                for modes in all_modes() {
                    match key(press, modes) {
                        Ok(bytes) => {
                            assert!(!bytes.is_empty(), "{press:?}");
                            assert_well_formed(&bytes, &format!("{press:?}"));
                            encoded += 1;
                        }
                        Err(error) => {
                            let message = error.to_string();
                            assert!(message.contains(&crate::encode::key_name(press)), "{message}");
                            assert!(!message.chars().any(char::is_control), "{message:?}");
                            refused += 1;
                        }
                    }
                }
                // The normalized form goes through the same code.
                let _ = key(KeyPress::new(code, modifiers), InputModes::default());
            }
        }
        assert!(encoded > 10_000 && refused > 10_000, "{encoded} encoded, {refused} refused");
    }
}
