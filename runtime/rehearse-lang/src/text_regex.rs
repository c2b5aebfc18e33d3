//! `TextRegex`: a regular expression a name, a text or a value is matched
//! with, written `/PATTERN/` or `/PATTERN/i` where free text goes
//! (`@button=/Sav(e|ing)/`, `text~/\d+ items/`, `value=/^ok/i`).

use std::fmt;

use crate::spelling::{TextContext, needs_quotes, quote};
use crate::terminal::Pattern;

/// The one flag after the closing `/`: `i`, ignore case.
pub const IGNORE_CASE_FLAG: char = 'i';

/// A regular expression in a selector or a wait predicate, checked when it
/// is built (Rust `regex` syntax, as `matches=` is). It matches when it is
/// found anywhere in the text (anchor it with `^…$` to match the whole
/// text); with the `i` flag, ignoring case.
///
/// Its spelling is `/PATTERN/` or `/PATTERN/i`; the pattern ends at the
/// last `/`, so a `/` inside it needs no escape. A pattern that would be
/// misread bare is quoted between the slashes (`/"a,b"/`).
///
/// ```
/// use rehearse_lang::TextRegex;
/// let regex = TextRegex::new("Sav(e|ing)").unwrap().ignoring_case();
/// assert_eq!(regex.pattern(), "Sav(e|ing)");
/// assert!(regex.ignores_case());
/// assert_eq!(TextRegex::new("a(b").unwrap_err(), "unclosed group at character 2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TextRegex {
    pattern: Pattern,
    ignore_case: bool,
}

impl TextRegex {
    /// Checks `pattern`'s syntax; the regex is case-sensitive.
    ///
    /// # Errors
    ///
    /// The syntax error, as the regex parser words it, or that the pattern
    /// is empty (it would match everything).
    pub fn new(pattern: impl Into<String>) -> Result<Self, String> {
        let pattern = pattern.into();
        if pattern.is_empty() {
            return Err("the pattern is empty, and would match everything".to_owned());
        }
        Ok(Self { pattern: Pattern::new(pattern)?, ignore_case: false })
    }

    /// The same pattern, ignoring case (the `i` flag).
    #[must_use]
    pub fn ignoring_case(mut self) -> Self {
        self.ignore_case = true;
        self
    }

    /// The pattern as written, without slashes or flag.
    pub fn pattern(&self) -> &str {
        self.pattern.as_str()
    }

    /// Whether it ignores case (`/…/i`).
    pub fn ignores_case(&self) -> bool {
        self.ignore_case
    }

    /// How a script writes it in `context`: the pattern bare between
    /// slashes when that reads back the same, quoted between them
    /// otherwise, then the flag.
    ///
    /// ```
    /// use rehearse_lang::TextRegex;
    /// use rehearse_lang::script::TextContext;
    /// let regex = TextRegex::new(r"^\d+ items$").unwrap();
    /// assert_eq!(regex.spelled(TextContext::Selector), r"/^\d+ items$/");
    /// let regex = TextRegex::new("a,b").unwrap().ignoring_case();
    /// assert_eq!(regex.spelled(TextContext::Predicate), r#"/"a,b"/i"#);
    /// ```
    pub fn spelled(&self, context: TextContext) -> String {
        let pattern = self.pattern();
        let body = if needs_quotes(pattern, context) { quote(pattern) } else { pattern.to_owned() };
        let flag = if self.ignore_case { IGNORE_CASE_FLAG.to_string() } else { String::new() };
        format!("/{body}/{flag}")
    }
}

impl fmt::Display for TextRegex {
    /// The spelling in a selector (`/Sav(e|ing)/` quoted as `/"Sav(e|ing)"/`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spelled(TextContext::Selector))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_or_broken_pattern_is_refused() {
        assert!(TextRegex::new("").unwrap_err().contains("empty"));
        assert_eq!(TextRegex::new("(a").unwrap_err(), "unclosed group at character 1");
        assert!(TextRegex::new(r"\/usr\/bin").is_ok(), "an escaped slash is a slash");
    }

    #[test]
    fn spelling_quotes_only_what_would_be_misread() {
        let spelled = |pattern: &str, context| TextRegex::new(pattern).unwrap().spelled(context);
        assert_eq!(spelled("a/b", TextContext::Selector), "/a/b/");
        assert_eq!(spelled("Save", TextContext::Predicate), "/Save/");
        assert_eq!(spelled("a>b", TextContext::Selector), r#"/"a>b"/"#);
        assert_eq!(spelled("a,b", TextContext::Selector), "/a,b/");
        assert_eq!(spelled("(x)", TextContext::Selector), r#"/"(x)"/"#);
        assert_eq!(spelled(r"\d", TextContext::Selector), r"/\d/");
        assert_eq!(spelled(r"a;\d", TextContext::Selector), r#"/"a;\\d"/"#);
        let ignoring = TextRegex::new("save").unwrap().ignoring_case();
        assert_eq!(ignoring.to_string(), "/save/i");
        assert_ne!(ignoring, TextRegex::new("save").unwrap());
    }
}
