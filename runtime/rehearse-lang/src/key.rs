//! Key names: the vocabulary of `key:` steps and key bindings.

use std::fmt;
use std::str::FromStr;

use crate::vocabulary::UnknownName;

/// A key without modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum KeyCode {
    /// A printable character; `space` is `Char(' ')`.
    Char(char),
    /// A function key, `F(1)` to `F(12)`.
    F(u8),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter / Return.
    Enter,
    /// Escape.
    Esc,
    /// Tab.
    Tab,
    /// Shift+Tab, as terminals report it.
    BackTab,
    /// Backspace.
    Backspace,
    /// Delete (forward).
    Delete,
    /// Insert.
    Insert,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
}

/// Builds the table of named keys: each spelling with its key and the
/// key's Rust variant name, from one list.
macro_rules! named_keys {
    ($( $spelling:literal => $code:ident $( ($argument:literal) )? ),+ $(,)?) => {
        &[ $( ($spelling, KeyCode::$code $( ($argument) )?, stringify!($code)) ),+ ]
    };
}

/// The named (non-character) keys with their canonical spellings and Rust
/// variant names.
const NAMED_KEYS: &[(&str, KeyCode, &str)] = named_keys![
    "up" => Up,
    "down" => Down,
    "left" => Left,
    "right" => Right,
    "enter" => Enter,
    "esc" => Esc,
    "tab" => Tab,
    "backtab" => BackTab,
    "space" => Char(' '),
    "backspace" => Backspace,
    "delete" => Delete,
    "insert" => Insert,
    "home" => Home,
    "end" => End,
    "pageup" => PageUp,
    "pagedown" => PageDown,
];

/// Other spellings of named keys (Glyphrun's), read but never written:
/// a key displays as its canonical name.
const KEY_ALIASES: &[(&str, KeyCode)] = &[("pgup", KeyCode::PageUp), ("pgdown", KeyCode::PageDown)];

const FUNCTION_KEYS: &[&str] =
    &["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12"];

const MODIFIER_NAMES: &[&str] = &["ctrl", "alt", "shift"];

impl KeyCode {
    /// The Rust variant name of a key without data (`PageUp`), for code that
    /// generates Rust paths to it; `None` for `Char` and `F`.
    ///
    /// ```
    /// use rehearse_lang::KeyCode;
    /// assert_eq!(KeyCode::PageUp.variant_name(), Some("PageUp"));
    /// assert_eq!(KeyCode::Char('a').variant_name(), None);
    /// ```
    pub fn variant_name(self) -> Option<&'static str> {
        match self {
            Self::Char(_) | Self::F(_) => None,
            named => NAMED_KEYS.iter().find(|(_, code, _)| *code == named).map(|&(.., rust)| rust),
        }
    }

    /// Every canonical key name (function keys, named keys), lowercase.
    /// Single characters are keys too and are not listed.
    pub fn names() -> impl Iterator<Item = &'static str> {
        FUNCTION_KEYS.iter().copied().chain(NAMED_KEYS.iter().map(|&(name, ..)| name))
    }

    fn parse_name(name: &str) -> Result<Self, KeyParseError> {
        let mut chars = name.chars();
        if let (Some(character), None) = (chars.next(), chars.next()) {
            return Ok(Self::Char(character));
        }
        let lowered = name.to_ascii_lowercase();
        if let Some(&(_, code, _)) = NAMED_KEYS.iter().find(|(spelling, ..)| *spelling == lowered) {
            return Ok(code);
        }
        if let Some(&(_, code)) = KEY_ALIASES.iter().find(|(alias, _)| *alias == lowered) {
            return Ok(code);
        }
        if let Some(number) = lowered.strip_prefix('f')
            && let Ok(number) = number.parse::<u8>()
            && (1..=12).contains(&number)
        {
            return Ok(Self::F(number));
        }
        Err(KeyParseError::UnknownKey(UnknownName::new("key", name, Self::names())))
    }
}

impl fmt::Display for KeyCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Char(' ') => f.write_str("space"),
            Self::Char(character) => write!(f, "{character}"),
            Self::F(number) => write!(f, "f{number}"),
            named => {
                let name = NAMED_KEYS
                    .iter()
                    .find(|(_, code, _)| code == named)
                    .map_or("?", |&(name, ..)| name);
                f.write_str(name)
            }
        }
    }
}

