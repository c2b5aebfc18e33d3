//! How an error in a file a `use:` brought in is shown: where it is
//! (file, line, column) and what was expected there, quoting at most the
//! offending token, and never the file's lines. A `use:` may name a file
//! that is not a script at all (`use:/proc/self/environ`, a key, a
//! `.env`); its first "step" would otherwise be quoted whole, secrets and
//! all, in a message that reaches a terminal, a report or a socket.

use crate::script::error::ErrorKind;

/// The longest token an error in an included file quotes, in characters:
/// a longer one (a line of base64, a run of `KEY=value` pairs) is named
/// by its length only, and so is a first word that is no near miss of a
/// verb (`TOKEN=hunter2`, `hunter2`).
pub(crate) const MAX_QUOTED_TOKEN_CHARS: usize = 32;

/// The message of a grammar error at `token` in an included file.
/// `suggestions` are kept only where they come from a closed vocabulary
/// (a verb, key, role, predicate or modifier), never from the file.
pub(crate) fn grammar_message(kind: ErrorKind, token: &str, suggestions: &[String]) -> String {
    let mut message = format!("{}: expected {}", kind.as_str(), expected(kind));
    let vocabulary = matches!(
        kind,
        ErrorKind::UnknownVerb
            | ErrorKind::UnknownKey
            | ErrorKind::UnknownRole
            | ErrorKind::UnknownPredicate
            | ErrorKind::UnknownModifier
    );
    let near_miss = vocabulary && !suggestions.is_empty();
    // A line that is not a step at all (`TOKEN=hunter2`, a line of a key)
    // fails on its first word: that word is quoted only when it is a near
    // miss of a verb (`clik`), so the line was meant as a step.
    let first_word =
        matches!(kind, ErrorKind::UnknownVerb | ErrorKind::MissingColon | ErrorKind::EmptyStep);
    let chars = token.chars().count();
    let quotable = chars <= MAX_QUOTED_TOKEN_CHARS
        && !token.chars().any(|c| c.is_control() || c == '`')
        && (near_miss || !first_word);
    if quotable && chars > 0 {
        message.push_str(&format!("; found `{token}`"));
    } else if chars > 0 {
        message.push_str(&format!("; found {chars} characters that are not quoted here"));
    }
    if near_miss {
        let shown: Vec<String> = suggestions.iter().map(|s| format!("`{s}`")).collect();
        message.push_str(&format!("; did you mean {}?", shown.join(" or ")));
    }
    message
}

/// Why `text` (a file a `use:` read) is not a script: the first control
/// character it holds, which no script has (a NUL-separated environment,
/// a binary), at its line and column. Nothing of the text is quoted.
pub(crate) fn not_a_script(text: &str) -> Option<String> {
    let (at, character) =
        text.char_indices().find(|(_, c)| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))?;
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at].rsplit('\n').next().map_or(0, |row| row.chars().count()) + 1;
    Some(format!(
        "it holds the control character U+{:04X} at line {line}, column {column}, which no script holds, so it is not a script (nothing of it is shown)",
        u32::from(character)
    ))
}

