//! Text a node is matched with: free text, or a regular expression written
//! `/PATTERN/` or `/PATTERN/i` (an accessible name after `@role=`, the text
//! after `text~`, the value of `value=` and `text=`).
//!
//! The pattern runs from the first `/` to the last, so a `/` inside it needs
//! no escape; after the last `/` the one flag is `i`. In a script the
//! pattern may be bare or quoted (`/"a,b"/`, with the script's escapes); in
//! `scenario!` it is a string literal between the slashes (`/"Sav(e|ing)"/`,
//! or `/r"\d+"/`). Quoted, `"/x/"` is the literal text `/x/`.

use crate::script::error::{ErrorKind, GrammarError};
use crate::script::source::Lexeme;
use crate::spelling::quote;
use crate::text_regex::{IGNORE_CASE_FLAG, TextRegex};

use super::piece::Piece;
use super::{Dialect, Parser, error};

/// How text a node is matched with was written.
pub(super) enum Matched {
    /// Free text, compared as it is.
    Text(String),
    /// A regular expression.
    Regex(TextRegex),
}

/// What a regular expression looks like, for messages.
const REGEX_FORMS: &str =
    "a regular expression is written `/PATTERN/`, or `/PATTERN/i` to ignore case";

impl Parser {
    /// Free text or, when it starts with `/`, a regular expression; `None`
    /// when the piece is empty.
    pub(super) fn text_or_regex(
        &self,
        piece: Piece<'_>,
        what: &str,
    ) -> Result<Option<Matched>, GrammarError> {
        let piece = piece.trim();
        if piece.lexemes.first().and_then(|lexeme| lexeme.value.as_char()) != Some('/') {
            return Ok(self.free_text(piece, what)?.map(Matched::Text));
        }
        self.regex(piece).map(|regex| Some(Matched::Regex(regex)))
    }

    /// `/PATTERN/` or `/PATTERN/i`: `piece` starts with its `/`.
    fn regex(&self, piece: Piece<'_>) -> Result<TextRegex, GrammarError> {
        let spelled = piece.spelling();
        let Some(close) = piece.rfind_char('/').filter(|&at| at > 0) else {
            return Err(error(
                ErrorKind::InvalidPattern,
                piece.range(),
                format!(
                    "`{spelled}` has no closing `/`; {REGEX_FORMS} (quote the pattern between the slashes when it holds `,`, `;`, `>` or `\"`; quote the whole text, {}, to match it as written)",
                    quote(&spelled)
                ),
            ));
        };
        let body = Piece::new(&piece.lexemes[1..close], piece.lexemes[0].loc);
        let flags = piece.skip(close + 1);
        let ignore_case = match flags.bare().as_deref() {
            Some("") => false,
            Some(flag) if flag.chars().eq([IGNORE_CASE_FLAG]) => true,
            _ => {
                let body_text = body.spelling();
                return Err(error(
                    ErrorKind::InvalidPattern,
                    flags.range(),
                    format!(
                        "`{}` after the closing `/` is not a flag: the one flag is `i` (ignore case); the pattern ends at the last `/`, so a pattern that holds `/` is written `/{body_text}/{}/`",
                        flags.spelling(),
                        flags.spelling()
                    ),
                ));
            }
        };
        let pattern = match body.lexemes {
            [] => Some(String::new()),
            [only] => match &only.value {
                Lexeme::Quoted(text) => Some(text.clone()),
                Lexeme::Char(_) => body.bare(),
            },
            _ => body.bare(),
        };
        let pattern = match pattern {
            Some(pattern)
                if self.dialect == Dialect::Scenario
                    && !pattern.is_empty()
                    && body.first_quote().is_none() =>
            {
                return Err(error(
                    ErrorKind::BareText,
                    body.range(),
                    format!(
                        "a regular expression's pattern must be a string literal between the slashes in `scenario!`: write /{}/",
                        quote(&pattern)
                    ),
                )
                .with_suggestions([format!("/{}/", quote(&pattern))]));
            }
            Some(pattern) => pattern,
            None => {
                let at = body.first_quote().unwrap_or(0);
                return Err(error(
                    ErrorKind::MisplacedQuote,
                    body.sub_range(at, at + 1),
                    format!(
                        "a quote in the middle of the pattern `{}`; quote the whole pattern between the slashes: /{}/",
                        body.spelling(),
                        quote(&body.spelling())
                    ),
                ));
            }
        };
        if pattern.is_empty() {
            return Err(error(
                ErrorKind::EmptyText,
                piece.sub_range(0, close + 1),
                format!(
                    "empty regular expression `{spelled}`: it would match everything; write a pattern such as `/Sav(e|ing)/`, or `/^$/` for empty text"
                ),
            ));
        }
        let regex = TextRegex::new(pattern.as_str()).map_err(|why| {
            error(
                ErrorKind::InvalidPattern,
                body.range(),
                format!("`{pattern}` is not a regular expression: {}", why.trim()),
            )
        })?;
        Ok(if ignore_case { regex.ignoring_case() } else { regex })
    }
}

