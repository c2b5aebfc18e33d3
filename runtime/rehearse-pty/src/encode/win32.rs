//! Keys as win32-input-mode records: what a Windows terminal sends to ConPTY
//! once ConPTY asked for `CSI ? 9001 h`.
//!
//! The format is Microsoft's (terminal spec #4999, "Improved keyboard handling
//! in Conpty"): `ESC [ Vk ; Sc ; Uc ; Kd ; Cs ; Rc _`, one
//! `KEY_EVENT_RECORD` each, which ConPTY hands to a raw console reader (a
//! crossterm program) as `INPUT_RECORD`s. Plain VT keys are not enough on
//! Windows: conhost synthesises key records from them for a cooked reader but
//! not for a raw one, which then drops them.

use rehearse_lang::{KeyCode, KeyPress, Modifiers};

use super::EncodeError;

/// `SHIFT_PRESSED` in `dwControlKeyState`.
pub const SHIFT_PRESSED: u32 = 0x0010;
/// `LEFT_CTRL_PRESSED` in `dwControlKeyState`.
pub const LEFT_CTRL_PRESSED: u32 = 0x0008;
/// `LEFT_ALT_PRESSED` in `dwControlKeyState`.
pub const LEFT_ALT_PRESSED: u32 = 0x0002;
/// `ENHANCED_KEY` in `dwControlKeyState`: the arrows and the navigation block
/// (Insert, Delete, Home, End, PageUp, PageDown), which have an `E0` prefix in
/// scan code set 1.
pub const ENHANCED_KEY: u32 = 0x0100;

/// One `KEY_EVENT_RECORD`, minus `bKeyDown` and the repeat count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Record {
    /// `wVirtualKeyCode`.
    vk: u16,
    /// `wVirtualScanCode` (set 1, make code, no `E0` prefix).
    sc: u16,
    /// `uChar.UnicodeChar`: one UTF-16 code unit, 0 for none.
    uc: u16,
    /// `dwControlKeyState`.
    cs: u32,
}

/// Encodes a key press as win32-input-mode records: the key's down record
/// then its up record, `ESC [ Vk ; Sc ; Uc ; Kd ; Cs ; 1 _` each.
///
/// - `Vk` and `Sc` are the virtual-key code and set-1 scan code of the key on
///   a US keyboard layout (`a` 65;30, `F1` 112;59, Up 38;72 …).
/// - `Uc` is the character the key types, as decimal UTF-16 (0 for none):
///   `A` 65, Enter 13, Tab 9, Esc 27, Backspace 8; with ctrl, the control
///   character (`ctrl+a` 1, `ctrl+[` 27, `ctrl+enter` 10,
///   `ctrl+backspace` 127) or 0 where the layout has none; with ctrl and alt,
///   0 (as the console reports it).
/// - `Cs` holds `SHIFT_PRESSED` 0x10 (also for a character typed with shift
///   on a US layout, such as `A` or `!`), `LEFT_CTRL_PRESSED` 0x08,
///   `LEFT_ALT_PRESSED` 0x02, and `ENHANCED_KEY` 0x100 for the arrows and the
///   navigation keys. NumLock and the other lock states are not set.
/// - The modifier keys' own records (ctrl down before, ctrl up after) are not
///   sent: `Cs` carries the modifiers, which is what a console program reads.
/// - Every combination of ctrl, alt and shift with a key of the US layout is
///   sent as held, including those the VT encoding of [`key`](super::key)
///   refuses (`shift+enter`, `ctrl+shift+a`, `shift+1`, which types `!`):
///   the record carries the key and the modifiers apart.
/// - A character with no key on a US layout (`é`, `中`, `😀`) is sent as a
///   Unicode record, `Vk` and `Sc` 0, one down/up pair per UTF-16 code unit
///   (a surrogate pair is two pairs), as a terminal sends IME input.
///
/// # Errors
///
/// [`EncodeError::Key`], naming the key: a function key outside F1–F12, a
/// control character given as a character key, or ctrl, alt or shift with a
/// character that has no key on a US layout.
///
/// # Examples
///
/// ```
/// use rehearse_lang::KeyPress;
/// use rehearse_pty::encode::win32_key;
/// let press = |spelling: &str| spelling.parse::<KeyPress>().unwrap();
/// assert_eq!(win32_key(press("a")).unwrap(), b"\x1b[65;30;97;1;0;1_\x1b[65;30;97;0;0;1_");
/// assert_eq!(
///     win32_key(press("ctrl+f1")).unwrap(),
///     b"\x1b[112;59;0;1;8;1_\x1b[112;59;0;0;8;1_",
/// );
/// assert_eq!(win32_key(press("up")).unwrap(), b"\x1b[38;72;0;1;256;1_\x1b[38;72;0;0;256;1_");
/// ```
pub fn win32_key(key: KeyPress) -> Result<Vec<u8>, EncodeError> {
    let records = records(key)?;
    let mut bytes = Vec::new();
    match records {
        Records::Key(record) => {
            push_record(&mut bytes, record, true);
            push_record(&mut bytes, record, false);
        }
        Records::Units(units) => {
            for uc in units.into_iter().flatten() {
                let record = Record { vk: 0, sc: 0, uc, cs: 0 };
                push_record(&mut bytes, record, true);
                push_record(&mut bytes, record, false);
            }
        }
    }
    Ok(bytes)
}