/// Modifier keys held with a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Modifiers {
    /// Control.
    pub ctrl: bool,
    /// Alt / Option / Meta.
    pub alt: bool,
    /// Shift.
    pub shift: bool,
}

impl Modifiers {
    /// No modifiers.
    pub const NONE: Self = Self { ctrl: false, alt: false, shift: false };
    /// Control only.
    pub const CTRL: Self = Self { ctrl: true, alt: false, shift: false };
    /// Alt only.
    pub const ALT: Self = Self { ctrl: false, alt: true, shift: false };
    /// Shift only.
    pub const SHIFT: Self = Self { ctrl: false, alt: false, shift: true };

    /// Whether no modifier is held.
    pub const fn is_empty(self) -> bool {
        !(self.ctrl || self.alt || self.shift)
    }
}

/// A key with its modifiers: what one `key:` step presses.
///
/// Spellings are case-insensitive key names with optional `ctrl+`, `alt+` and
/// `shift+` prefixes; `shift+tab` is `backtab`. Glyphrun's spellings are read
/// too: `pgup` and `pgdown`, and `c-` before a key for `ctrl+` (`c-x`).
/// Display gives the canonical spelling, so parsing what is displayed gives
/// the same key.
///
/// ```
/// use rehearse_lang::{KeyCode, KeyPress, Modifiers};
/// let key: KeyPress = "Ctrl+N".parse().unwrap();
/// assert_eq!(key, KeyPress::new(KeyCode::Char('n'), Modifiers::CTRL));
/// assert_eq!(key.to_string(), "ctrl+n");
/// assert_eq!("shift+tab".parse::<KeyPress>().unwrap(), KeyPress::from(KeyCode::BackTab));
/// assert!("ctrl+enterr".parse::<KeyPress>().unwrap_err().to_string().contains("did you mean `enter`?"));
/// assert_eq!("c-x".parse::<KeyPress>().unwrap().to_string(), "ctrl+x");
/// assert_eq!("pgup".parse::<KeyPress>().unwrap(), KeyPress::from(KeyCode::PageUp));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeyPress {
    /// The key.
    pub code: KeyCode,
    /// The modifiers held with it.
    pub modifiers: Modifiers,
}

impl KeyPress {
    /// A key with modifiers, normalized: `shift+tab` becomes `backtab`, and a
    /// letter held with ctrl or alt is lowercase (terminals report `ctrl+n`
    /// the same whether or not caps lock is on).
    pub fn new(code: KeyCode, modifiers: Modifiers) -> Self {
        let mut key = Self { code, modifiers };
        if key.code == KeyCode::Tab && key.modifiers.shift {
            key.code = KeyCode::BackTab;
            key.modifiers.shift = false;
        }
        if key.code == KeyCode::BackTab {
            key.modifiers.shift = false;
        }
        if let KeyCode::Char(character) = key.code
            && (key.modifiers.ctrl || key.modifiers.alt)
        {
            key.code = KeyCode::Char(character.to_ascii_lowercase());
        }
        key
    }

    /// A printable character with no modifiers.
    pub fn char(character: char) -> Self {
        Self::from(KeyCode::Char(character))
    }

    /// The key a terminal delivers when `character` is typed — what `type:`
    /// presses for each character, on every plane: a line break (`\r` or
    /// `\n`) is Enter, a tab is Tab, ESC is Esc, DEL is Backspace, and the
    /// other control characters are the ctrl+key that sends them, as
    /// crossterm reads them from a terminal (`\u{1}` is `ctrl+a`, `\u{8}`
    /// `ctrl+h`, `\0` `ctrl+space`, `\u{1c}`–`\u{1f}` `ctrl+4`–`ctrl+7`).
    /// Every other character is itself.
    ///
    /// ```
    /// use rehearse_lang::{KeyCode, KeyPress, Modifiers};
    /// assert_eq!(KeyPress::typed('\t'), KeyPress::from(KeyCode::Tab));
    /// assert_eq!(KeyPress::typed('\n'), KeyPress::from(KeyCode::Enter));
    /// assert_eq!(KeyPress::typed('\u{3}'), KeyPress::new(KeyCode::Char('c'), Modifiers::CTRL));
    /// assert_eq!(KeyPress::typed('é'), KeyPress::char('é'));
    /// ```
    pub fn typed(character: char) -> Self {
        let ctrl = |key: char| Self::new(KeyCode::Char(key), Modifiers::CTRL);
        match character {
            '\r' | '\n' => Self::from(KeyCode::Enter),
            '\t' => Self::from(KeyCode::Tab),
            '\u{1b}' => Self::from(KeyCode::Esc),
            '\u{7f}' => Self::from(KeyCode::Backspace),
            '\0' => ctrl(' '),
            '\u{1}'..='\u{1a}' => ctrl(char::from(b'a' + (character as u8 - 1))),
            '\u{1c}'..='\u{1f}' => ctrl(char::from(b'4' + (character as u8 - 0x1c))),
            other => Self::char(other),
        }
    }
}

