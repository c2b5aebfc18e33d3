//! [`CompiledRegex`]: a selector's or a predicate's regular expression
//! (`@button=/Sav(e|ing)/`, `text~/\d+ items/`, `value=/^ok/i`), compiled
//! once and matched against many nodes' texts.

use std::ops::Range;

use rehearse_lang::TextRegex;

/// The most memory one compiled expression may take. The grammar checked
/// its syntax when the step was parsed; an expression that still does not
/// compile within this (a repetition of a repetition thousands of times
/// over) matches nothing (docs/limits.md).
pub const MAX_COMPILED_REGEX_BYTES: usize = 32 << 20;

/// A [`TextRegex`] compiled for matching: found anywhere in a text, and
/// ignoring case when it has the `i` flag.
///
/// ```
/// use rehearse_core::semantic::CompiledRegex;
/// use rehearse_lang::TextRegex;
/// let saving = CompiledRegex::new(&TextRegex::new("sav(e|ing)").unwrap().ignoring_case());
/// assert!(saving.is_match("Saving…"));
/// assert_eq!(saving.find("Autosave"), Some(4..8));
/// assert!(!saving.is_match("Load"));
/// ```
#[derive(Debug, Clone)]
pub struct CompiledRegex {
    regex: Option<regex::Regex>,
}

impl CompiledRegex {
    /// Compiles `regex`.
    pub fn new(regex: &TextRegex) -> Self {
        let compiled = regex::RegexBuilder::new(regex.pattern())
            .case_insensitive(regex.ignores_case())
            .size_limit(MAX_COMPILED_REGEX_BYTES)
            .build()
            .ok();
        Self { regex: compiled }
    }

    /// Whether it is found in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        self.regex.as_ref().is_some_and(|regex| regex.is_match(text))
    }

    /// Where it is first found in `text`, in bytes.
    pub fn find(&self, text: &str) -> Option<Range<usize>> {
        self.regex.as_ref().and_then(|regex| regex.find(text)).map(|found| found.range())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_is_kept_unless_the_flag_says_otherwise() {
        let regex = TextRegex::new("^Save$").unwrap();
        assert!(CompiledRegex::new(&regex).is_match("Save"));
        assert!(!CompiledRegex::new(&regex).is_match("save"));
        assert!(CompiledRegex::new(&regex.ignoring_case()).is_match("SAVE"));
    }

    #[test]
    fn an_expression_too_large_to_compile_matches_nothing() {
        let huge = TextRegex::new("(((a{100}){100}){100}){100}").unwrap();
        let compiled = CompiledRegex::new(&huge);
        assert!(!compiled.is_match("a"));
        assert_eq!(compiled.find("aaaa"), None);
    }
}