/// What a key becomes: one key record, or Unicode records of up to two
/// UTF-16 code units.
enum Records {
    Key(Record),
    Units([Option<u16>; 2]),
}

fn push_record(bytes: &mut Vec<u8>, record: Record, down: bool) {
    let Record { vk, sc, uc, cs } = record;
    let kd = u8::from(down);
    bytes.extend_from_slice(format!("\x1b[{vk};{sc};{uc};{kd};{cs};1_").as_bytes());
}

/// The control-key-state flags of the modifiers.
fn modifier_flags(modifiers: Modifiers) -> u32 {
    let mut flags = 0;
    if modifiers.shift {
        flags |= SHIFT_PRESSED;
    }
    if modifiers.ctrl {
        flags |= LEFT_CTRL_PRESSED;
    }
    if modifiers.alt {
        flags |= LEFT_ALT_PRESSED;
    }
    flags
}

fn records(key: KeyPress) -> Result<Records, EncodeError> {
    let modifiers = key.modifiers;
    let flags = modifier_flags(modifiers);
    // `(vk, sc)` and whether the key is enhanced, for the keys without a character.
    let navigation = |vk, sc| Record { vk, sc, uc: 0, cs: flags | ENHANCED_KEY };
    // The character of Enter, Tab, Esc, Backspace: ctrl changes two of them
    // and ctrl+alt clears it, as the US layout table does.
    let typing = |vk, sc, plain: u16, with_ctrl: u16| {
        let uc = match (modifiers.ctrl, modifiers.alt) {
            (false, _) => plain,
            (true, false) => with_ctrl,
            (true, true) => 0,
        };
        Record { vk, sc, uc, cs: flags }
    };
    let record = match key.code {
        KeyCode::Up => navigation(0x26, 0x48),
        KeyCode::Down => navigation(0x28, 0x50),
        KeyCode::Left => navigation(0x25, 0x4B),
        KeyCode::Right => navigation(0x27, 0x4D),
        KeyCode::Home => navigation(0x24, 0x47),
        KeyCode::End => navigation(0x23, 0x4F),
        KeyCode::PageUp => navigation(0x21, 0x49),
        KeyCode::PageDown => navigation(0x22, 0x51),
        KeyCode::Insert => navigation(0x2D, 0x52),
        KeyCode::Delete => navigation(0x2E, 0x53),
        KeyCode::Enter => typing(0x0D, 0x1C, 13, 10),
        KeyCode::Esc => typing(0x1B, 0x01, 27, 27),
        KeyCode::Backspace => typing(0x08, 0x0E, 8, 127),
        KeyCode::Tab => typing(0x09, 0x0F, 9, 0),
        KeyCode::BackTab => {
            let mut record = typing(0x09, 0x0F, 9, 0);
            record.cs |= SHIFT_PRESSED;
            record
        }
        KeyCode::F(number @ 1..=10) => {
            let offset = u16::from(number - 1);
            Record { vk: 0x70 + offset, sc: 0x3B + offset, uc: 0, cs: flags }
        }
        KeyCode::F(11) => Record { vk: 0x7A, sc: 0x57, uc: 0, cs: flags },
        KeyCode::F(12) => Record { vk: 0x7B, sc: 0x58, uc: 0, cs: flags },
        KeyCode::F(_) => return Err(EncodeError::key(key, "function keys run from f1 to f12")),
        KeyCode::Char(character) => return character_records(key, character),
        _ => {
            return Err(EncodeError::key(
                key,
                "the win32-input-mode encoder does not know this key",
            ));
        }
    };
    Ok(Records::Key(record))
}