impl From<KeyCode> for KeyPress {
    fn from(code: KeyCode) -> Self {
        Self::new(code, Modifiers::NONE)
    }
}

impl fmt::Display for KeyPress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.modifiers.ctrl {
            f.write_str("ctrl+")?;
        }
        if self.modifiers.alt {
            f.write_str("alt+")?;
        }
        if self.modifiers.shift {
            f.write_str("shift+")?;
        }
        write!(f, "{}", self.code)
    }
}

/// Why a key spelling did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyParseError {
    /// Nothing was given, or a modifier had no key after it (`ctrl+`).
    Empty,
    /// The key name is not a key.
    UnknownKey(UnknownName),
    /// A prefix before `+` is not `ctrl`, `alt` or `shift`.
    UnknownModifier(UnknownName),
    /// The same modifier was given twice (`ctrl+ctrl+a`).
    RepeatedModifier(&'static str),
}

impl fmt::Display for KeyParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => {
                f.write_str("empty key; write a key name such as `enter`, `f5` or `ctrl+n`")
            }
            Self::UnknownKey(error) | Self::UnknownModifier(error) => error.fmt(f),
            Self::RepeatedModifier(name) => write!(f, "modifier `{name}` is given twice"),
        }
    }
}

impl std::error::Error for KeyParseError {}

impl FromStr for KeyPress {
    type Err = KeyParseError;