#[cfg(test)]
mod tests {
    use crate::script::{Dialect, ErrorKind, lex_step, parse_step_in, parse_step_str};
    use crate::{AutomationStep, Predicate, Selector, SemanticRole, TextRegex, WaitCondition};

    fn step(text: &str) -> AutomationStep {
        parse_step_str(text).unwrap_or_else(|error| panic!("{text}: {error}")).step
    }

    fn fails(text: &str, kind: ErrorKind, message: &str) {
        let error = parse_step_str(text).expect_err(text);
        assert_eq!(error.kind, kind, "{text}: {error}");
        assert!(error.message.contains(message), "{text}: {}", error.message);
    }

    fn regex(pattern: &str) -> TextRegex {
        TextRegex::new(pattern).unwrap()
    }

    #[test]
    fn slashes_make_a_regex_and_quotes_keep_text() {
        let saving = Selector::role(SemanticRole::Button).name_matching(regex("Sav(e|ing)"));
        assert_eq!(step("click:@button=/Sav(e|ing)/"), AutomationStep::click(saving.clone()));
        assert_eq!(step(r#"click:@button=/"Sav(e|ing)"/"#), AutomationStep::click(saving));
        let literal = Selector::role(SemanticRole::Button).name("/x/");
        assert_eq!(step(r#"click:@button="/x/""#), AutomationStep::click(literal.clone()));
        assert_eq!(AutomationStep::click(literal).to_string(), r#"click:@button="/x/""#);
        // The pattern ends at the last `/`: one inside needs no escape.
        assert_eq!(
            step("click:text~/a/b/i"),
            AutomationStep::click(Selector::text_matches(regex("a/b").ignoring_case()))
        );
        assert_eq!(
            step(r"wait-for:value=/^\d+$/,#count,500"),
            AutomationStep::wait_for(
                WaitCondition::new(Predicate::ValueMatches(regex(r"^\d+$")), Selector::id("count")),
                std::time::Duration::from_millis(500)
            )
        );
    }

    #[test]
    fn every_regex_displays_as_a_spelling_that_parses_back() {
        for text in [
            "click:@button=/Sav(e|ing)/i",
            "click:text~/a>b/",
            r#"wait-for:text=/"a,b"/,#x,5"#,
            "wait-for:value=/x/i,#x,5",
            "hover:#list >> text~/^milk$/ >> nth=0",
            "drag:text~/a/>#bin",
            "when(text=/ok/,#s)click:text~/a(b)/",
        ] {
            let parsed = step(text);
            assert_eq!(step(&parsed.to_string()), parsed, "{text} shown as {parsed}");
        }
    }

    #[test]
    fn mistakes_are_named_on_their_token() {
        fails("click:text~/abc", ErrorKind::InvalidPattern, "has no closing `/`");
        fails("click:text~/a(/", ErrorKind::InvalidPattern, "`a(` is not a regular expression");
        fails(
            "click:text~/a/g",
            ErrorKind::InvalidPattern,
            "`g` after the closing `/` is not a flag",
        );
        fails("click:text~//", ErrorKind::EmptyText, "empty regular expression `//`");
        fails(r#"click:@button=/""/"#, ErrorKind::EmptyText, "empty regular expression");
        fails(r#"click:@button=/a"b"/"#, ErrorKind::MisplacedQuote, "a quote in the middle");
        let error = parse_step_str("click:text~/a(/").unwrap_err();
        assert_eq!((error.range.start.0, error.range.end.0), (12, 13), "on the pattern");
    }

    #[test]
    fn scenario_writes_the_pattern_as_a_literal() {
        let lexemes = lex_step(r#"click:@button=/"Sav(e|ing)"/i"#).unwrap();
        let parsed = parse_step_in(&lexemes, Dialect::Scenario).unwrap();
        let expected =
            Selector::role(SemanticRole::Button).name_matching(regex("Sav(e|ing)").ignoring_case());
        assert_eq!(parsed.step, AutomationStep::click(expected));
        let lexemes = lex_step("click:text~/Save/").unwrap();
        let error = parse_step_in(&lexemes, Dialect::Scenario).unwrap_err();
        assert_eq!(error.kind, ErrorKind::BareText);
        assert!(error.message.contains(r#"write /"Save"/"#), "{}", error.message);
    }
}
