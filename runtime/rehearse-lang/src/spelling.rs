//! Free text: when it must be quoted and how quotes are escaped.
//!
//! Free text (what `type:` types, an accessible name after `@role=`, the
//! substring after `text~`, the value of `value=` and `text=`) may be written
//! bare in a text script when it is unambiguous, and must be written as a
//! double-quoted string otherwise. Inside quotes `\"`, `\\`, `\n`, `\t`,
//! `\r`, `\e` (escape, for `send:`) and `\0` are escapes and every other character is literal, including `;`, `,`,
//! `#` and `>`. `scenario!` always quotes free text (a Rust string literal).
//!
//! `Display` of every step uses [`spell`], so what it prints parses back to
//! the same step.

use std::borrow::Cow;

/// Where free text stands in a step; it decides which characters would be
/// misread when written bare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextContext {
    /// The whole argument of a step (`type:`, a `key:` name): `;` ends the
    /// step and `"` starts a quote.
    Argument,
    /// Inside a selector (`@role=NAME`, `text~TEXT`): also `>`, which splits
    /// `drag:FROM>TO`.
    Selector,
    /// A field of `wait-for` or of a terminal step (`contains=X`, a
    /// `download:` path): also `,`, which ends the field.
    Predicate,
    /// The value of a node predicate (`value=X`, `text=X`): as
    /// [`Predicate`](Self::Predicate), and a leading `/` would start a
    /// regular expression.
    Value,
}

/// The escapes recognised inside quotes: the character after `\` and what it
/// stands for.
pub const ESCAPES: &[(char, char)] = &[
    ('"', '"'),
    ('\\', '\\'),
    ('n', '\n'),
    ('t', '\t'),
    ('r', '\r'),
    ('e', '\u{1b}'),
    ('0', '\0'),
];

/// What `\` followed by `escape` stands for inside quotes, if it is an escape.
pub fn unescape(escape: char) -> Option<char> {
    ESCAPES.iter().find(|&&(written, _)| written == escape).map(|&(_, meant)| meant)
}

/// Whether `text` must be quoted to be read back exactly in `context`: it is
/// empty, starts or ends with whitespace (bare text is trimmed), starts with
/// `${` (a secret), starts with `/` in a selector or a node predicate's
/// value (a regular expression, `/…/`), holds a control character, or holds a character that
/// would end or split it.
pub fn needs_quotes(text: &str, context: TextContext) -> bool {
    let Some(first) = text.chars().next() else { return true };
    let last = text.chars().next_back().unwrap_or(first);
    // Bare, `${secret.NAME}` would read back as a secret, not as text.
    if first.is_whitespace() || last.is_whitespace() || text.starts_with("${") {
        return true;
    }
    // Bare, `/…/` in a name, a text or a value is a regular expression.
    if first == '/' && matches!(context, TextContext::Selector | TextContext::Value) {
        return true;
    }
    text.chars().any(|character| {
        character.is_control()
            // `(`/`)` would open or close a guard or a batch.
            || matches!(character, ';' | '"' | '(' | ')')
            || (character == '>' && context != TextContext::Argument)
            || (character == ',' && matches!(context, TextContext::Predicate | TextContext::Value))
    })
}

/// `text` as a double-quoted string with every character that has an
/// escape in [`ESCAPES`] escaped.
pub fn quote(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for character in text.chars() {
        match ESCAPES.iter().find(|&&(_, meant)| meant == character) {
            Some(&(written, _)) => {
                quoted.push('\\');
                quoted.push(written);
            }
            None => quoted.push(character),
        }
    }
    quoted.push('"');
    quoted
}

/// `text` as a script writes it in `context`: bare when that reads back the
/// same, quoted otherwise.
///
/// ```
/// use rehearse_lang::script::{spell, TextContext};
/// assert_eq!(spell("Buy milk", TextContext::Argument), "Buy milk");
/// assert_eq!(spell("a;b", TextContext::Argument), r#""a;b""#);
/// assert_eq!(spell("a,b", TextContext::Argument), "a,b");
/// assert_eq!(spell("a,b", TextContext::Predicate), r#""a,b""#);
/// assert_eq!(spell("", TextContext::Selector), r#""""#);
/// ```
pub fn spell(text: &str, context: TextContext) -> Cow<'_, str> {
    if needs_quotes(text, context) { Cow::Owned(quote(text)) } else { Cow::Borrowed(text) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_when_unambiguous() {
        for text in ["hello", "Buy milk", "#tag", "a=b", "x~y", "C:\\dir", "ünïcode"] {
            assert!(!needs_quotes(text, TextContext::Predicate), "{text:?}");
        }
    }

    #[test]
    fn quoted_when_it_would_be_misread() {
        for text in
            ["", " lead", "trail ", "a;b", "say \"hi\"", "two\nlines", "tab\there", "\u{1b}"]
        {
            assert!(needs_quotes(text, TextContext::Argument), "{text:?}");
        }
        assert!(!needs_quotes("a>b", TextContext::Argument));
        assert!(needs_quotes("a>b", TextContext::Selector));
        assert!(!needs_quotes("a,b", TextContext::Selector));
        assert!(needs_quotes("a,b", TextContext::Predicate));
        assert!(needs_quotes("/x/", TextContext::Selector), "a regex, bare");
        assert!(needs_quotes("/tmp", TextContext::Value));
        assert!(needs_quotes("a,b", TextContext::Value));
        assert!(!needs_quotes("/tmp", TextContext::Argument), "typed text is never a regex");
        assert!(!needs_quotes("/tmp/a.csv", TextContext::Predicate), "nor a path");
        assert!(!needs_quotes("a/b/", TextContext::Selector));
    }

    #[test]
    fn quote_escapes_and_unescape_inverts() {
        assert_eq!(quote("a\"b\\c\nd\te"), r#""a\"b\\c\nd\te""#);
        assert_eq!(unescape('n'), Some('\n'));
        assert_eq!(unescape('"'), Some('"'));
        assert_eq!(unescape('q'), None);
        assert_eq!(quote("\u{1b}[A\r\0"), r#""\e[A\r\0""#);
        for &(written, meant) in ESCAPES {
            assert_eq!(unescape(written), Some(meant));
        }
    }
}