    fn from_str(spelling: &str) -> Result<Self, Self::Err> {
        if spelling.is_empty() {
            return Err(KeyParseError::Empty);
        }
        let mut modifiers = Modifiers::NONE;
        let mut rest = spelling;
        // Glyphrun's `c-x` for `ctrl+x`: `c-` before a key, only at the start.
        if let Some(tail) = rest.strip_prefix("c-").or_else(|| rest.strip_prefix("C-"))
            && !tail.is_empty()
        {
            modifiers.ctrl = true;
            rest = tail;
        }
        // A `+` is itself a key, so only split while something follows it.
        while let Some(split) = rest.find('+').filter(|&at| at > 0 && at < rest.len()) {
            let (prefix, tail) = (&rest[..split], &rest[split + 1..]);
            let flag = match prefix.to_ascii_lowercase().as_str() {
                "ctrl" => &mut modifiers.ctrl,
                "alt" => &mut modifiers.alt,
                "shift" => &mut modifiers.shift,
                _ => {
                    return Err(KeyParseError::UnknownModifier(UnknownName::new(
                        "modifier",
                        prefix,
                        MODIFIER_NAMES.iter().copied(),
                    )));
                }
            };
            if *flag {
                let canonical = MODIFIER_NAMES
                    .iter()
                    .copied()
                    .find(|name| name.eq_ignore_ascii_case(prefix))
                    .unwrap_or("modifier");
                return Err(KeyParseError::RepeatedModifier(canonical));
            }
            *flag = true;
            if tail.is_empty() {
                return Err(KeyParseError::Empty);
            }
            rest = tail;
        }
        Ok(Self::new(KeyCode::parse_name(rest)?, modifiers))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(spelling: &str) -> KeyPress {
        spelling.parse().unwrap_or_else(|error| panic!("{spelling}: {error}"))
    }

    #[test]
    fn every_name_parses_case_insensitively_and_round_trips() {
        for name in KeyCode::names() {
            let parsed = key(name);
            assert_eq!(parsed.to_string(), name);
            assert_eq!(key(&name.to_uppercase()), parsed);
        }
        assert_eq!(key("F12").code, KeyCode::F(12));
        assert_eq!(key("PageDown").code, KeyCode::PageDown);
        assert_eq!(key("space").code, KeyCode::Char(' '));
    }

    #[test]
    fn glyphrun_spellings_read_as_the_canonical_keys() {
        assert_eq!(key("pgup"), key("pageup"));
        assert_eq!(key("PgDown"), key("pagedown"));
        assert_eq!(key("c-x"), key("ctrl+x"));
        assert_eq!(key("C-M"), key("ctrl+m"));
        assert_eq!(key("c-pgdown"), key("ctrl+pagedown"));
        assert_eq!(key("c-alt+x"), key("ctrl+alt+x"));
        assert_eq!(key("c-x").to_string(), "ctrl+x", "written canonically");
        assert_eq!(key("c").code, KeyCode::Char('c'), "a lone c is still the letter");
        assert!(matches!("c-".parse::<KeyPress>(), Err(KeyParseError::UnknownKey(_))));
        assert!(matches!("c-ctrl+x".parse::<KeyPress>(), Err(KeyParseError::RepeatedModifier(_))));
    }

    #[test]
    fn modifiers_and_normalization() {
        assert_eq!(key("ctrl+n"), KeyPress::new(KeyCode::Char('n'), Modifiers::CTRL));
        assert_eq!(key("CTRL+N"), key("ctrl+n"));
        assert_eq!(key("shift+tab"), key("backtab"));
        assert_eq!(key("Shift+Left").to_string(), "shift+left");
        assert_eq!(key("ctrl+alt+delete").to_string(), "ctrl+alt+delete");
        assert_eq!(key("+"), KeyPress::char('+'));
        assert_eq!(key("ctrl++"), KeyPress::new(KeyCode::Char('+'), Modifiers::CTRL));
        assert_eq!(key("A"), KeyPress::char('A'));
    }

    #[test]
    fn a_typed_character_is_the_key_a_terminal_delivers_for_it() {
        // What crossterm reads from a terminal for each byte below 0x80 that
        // is not printable, and the printable ones as themselves.
        assert_eq!(KeyPress::typed('\t'), KeyPress::from(KeyCode::Tab));
        assert_eq!(KeyPress::typed('\r'), KeyPress::from(KeyCode::Enter));
        assert_eq!(KeyPress::typed('\n'), KeyPress::from(KeyCode::Enter));
        assert_eq!(KeyPress::typed('\u{1b}'), KeyPress::from(KeyCode::Esc));
        assert_eq!(KeyPress::typed('\u{7f}'), KeyPress::from(KeyCode::Backspace));
        assert_eq!(KeyPress::typed('\0'), key("ctrl+space"));
        assert_eq!(KeyPress::typed('\u{1}'), key("ctrl+a"));
        assert_eq!(KeyPress::typed('\u{8}'), key("ctrl+h"));
        assert_eq!(KeyPress::typed('\u{1a}'), key("ctrl+z"));
        assert_eq!(KeyPress::typed('\u{1c}'), key("ctrl+4"));
        assert_eq!(KeyPress::typed('\u{1f}'), key("ctrl+7"));
        for printable in [' ', 'a', 'A', '~', 'é', '€'] {
            assert_eq!(KeyPress::typed(printable), KeyPress::char(printable));
        }
        for control in (0u8..0x20).chain([0x7f]).map(char::from) {
            assert_ne!(KeyPress::typed(control).code, KeyCode::Char(control), "{control:?}");
        }
    }

    #[test]
    fn unknown_names_are_hard_errors_with_hints() {
        assert_eq!("".parse::<KeyPress>(), Err(KeyParseError::Empty));
        assert_eq!("ctrl+".parse::<KeyPress>(), Err(KeyParseError::Empty));
        let error = "entr".parse::<KeyPress>().unwrap_err();
        assert!(
            error.to_string().starts_with("unknown key `entr`; did you mean `enter`?"),
            "{error}"
        );
        let error = "f13".parse::<KeyPress>().unwrap_err();
        assert!(matches!(error, KeyParseError::UnknownKey(_)), "{error}");
        let error = "ctl+a".parse::<KeyPress>().unwrap_err();
        assert!(
            error.to_string().contains("unknown modifier `ctl`; did you mean `ctrl`?"),
            "{error}"
        );
        assert_eq!("ctrl+Ctrl+a".parse::<KeyPress>(), Err(KeyParseError::RepeatedModifier("ctrl")));
    }
}