fn character_records(key: KeyPress, character: char) -> Result<Records, EncodeError> {
    let Modifiers { ctrl, alt, shift } = key.modifiers;
    if character.is_control() {
        return Err(EncodeError::key(
            key,
            "a control character is not a key; press its key (`enter`, `tab`, `esc`, \
             `backspace`, `ctrl+a`…) or write raw bytes with `send:`",
        ));
    }
    let Some(us_key) = us_layout_key(character) else {
        if ctrl || alt || shift {
            return Err(EncodeError::key(
                key,
                format!(
                    "win32-input-mode sends keys of a US layout, where {} has no key, so it can \
                     only be sent alone (as a Unicode record), without ctrl, alt or shift",
                    character.escape_debug()
                ),
            ));
        }
        let mut units = [0; 2];
        let encoded = character.encode_utf16(&mut units);
        let second = (encoded.len() == 2).then_some(units[1]);
        return Ok(Records::Units([Some(units[0]), second]));
    };
    // Shift held, or needed for the character (`A`, `!`): the key types its
    // shifted character, as the keyboard does (`shift+1` types `!`).
    let shifted = shift || us_key.shifted;
    let typed = if shifted { us_key.upper } else { us_key.lower };
    let mut cs = modifier_flags(key.modifiers);
    if shifted {
        cs |= SHIFT_PRESSED;
    }
    let uc = match (ctrl, alt) {
        (false, _) => typed as u16,
        (true, true) => 0,
        (true, false) => u16::from(control_unit(typed)),
    };
    Ok(Records::Key(Record { vk: us_key.vk, sc: us_key.sc, uc, cs }))
}

/// The character ctrl gives with a key on the US layout (`kbdus`), 0 for none.
fn control_unit(typed: char) -> u8 {
    match typed.to_ascii_lowercase() {
        lower @ 'a'..='z' => lower as u8 - b'a' + 1,
        '[' => 0x1b,
        '\\' => 0x1c,
        ']' => 0x1d,
        ' ' => b' ',
        '@' => 0x00,
        '^' => 0x1e,
        '_' => 0x1f,
        _ => 0,
    }
}

/// A key of the US layout that types a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct UsKey {
    /// Virtual-key code.
    vk: u16,
    /// Set-1 scan code.
    sc: u16,
    /// Whether the character asked for needs shift.
    shifted: bool,
    /// What the key types without shift.
    lower: char,
    /// What the key types with shift.
    upper: char,
}

/// Set-1 scan codes of the letters, `a` to `z`.
const LETTER_SCAN_CODES: [u16; 26] = [
    0x1E, 0x30, 0x2E, 0x20, 0x12, 0x21, 0x22, 0x23, 0x17, 0x24, 0x25, 0x26, 0x32, 0x31, 0x18, 0x19,
    0x10, 0x13, 0x1F, 0x14, 0x16, 0x2F, 0x11, 0x2D, 0x15, 0x2C,
];

/// The punctuation keys: unshifted, shifted, `VK_OEM_*` code, scan code.
const PUNCTUATION: [(char, char, u16, u16); 11] = [
    (';', ':', 0xBA, 0x27),
    ('=', '+', 0xBB, 0x0D),
    (',', '<', 0xBC, 0x33),
    ('-', '_', 0xBD, 0x0C),
    ('.', '>', 0xBE, 0x34),
    ('/', '?', 0xBF, 0x35),
    ('`', '~', 0xC0, 0x29),
    ('[', '{', 0xDB, 0x1A),
    ('\\', '|', 0xDC, 0x2B),
    (']', '}', 0xDD, 0x1B),
    ('\'', '"', 0xDE, 0x28),
];