/// What was expected where an error of `kind` is.
fn expected(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::UnterminatedQuote => "a closing `\"` on the same line",
        ErrorKind::UnknownEscape => {
            "an escape: `\\\"`, `\\\\`, `\\n`, `\\t`, `\\r`, `\\e` or `\\0`"
        }
        ErrorKind::ScriptTooLarge => "a smaller script",
        ErrorKind::EmptyStep => "a step",
        ErrorKind::UnknownVerb => {
            "a step, `verb:argument`, with one of the language's verbs (docs/testing.md)"
        }
        ErrorKind::MissingColon => "`:` between the verb and its argument",
        ErrorKind::MissingArgument => "an argument after the verb's `:`",
        ErrorKind::UnexpectedArgument => "no argument: this verb takes none",
        ErrorKind::TrailingInput => "nothing after the quoted string",
        ErrorKind::MisplacedQuote => "a bare word here, or one quoted string for the whole text",
        ErrorKind::BareText => "a string literal",
        ErrorKind::MissingSelector => {
            "a selector (`#id`, `@role`, `@role=Name`, `text~substring` or `col,row`)"
        }
        ErrorKind::InvalidSelector => {
            "a selector (`#id`, `@role`, `@role=Name`, `text~substring` or `col,row`)"
        }
        ErrorKind::InvalidId => "an automation id: 1 to 128 of letters, digits and `-_./:`",
        ErrorKind::UnknownRole => "a role after `@`",
        ErrorKind::EmptyName => "a name after `=`",
        ErrorKind::EmptyText => "text after `text~`, `value=` or `text=`",
        ErrorKind::MalformedPoint => "a cell `col,row`, both in 0..=65535",
        ErrorKind::EmptyKey => "a key after `key:` or after a modifier",
        ErrorKind::UnknownKey => "a key name (`enter`, `tab`, `f1`, `a`, ...)",
        ErrorKind::UnknownModifier => "a modifier: `ctrl`, `alt` or `shift`",
        ErrorKind::RepeatedModifier => "each modifier once",
        ErrorKind::UnknownPredicate => {
            "a wait predicate (`exists`, `value=...`, `contains=...`, ...)"
        }
        ErrorKind::MissingPredicateValue => "`=VALUE` after this predicate",
        ErrorKind::UnexpectedPredicateValue => "no value: this predicate takes none",
        ErrorKind::MalformedCount => "a whole number",
        ErrorKind::MalformedBool => "`true` or `false`",
        ErrorKind::MalformedColor => "a colour: `default`, an ANSI name, `idxN` or `#rrggbb`",
        ErrorKind::MalformedWaitFor => "`wait-for:PREDICATE,SELECTOR,MILLISECONDS`",
        ErrorKind::MissingTimeout => "a timeout in milliseconds after the selector",
        ErrorKind::MalformedDuration => "a whole number of milliseconds, at most 604800000",
        ErrorKind::MalformedSize => "a size `COLSxROWS`, both in 1..=65535",
        ErrorKind::InvalidCheckpointName => {
            "a name of 1 to 64 of letters, digits and `._-`, not starting with `.`"
        }
        ErrorKind::MissingDragTarget => "`>` between where a drag starts and where it ends",
        ErrorKind::InvalidScrollDirection => "`up` or `down`",
        ErrorKind::UnsupportedAction => "a node whose role takes this action",
        ErrorKind::TextNotAccepted => "a focused node that takes text",
        ErrorKind::DuplicateCheckpoint => "a checkpoint name not used before in the script",
        ErrorKind::RefusedKey => "a key the app does not refuse",
        ErrorKind::UndeclaredId => "an automation id the app declares",
        ErrorKind::MalformedMouse => "`mouse:COL,ROW[,BUTTON[,ACTION]]`",
        ErrorKind::InvalidPattern => "a regular expression",
        ErrorKind::WrongSubject => "a subject this predicate is about",
        ErrorKind::InvalidLabel => "a label `[name]` of letters, digits, `_` and `-`",
        ErrorKind::MalformedGuard => "`when(CONDITION,SUBJECT) STEP`",
        ErrorKind::WrongPlane => "a step this plane can take",
        ErrorKind::InvalidSecret => "`${secret.NAME}` with NAME an environment variable",
        ErrorKind::MalformedTree => {
            "an outline in parentheses whose lines are `- ROLE [\"NAME\"] [STATE]... [= \"VALUE\"]`"
        }
        ErrorKind::MalformedBatch => {
            "`batch:(STEP; ...)` of input steps, then at most one `wait-for:`"
        }
        ErrorKind::InvalidInclude => "`use:PATH` naming a script file",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_quotes_a_short_token_and_names_a_long_one_by_its_length() {
        let short = grammar_message(ErrorKind::UnknownVerb, "clik", &["click".into()]);
        assert!(short.starts_with("unknown-verb: expected"), "{short}");
        assert!(short.contains("found `clik`; did you mean `click`?"), "{short}");
        let long = "A".repeat(33);
        let message = grammar_message(ErrorKind::UnknownVerb, &long, &[]);
        assert!(message.contains("found 33 characters that are not quoted"), "{message}");
        assert!(!message.contains(&long), "{message}");
        // A suggestion built from the file is never shown.
        let message =
            grammar_message(ErrorKind::MissingColon, "click x", &["click:hunter2".into()]);
        assert!(!message.contains("hunter2"), "{message}");
        // A first word that is no near miss of a verb is not quoted.
        let message = grammar_message(ErrorKind::UnknownVerb, "TOKEN=hunter2", &[]);
        assert!(message.contains("found 13 characters"), "{message}");
        assert!(!message.contains("hunter2"), "{message}");
        // Past a verb, the offending token is quoted.
        let message = grammar_message(ErrorKind::MalformedDuration, "25s", &[]);
        assert!(message.ends_with("found `25s`"), "{message}");
    }

    #[test]
    fn a_control_character_marks_a_file_that_is_not_a_script() {
        assert_eq!(not_a_script("key:enter\n\tdrain\r\n"), None);
        let why = not_a_script("click:#a\nTOKEN=hunter2\0HOME=/root").unwrap();
        assert!(why.contains("U+0000 at line 2, column 14"), "{why}");
        assert!(!why.contains("hunter2"), "{why}");
    }
}
