//! Pastes: bracketed when the program asked for it (`?2004`), else literal.

use super::InputModes;

/// What a terminal writes before a bracketed paste: `ESC [ 200 ~`.
pub const BRACKETED_PASTE_START: &[u8] = b"\x1b[200~";

/// What a terminal writes after a bracketed paste: `ESC [ 201 ~`.
pub const BRACKETED_PASTE_END: &[u8] = b"\x1b[201~";

/// Encodes pasted text as a terminal writes it.
///
/// When `modes.bracketed_paste` is set (the program wrote `CSI ? 2004 h`),
/// the text is wrapped in [`BRACKETED_PASTE_START`] … [`BRACKETED_PASTE_END`].
/// Otherwise it is written literally, byte for byte (newlines are not
/// translated), exactly as if it had been typed.
///
/// # Sanitizing a bracketed paste
///
/// A paste must not be able to end its bracket early and have the rest of its
/// text read as keys. So, inside the bracket, every ESC (0x1B) is removed,
/// and every C1 CSI (U+009B, which an 8-bit-controls parser reads as
/// `ESC [`) with it; an `ESC [ 201 ~` is removed whole, so no stray `[201~`
/// is left in the text:
///
/// - an `ESC [ 201 ~` in the text would end the paste there;
/// - a lone ESC is removed too, because it can form a terminator with what
///   follows it: at the end of the text it would make the closing bracket
///   `ESC ESC [ 201 ~`, which a parser reads as alt plus a key it does not
///   know, so the paste never ends; elsewhere it can be the first byte of a
///   sequence the program acts on inside a paste it trusts as text.
///
/// Nothing else is changed: other control characters (a tab, a newline, a
/// `ctrl+c` byte) reach the program inside the bracket as pasted, for it to
/// judge. Without the bracket the text is literal: the program asked for no
/// protection, and a `paste:` step then writes exactly what it says, like
/// `type:`.
///
/// # Examples
///
/// ```
/// use rehearse_pty::encode::{InputModes, paste};
/// let plain = InputModes::default();
/// assert_eq!(paste("hi\n", plain), b"hi\n");
/// let bracketed = plain.with_bracketed_paste(true);
/// assert_eq!(paste("hi\n", bracketed), b"\x1b[200~hi\n\x1b[201~");
/// assert_eq!(paste("a\x1b[201~rm -rf /\n", bracketed), b"\x1b[200~arm -rf /\n\x1b[201~");
/// ```
pub fn paste(text: &str, modes: InputModes) -> Vec<u8> {
    if !modes.bracketed_paste {
        return text.as_bytes().to_vec();
    }
    let mut bytes = Vec::with_capacity(text.len() + 12);
    bytes.extend_from_slice(BRACKETED_PASTE_START);
    // Removing `ESC [ 201 ~` whole first leaves no `[201~` behind; then any ESC
    // or C1 CSI left (one that was not part of a terminator, or one that a
    // removal brought next to `[201~`) goes as well, so the text between the
    // brackets holds no introducer at all and cannot end the paste.
    let without_terminators = text.replace("\u{1b}[201~", "");
    let mut buffer = [0; 4];
    for character in without_terminators.chars().filter(|&c| c != '\u{1b}' && c != '\u{9b}') {
        bytes.extend_from_slice(character.encode_utf8(&mut buffer).as_bytes());
    }
    bytes.extend_from_slice(BRACKETED_PASTE_END);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::test_support::all_modes;

    fn bracketed() -> InputModes {
        InputModes::default().with_bracketed_paste(true)
    }

    fn inner(bytes: &[u8]) -> &[u8] {
        let rest = bytes.strip_prefix(BRACKETED_PASTE_START).expect("starts with the bracket");
        rest.strip_suffix(BRACKETED_PASTE_END).expect("ends with the bracket")
    }

    #[test]
    fn literal_without_the_mode() {
        let text = "line one\nline two\r\n\ttab \x1b[201~ é 😀";
        assert_eq!(paste(text, InputModes::default()), text.as_bytes());
        assert_eq!(paste("", InputModes::default()), b"");
    }

    #[test]
    fn bracketed_with_the_mode() {
        assert_eq!(paste("hello", bracketed()), b"\x1b[200~hello\x1b[201~");
        assert_eq!(paste("", bracketed()), b"\x1b[200~\x1b[201~");
        assert_eq!(paste("a\nb\r\n", bracketed()), b"\x1b[200~a\nb\r\n\x1b[201~");
        assert_eq!(paste("é😀", bracketed()), "\x1b[200~é😀\x1b[201~".as_bytes());
    }

    #[test]
    fn a_paste_cannot_end_its_bracket() {
        assert_eq!(inner(&paste("a\x1b[201~b", bracketed())), b"ab");
        assert_eq!(inner(&paste("\x1b[201~\x1b[201~", bracketed())), b"");
        // A removal that brings `ESC` next to `[201~` leaves the rest inert.
        assert_eq!(inner(&paste("\x1b[20\x1b[201~1~x", bracketed())), b"[201~x");
        // A lone ESC, at the end or inside, goes.
        assert_eq!(inner(&paste("abc\x1b", bracketed())), b"abc");
        assert_eq!(inner(&paste("\x1b[31mred", bracketed())), b"[31mred");
        // The 8-bit CSI too.
        assert_eq!(inner(&paste("x\u{9b}201~y", bracketed())), b"x201~y");
        // The start bracket in the text is harmless without its ESC.
        assert_eq!(inner(&paste("\x1b[200~", bracketed())), b"[200~");
        // Other control characters are text.
        assert_eq!(inner(&paste("\x03\x04\x07", bracketed())), b"\x03\x04\x07");
    }

    #[test]
    fn every_text_from_a_tricky_alphabet_stays_inside_its_bracket() {
        let alphabet = ['\x1b', '[', '2', '0', '1', '~', 'a', '\u{9b}', 'é'];
        let mut texts = Vec::new();
        for length in 0..=6u32 {
            for mut number in 0..alphabet.len().pow(length) {
                let mut text = String::new();
                for _ in 0..length {
                    text.push(alphabet[number % alphabet.len()]);
                    number /= alphabet.len();
                }
                texts.push(text);
            }
        }
        assert!(texts.len() > 500_000, "{}", texts.len());
        let modes = all_modes();
        for (index, text) in texts.iter().enumerate() {
            let mode = modes[index % modes.len()];
            let bytes = paste(text, mode);
            assert!(std::str::from_utf8(&bytes).is_ok(), "{text:?}");
            if mode.bracketed_paste {
                let body = inner(&bytes);
                assert!(!body.contains(&0x1b), "{text:?}");
                assert!(!std::str::from_utf8(body).unwrap().contains('\u{9b}'), "{text:?}");
            } else {
                assert_eq!(bytes, text.as_bytes());
            }
        }
    }
}