/// The digits' shifted characters, `0` to `9`.
const SHIFTED_DIGITS: [char; 10] = [')', '!', '@', '#', '$', '%', '^', '&', '*', '('];

/// The US-layout key that types `character`, if any.
fn us_layout_key(character: char) -> Option<UsKey> {
    let digit_scan_code = |digit: u16| if digit == 0 { 0x0B } else { 0x01 + digit };
    match character {
        'a'..='z' | 'A'..='Z' => {
            let lower = character.to_ascii_lowercase();
            let index = usize::from(lower as u8 - b'a');
            Some(UsKey {
                vk: 0x41 + index as u16,
                sc: LETTER_SCAN_CODES[index],
                shifted: character.is_ascii_uppercase(),
                lower,
                upper: lower.to_ascii_uppercase(),
            })
        }
        ' ' => Some(UsKey { vk: 0x20, sc: 0x39, shifted: false, lower: ' ', upper: ' ' }),
        _ => {
            let digits = SHIFTED_DIGITS.iter().enumerate().map(|(digit, &upper)| {
                let digit = digit as u16;
                let lower = char::from(b'0' + digit as u8);
                (lower, upper, 0x30 + digit, digit_scan_code(digit))
            });
            digits.chain(PUNCTUATION).find_map(|(lower, upper, vk, sc)| {
                (character == lower || character == upper).then_some(UsKey {
                    vk,
                    sc,
                    shifted: character == upper,
                    lower,
                    upper,
                })
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::test_support::{all_key_codes, all_modifiers};

    fn encode(spelling: &str) -> String {
        let press: KeyPress =
            spelling.parse().unwrap_or_else(|error| panic!("{spelling}: {error}"));
        let bytes = win32_key(press).unwrap_or_else(|error| panic!("{spelling}: {error}"));
        String::from_utf8(bytes).unwrap()
    }

    /// The down and up records of one key, written as the spec writes them.
    fn pair(vk: u16, sc: u16, uc: u16, cs: u32) -> String {
        format!("\x1b[{vk};{sc};{uc};1;{cs};1_\x1b[{vk};{sc};{uc};0;{cs};1_")
    }

    /// Records copied from Microsoft's spec #4999 ("Improved keyboard handling
    /// in Conpty"): the `a`, `A`, Ctrl+F1 and Ctrl+Alt+A examples, key records
    /// only (the spec also shows the modifier keys' own records, which this
    /// encoder does not send, and releases shift before `A`'s key-up).
    #[test]
    fn matches_the_records_of_the_microsoft_spec() {
        // "just a": ^[[65;30;97;1_ ^[[65;30;97_ with the defaults spelled out.
        assert_eq!(encode("a"), "\x1b[65;30;97;1;0;1_\x1b[65;30;97;0;0;1_");
        // "A" key-down: ^[[65;30;65;1;16;1_
        assert!(encode("A").starts_with("\x1b[65;30;65;1;16;1_"));
        // Ctrl+F1: ^[[112;59;0;1;8;1_ then ^[[112;59;0;0;8;1_
        assert_eq!(encode("ctrl+f1"), "\x1b[112;59;0;1;8;1_\x1b[112;59;0;0;8;1_");
        // Ctrl+Alt+A: ^[[65;30;0;1;10;1_ then ^[[65;30;0;0;10;1_
        assert_eq!(encode("ctrl+alt+a"), "\x1b[65;30;0;1;10;1_\x1b[65;30;0;0;10;1_");
    }

    #[test]
    fn letters_digits_and_punctuation_on_the_us_layout() {
        assert_eq!(encode("z"), pair(0x5A, 0x2C, 'z' as u16, 0));
        assert_eq!(encode("shift+q"), pair(0x51, 0x10, 'Q' as u16, SHIFT_PRESSED));
        assert_eq!(encode("m"), pair(0x4D, 0x32, 'm' as u16, 0));
        assert_eq!(encode("1"), pair(0x31, 0x02, '1' as u16, 0));
        assert_eq!(encode("0"), pair(0x30, 0x0B, '0' as u16, 0));
        assert_eq!(encode("!"), pair(0x31, 0x02, '!' as u16, SHIFT_PRESSED));
        assert_eq!(encode("shift+1"), pair(0x31, 0x02, '!' as u16, SHIFT_PRESSED));
        assert_eq!(encode(")"), pair(0x30, 0x0B, ')' as u16, SHIFT_PRESSED));
        assert_eq!(encode("space"), pair(0x20, 0x39, 32, 0));
        assert_eq!(encode(";"), pair(0xBA, 0x27, ';' as u16, 0));
        assert_eq!(encode(":"), pair(0xBA, 0x27, ':' as u16, SHIFT_PRESSED));
        assert_eq!(encode("/"), pair(0xBF, 0x35, '/' as u16, 0));
        assert_eq!(encode("?"), pair(0xBF, 0x35, '?' as u16, SHIFT_PRESSED));
        assert_eq!(encode("\\"), pair(0xDC, 0x2B, '\\' as u16, 0));
        assert_eq!(encode("\""), pair(0xDE, 0x28, '"' as u16, SHIFT_PRESSED));
        assert_eq!(encode("+"), pair(0xBB, 0x0D, '+' as u16, SHIFT_PRESSED));
        assert_eq!(encode("~"), pair(0xC0, 0x29, '~' as u16, SHIFT_PRESSED));
    }

    #[test]
    fn modifiers_set_the_control_key_state() {
        assert_eq!(encode("ctrl+c"), pair(0x43, 0x2E, 3, LEFT_CTRL_PRESSED));
        assert_eq!(encode("ctrl+shift+a"), pair(0x41, 0x1E, 1, LEFT_CTRL_PRESSED | SHIFT_PRESSED));
        assert_eq!(encode("alt+x"), pair(0x58, 0x2D, 'x' as u16, LEFT_ALT_PRESSED));
        assert_eq!(encode("ctrl+["), pair(0xDB, 0x1A, 27, LEFT_CTRL_PRESSED));
        assert_eq!(encode("ctrl+space"), pair(0x20, 0x39, 32, LEFT_CTRL_PRESSED));
        assert_eq!(encode("ctrl+1"), pair(0x31, 0x02, 0, LEFT_CTRL_PRESSED));
        assert_eq!(encode("ctrl+@"), pair(0x32, 0x03, 0, LEFT_CTRL_PRESSED | SHIFT_PRESSED));
        assert_eq!(encode("ctrl+_"), pair(0xBD, 0x0C, 0x1F, LEFT_CTRL_PRESSED | SHIFT_PRESSED));
    }

    #[test]
    fn named_keys() {
        let enhanced = ENHANCED_KEY;
        assert_eq!(encode("up"), pair(0x26, 0x48, 0, enhanced));
        assert_eq!(encode("down"), pair(0x28, 0x50, 0, enhanced));
        assert_eq!(encode("left"), pair(0x25, 0x4B, 0, enhanced));
        assert_eq!(encode("right"), pair(0x27, 0x4D, 0, enhanced));
        assert_eq!(encode("home"), pair(0x24, 0x47, 0, enhanced));
        assert_eq!(encode("end"), pair(0x23, 0x4F, 0, enhanced));
        assert_eq!(encode("pageup"), pair(0x21, 0x49, 0, enhanced));
        assert_eq!(encode("pagedown"), pair(0x22, 0x51, 0, enhanced));
        assert_eq!(encode("insert"), pair(0x2D, 0x52, 0, enhanced));
        assert_eq!(encode("delete"), pair(0x2E, 0x53, 0, enhanced));
        assert_eq!(encode("ctrl+up"), pair(0x26, 0x48, 0, enhanced | LEFT_CTRL_PRESSED));
        assert_eq!(encode("ctrl+alt+shift+delete"), pair(0x2E, 0x53, 0, 0x11A));
        assert_eq!(encode("enter"), pair(0x0D, 0x1C, 13, 0));
        assert_eq!(encode("ctrl+enter"), pair(0x0D, 0x1C, 10, LEFT_CTRL_PRESSED));
        assert_eq!(encode("shift+enter"), pair(0x0D, 0x1C, 13, SHIFT_PRESSED));
        assert_eq!(encode("esc"), pair(0x1B, 0x01, 27, 0));
        assert_eq!(encode("tab"), pair(0x09, 0x0F, 9, 0));
        assert_eq!(encode("backtab"), pair(0x09, 0x0F, 9, SHIFT_PRESSED));
        assert_eq!(encode("backspace"), pair(0x08, 0x0E, 8, 0));
        assert_eq!(encode("ctrl+backspace"), pair(0x08, 0x0E, 127, LEFT_CTRL_PRESSED));
        assert_eq!(
            encode("ctrl+alt+backspace"),
            pair(0x08, 0x0E, 0, LEFT_CTRL_PRESSED | LEFT_ALT_PRESSED)
        );
    }

    #[test]
    fn function_keys() {
        let expected = [
            (112, 59),
            (113, 60),
            (114, 61),
            (115, 62),
            (116, 63),
            (117, 64),
            (118, 65),
            (119, 66),
            (120, 67),
            (121, 68),
            (122, 87),
            (123, 88),
        ];
        for (index, &(vk, sc)) in expected.iter().enumerate() {
            let name = format!("f{}", index + 1);
            assert_eq!(encode(&name), pair(vk, sc, 0, 0), "{name}");
        }
        assert_eq!(encode("shift+f5"), pair(116, 63, 0, SHIFT_PRESSED));
        let message = win32_key(KeyPress::from(KeyCode::F(13))).unwrap_err().to_string();
        assert_eq!(message, "key `f13` cannot be sent: function keys run from f1 to f12");
    }

    #[test]
    fn characters_off_the_layout_are_unicode_records() {
        assert_eq!(encode("é"), pair(0, 0, 0xE9, 0));
        assert_eq!(encode("中"), pair(0, 0, 0x4E2D, 0));
        // U+1F600 is the surrogate pair D83D DE00: a down/up pair for each.
        assert_eq!(encode("😀"), format!("{}{}", pair(0, 0, 0xD83D, 0), pair(0, 0, 0xDE00, 0)));
        let message = win32_key("ctrl+é".parse().unwrap()).unwrap_err().to_string();
        assert!(
            message.starts_with(
                "key `ctrl+é` cannot be sent: win32-input-mode sends keys of a US layout"
            ),
            "{message}"
        );
        assert!(win32_key("alt+中".parse().unwrap()).is_err());
        let message = win32_key(KeyPress::char('\u{7}')).unwrap_err().to_string();
        assert!(message.starts_with("key `\\u{7}`"), "{message}");
    }

    /// Parses `ESC [ Vk;Sc;Uc;Kd;Cs;Rc _` records; panics on anything else.
    fn parse_records(bytes: &[u8]) -> Vec<[u32; 6]> {
        let text = std::str::from_utf8(bytes).unwrap();
        let mut records = Vec::new();
        for chunk in text.split_terminator('_') {
            let fields = chunk.strip_prefix("\x1b[").unwrap_or_else(|| panic!("{text:?}"));
            let values: Vec<u32> = fields.split(';').map(|field| field.parse().unwrap()).collect();
            records.push(values.try_into().unwrap_or_else(|_| panic!("{text:?}")));
        }
        records
    }

    #[test]
    fn every_key_and_modifier_gives_down_up_pairs_or_a_named_error() {
        let (mut encoded, mut refused) = (0, 0);
        for code in all_key_codes() {
            for modifiers in all_modifiers() {
                let press = KeyPress { code, modifiers };
                match win32_key(press) {
                    Ok(bytes) => {
                        let records = parse_records(&bytes);
                        assert!(records.len() == 2 || records.len() == 4, "{press:?}");
                        for down_up in records.chunks(2) {
                            let [down, up] = [down_up[0], down_up[1]];
                            assert_eq!((down[3], up[3]), (1, 0), "{press:?}");
                            assert_eq!((down[5], up[5]), (1, 1), "{press:?}");
                            assert_eq!(
                                [down[0], down[1], down[2], down[4]],
                                [up[0], up[1], up[2], up[4]]
                            );
                            assert!(
                                down[0] <= 0xFF && down[2] <= 0xFFFF && down[4] <= 0x11F,
                                "{press:?}"
                            );
                        }
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
        }
        assert!(encoded > 1_000 && refused > 1_000, "{encoded} encoded, {refused} refused");
    }
}
