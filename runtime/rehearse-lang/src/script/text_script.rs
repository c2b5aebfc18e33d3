//! The text-script front-end: a script's steps and errors, reported by
//! line and column, and parsing a text's steps (a `use:` step handed to
//! the reader in [`include`](super::include), where scripts are read from a
//! string or a file).

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

use crate::script::check::Checker;
use crate::script::error::{ErrorKind, GrammarError};
use crate::script::facts::ParsedStep;
use crate::script::included;
use crate::script::lines::{Lines, line_column};
use crate::script::parse::{Dialect, parse_step_in};
use crate::script::source::{Loc, LocRange};
use crate::script::text_lexer::{Lexer, lex_step};
use crate::step::AutomationStep;

/// A parsed and checked text script.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Script {
    /// The steps, in order.
    pub steps: Vec<ScriptStep>,
    /// Every file read: the script's own (when it is one) and what its
    /// `use:` steps brought in, in the order read.
    pub files: Vec<std::path::PathBuf>,
}

impl Script {
    /// The typed steps, in order.
    pub fn automation_steps(&self) -> impl Iterator<Item = &AutomationStep> {
        self.steps.iter().map(|step| &step.step)
    }

    /// The typed steps, in order, owned.
    pub fn into_automation_steps(self) -> Vec<AutomationStep> {
        self.steps.into_iter().map(|step| step.step).collect()
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the script has no steps (only blank lines and comments).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}

/// One step of a script with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptStep {
    /// The typed step.
    pub step: AutomationStep,
    /// The 1-based line it starts on.
    pub line: usize,
    /// The 1-based column (in characters) it starts at.
    pub column: usize,
    /// How it was written, without surrounding whitespace or the `;`.
    pub source: String,
    /// The file it was written in, when a `use:` brought it in from another
    /// file than the script's own (the path as resolved).
    pub file: Option<String>,
}

/// One error in a script, located by line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    /// The class of the error.
    pub kind: ErrorKind,
    /// The message: the offending token, what would be valid, and the
    /// closest valid spelling where one exists.
    pub message: String,
    /// The 1-based line of the offending token.
    pub line: usize,
    /// The 1-based column (in characters) of the offending token.
    pub column: usize,
    /// The 1-based column just after the offending token (on its line).
    pub end_column: usize,
    /// The offending token's byte range in the script.
    pub span: Range<usize>,
    /// The step as written; empty for an error in a file a `use:` brought
    /// in, whose lines are never shown (it may not be a script).
    pub source: String,
    /// The 1-based column the step starts at (for pointing into `source`).
    pub source_column: usize,
    /// Replacements for the offending token, best first.
    pub suggestions: Vec<String>,
    /// The line and column of a related place (the first use of a duplicated
    /// checkpoint name, the target of the step that moved focus).
    pub related: Option<(usize, usize)>,
    /// The file the related place is in, when it is not the error's own
    /// (`"the top-level script"` for a script that is not a file).
    pub related_file: Option<String>,
    /// The file the error is in, when it is in a file a `use:` brought in.
    pub file: Option<String>,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}: ")?;
        }
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)?;
        if !self.source.is_empty() {
            let offset = self.column.saturating_sub(self.source_column);
            let len = self.end_column.saturating_sub(self.column).max(1);
            write!(f, "\n    {}\n    {}{}", self.source, " ".repeat(offset), "^".repeat(len))?;
        }
        if let Some((line, column)) = self.related {
            match &self.related_file {
                Some(file) => write!(f, "\n    (see {file}: line {line}, column {column})")?,
                None => write!(f, "\n    (see line {line}, column {column})")?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for ScriptError {}

/// Every error of a script, in source order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptErrors {
    /// The errors; never empty.
    pub errors: Vec<ScriptError>,
}

impl ScriptErrors {
    /// The errors, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, ScriptError> {
        self.errors.iter()
    }

    /// The number of errors.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Always false: a script that fails has at least one error.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }
}

impl<'a> IntoIterator for &'a ScriptErrors {
    type Item = &'a ScriptError;
    type IntoIter = std::slice::Iter<'a, ScriptError>;

    fn into_iter(self) -> Self::IntoIter {
        self.errors.iter()
    }
}

impl fmt::Display for ScriptErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, error) in self.errors.iter().enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            error.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for ScriptErrors {}

/// The most steps one script expands to, counting every step each `use:`
/// brings in (again each time a file is included) and each `use:` itself
/// (docs/limits.md). Counted while the script expands: passing it is one
/// `script-too-large` error, and nothing more is read.
pub const MAX_SCRIPT_STEPS: usize = 100_000;

/// The most bytes of script text one script expands to through `use:`,
/// counting a file again each time it is included (16 MiB: sixteen files
/// of [`MAX_INCLUDE_BYTES`](crate::script::MAX_INCLUDE_BYTES)). Checked before an included file is parsed.
pub const MAX_EXPANDED_BYTES: u64 = 16 * 1024 * 1024;

/// How much a script has expanded to so far, through every `use:`: the
/// steps (each `use:` counts as one) and the bytes of script text parsed,
/// bounded by [`MAX_SCRIPT_STEPS`] and [`MAX_EXPANDED_BYTES`]. Once either
/// limit is passed, one error says so and parsing stops everywhere, so a
/// fan-out of `use:` (three files of 1,000 `use:` each would be 10⁹ steps)
/// fails before memory grows.
#[derive(Debug, Default)]
pub(super) struct Expansion {
    steps: usize,
    bytes: u64,
    /// A limit was passed: nothing more is parsed.
    pub(super) over: bool,
}

impl Expansion {
    /// Counts one more step; `false` (and an error in `errors`, at `at`)
    /// when that passes the limit.
    fn step(&mut self, at: &Source<'_>, span: Range<usize>, errors: &mut Vec<ScriptError>) -> bool {
        self.steps += 1;
        if self.steps <= MAX_SCRIPT_STEPS {
            return true;
        }
        self.over = true;
        let message = format!(
            "the script expands to more than {MAX_SCRIPT_STEPS} steps (MAX_SCRIPT_STEPS, docs/limits.md), counting every step each `use:` brings in and each `use:` itself; nothing ran: include less, or split the script"
        );
        // Scripts locate by byte offset; the step that passed the limit.
        let start = LocRange::at(Loc(u32::try_from(span.start).unwrap_or(u32::MAX)));
        errors.push(at.locate(&GrammarError::new(ErrorKind::ScriptTooLarge, start, message), span));
        false
    }

    /// Counts `bytes` more bytes of script text; the message saying the
    /// limit is passed when it is.
    pub(super) fn read(&mut self, bytes: usize) -> Result<(), String> {
        self.bytes = self.bytes.saturating_add(bytes as u64);
        if self.bytes <= MAX_EXPANDED_BYTES {
            return Ok(());
        }
        self.over = true;
        Err(format!(
            "the script expands to more than {MAX_EXPANDED_BYTES} bytes of script text (MAX_EXPANDED_BYTES, docs/limits.md) through `use:`, counting a file once each time it is included; nothing ran: include less, or split the script"
        ))
    }
}

/// Parses `text` (from `file`, when it came from one; `shown` is how an
/// error in another file names it) into `into`, handing every `use:` step
/// to `include`.
#[allow(clippy::too_many_arguments)] // the parse's state, passed down as it nests
pub(super) fn parse_text(
    text: &str,
    file: Option<&str>,
    shown: Option<&str>,
    checker: &mut Checker<'_>,
    into: &mut Vec<ScriptStep>,
    errors: &mut Vec<ScriptError>,
    expansion: &mut Expansion,
    include: &mut Include<'_>,
) {
    let origin = u32::try_from(checker.texts.len()).unwrap_or(u32::MAX);
    checker.texts.push(Lines::new(text, shown));
    let outer = checker.set_origin(origin);
    parse_lines(text, file, checker, into, errors, expansion, include);
    checker.set_origin(outer);
}

fn parse_lines(
    text: &str,
    file: Option<&str>,
    checker: &mut Checker<'_>,
    into: &mut Vec<ScriptStep>,
    errors: &mut Vec<ScriptError>,
    expansion: &mut Expansion,
    include: &mut Include<'_>,
) {
    let source = Source::new(text, file);
    if u32::try_from(text.len()).is_err() {
        let error = GrammarError::new(
            ErrorKind::ScriptTooLarge,
            LocRange::at(Loc(0)),
            format!("the script is {} bytes long; the limit is {} bytes", text.len(), u32::MAX),
        );
        errors.push(source.locate(&error, 0..0));
        return;
    }
    let mut lexer = Lexer::new(text);
    let raw_steps = lexer.steps();
    let source = Source { quote_ends: lexer.quote_ends, ..source };
    let mut own_errors = Vec::new();
    for raw in raw_steps {
        if !expansion.step(&source, raw.span.clone(), &mut own_errors) {
            break;
        }
        if raw.error.is_none()
            && let Some(target) = use_target(&raw.lexemes)
        {
            let at = LocatedUse { source: &source, span: raw.span.clone(), target };
            // Errors so far first, so the included file's follow them.
            own_errors.sort_by_key(|error: &ScriptError| error.span.start);
            errors.append(&mut own_errors);
            include(at, checker, into, errors, expansion);
            if expansion.over {
                return;
            }
            continue;
        }
        let parsed = match raw.error {
            Some(error) => Err(error),
            None => parse_step_in(&raw.lexemes, Dialect::Script),
        };
        match parsed {
            Ok(parsed) => {
                let first = checker.errors().len();
                checker.step(&parsed);
                for index in first..checker.errors().len() {
                    let error = &checker.errors()[index];
                    let mut located = source.locate(error, raw.span.clone());
                    // A related place in another file is named there.
                    if let (Some(other), Some(related)) =
                        (checker.related_origin(index), error.related)
                        && let Some(lines) = checker.texts.get(other as usize)
                    {
                        located.related = Some(lines.line_column(related.start.0 as usize));
                        located.related_file = Some(
                            lines.file.clone().unwrap_or_else(|| "the top-level script".into()),
                        );
                    }
                    own_errors.push(located);
                }
                let (line, column) = source.line_column(raw.span.start);
                into.push(ScriptStep {
                    step: parsed.step,
                    line,
                    column,
                    source: text[raw.span].to_owned(),
                    file: file.map(str::to_owned),
                });
            }
            Err(error) => {
                checker.unknown_step();
                let mut located = source.locate(&error, raw.span);
                if file.is_some() {
                    // A file a `use:` read may not be a script at all.
                    let token = &text[located.span.clone()];
                    located.message =
                        included::grammar_message(error.kind, token, &error.suggestions);
                    located.suggestions.clear();
                }
                own_errors.push(located);
            }
        }
    }
    own_errors.sort_by_key(|error| error.span.start);
    errors.append(&mut own_errors);
}

/// What a `use:` step does: reads its file and parses it into the same
/// steps and errors, with the same checker.
pub(super) type Include<'a> = dyn FnMut(
        LocatedUse<'_>,
        &mut Checker<'_>,
        &mut Vec<ScriptStep>,
        &mut Vec<ScriptError>,
        &mut Expansion,
    ) + 'a;

/// A `use:` step: where it is and what it names.
pub(super) struct LocatedUse<'s> {
    source: &'s Source<'s>,
    span: Range<usize>,
    /// The path as written, or why it cannot be read.
    pub(super) target: Result<String, GrammarError>,
}

impl LocatedUse<'_> {
    /// An error about the `use:` step itself.
    pub(super) fn error(&self, kind: ErrorKind, message: String) -> ScriptError {
        // The last character's first byte: a range ends on a character.
        let last = self.source.text[self.span.clone()]
            .char_indices()
            .last()
            .map_or(self.span.start, |(at, _)| self.span.start + at);
        let whole = LocRange::new(Loc(self.span.start as u32), Loc(last as u32));
        self.source.locate(&GrammarError::new(kind, whole, message), self.span.clone())
    }

    /// The error as the `use:` step's.
    pub(super) fn locate(&self, error: &GrammarError) -> ScriptError {
        self.source.locate(error, self.span.clone())
    }
}

/// The path after `use:`, when the step is one (`use:common/login.steps`
/// or quoted).
fn use_target(
    lexemes: &[crate::script::source::Located<crate::script::source::Lexeme>],
) -> Option<Result<String, GrammarError>> {
    use crate::script::source::Lexeme;
    let start = lexemes.iter().position(|l| !l.value.as_char().is_some_and(char::is_whitespace))?;
    let head: String = lexemes[start..].iter().take(4).filter_map(|l| l.value.as_char()).collect();
    if head != "use:" {
        return None;
    }
    let rest = &lexemes[start + 4..];
    let at = rest.first().map_or(lexemes[start].loc, |l| l.loc);
    let rest: Vec<_> =
        rest.iter().skip_while(|l| l.value.as_char().is_some_and(char::is_whitespace)).collect();
    let path = match rest.as_slice() {
        [one] if matches!(one.value, Lexeme::Quoted(_)) => match &one.value {
            Lexeme::Quoted(text) => text.clone(),
            Lexeme::Char(_) => unreachable!(),
        },
        chars => match chars.iter().map(|l| l.value.as_char()).collect::<Option<String>>() {
            Some(text) => text.trim_end().to_owned(),
            None => {
                return Some(Err(GrammarError::new(
                    ErrorKind::InvalidInclude,
                    LocRange::at(at),
                    "quote the whole path after `use:`, or none of it",
                )));
            }
        },
    };
    if path.is_empty() {
        return Some(Err(GrammarError::new(
            ErrorKind::MissingArgument,
            LocRange::at(at),
            format!("`use` needs a path: {}", crate::verb::Verb::Use.usage()),
        )));
    }
    Some(Ok(path))
}

/// Lexes and parses one step written in script syntax.
///
/// ```
/// use rehearse_lang::script::parse_step_str;
/// use rehearse_lang::AutomationStep;
/// assert_eq!(parse_step_str("type:\"a;b\"").unwrap().step, AutomationStep::type_text("a;b"));
/// ```
pub fn parse_step_str(text: &str) -> Result<ParsedStep, GrammarError> {
    parse_step_in(&lex_step(text)?, Dialect::Script)
}

/// The script text with what is needed to turn locations into lines and
/// columns.
pub(super) struct Source<'t> {
    text: &'t str,
    line_starts: Vec<usize>,
    quote_ends: HashMap<u32, u32>,
    file: Option<&'t str>,
}

impl<'t> Source<'t> {
    fn new(text: &'t str, file: Option<&'t str>) -> Self {
        let line_starts =
            std::iter::once(0).chain(text.match_indices('\n').map(|(at, _)| at + 1)).collect();
        Self { text, line_starts, quote_ends: HashMap::new(), file }
    }

    fn line_column(&self, offset: usize) -> (usize, usize) {
        line_column(self.text, &self.line_starts, offset)
    }

    /// The byte range of the lexemes in `range`.
    fn span(&self, range: LocRange) -> Range<usize> {
        let start = (range.start.0 as usize).min(self.text.len());
        let last = (range.end.0 as usize).min(self.text.len());
        let end = match self.quote_ends.get(&range.end.0) {
            Some(&end) => end as usize,
            None => last + self.text[last..].chars().next().map_or(0, char::len_utf8),
        };
        start..end.max(start)
    }

    fn locate(&self, error: &GrammarError, step: Range<usize>) -> ScriptError {
        let span = self.span(error.range);
        let (line, column) = self.line_column(span.start);
        let (end_line, end_column) = self.line_column(span.end);
        let end_column = if end_line == line { end_column } else { column + 1 };
        let (step_line, step_column) = self.line_column(step.start);
        // A step over several lines (an outline block) shows the line of the
        // error only, so the caret stands under its token.
        let on_line = line.saturating_sub(step_line);
        let shown = self.text[step].split('\n').nth(on_line).unwrap_or_default();
        let source_column = if on_line == 0 { step_column } else { 1 };
        // A file a `use:` brought in never has its lines shown: it may not
        // be a script (see `included`).
        let source = if self.file.is_some() {
            String::new()
        } else {
            shown.trim_end_matches('\r').to_owned()
        };
        ScriptError {
            kind: error.kind,
            message: error.message.clone(),
            line,
            column,
            end_column,
            span,
            source,
            source_column,
            suggestions: error.suggestions.clone(),
            related: error.related.map(|related| self.line_column(related.start.0 as usize)),
            related_file: None,
            file: self.file.map(str::to_owned),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::key::{KeyCode, KeyPress};
    use crate::script::*;
    use crate::step::AutomationStep;

    fn lines(script: &Script) -> Vec<(usize, usize, &str)> {
        script.steps.iter().map(|s| (s.line, s.column, s.source.as_str())).collect()
    }

    #[test]
    fn steps_split_on_newlines_and_semicolons_outside_quotes() {
        let script = parse_script(
            "# a comment\n  # an indented comment\nclick:#new-todo; type:\"a;b\" ;key:enter\n\n;;\r\nwait-for:value=\"x;y\",#s,5 # not a comment\r\n",
        );
        // `# not a comment` is part of the timeout field.
        let errors = script.unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors.errors[0].kind, ErrorKind::MalformedDuration);
        assert_eq!(errors.errors[0].message.lines().count(), 1);
        assert!(errors.errors[0].message.starts_with("`5 # not a comment` is not a duration"));

        let script = parse_script(
            "# a comment\n  # an indented comment\nclick:#new-todo; type:\"a;b\" ;key:enter\n\n;;\r\nwait-for:value=\"x;y\",#s,5\r\n  drain  ",
        )
        .unwrap();
        assert_eq!(
            lines(&script),
            [
                (3, 1, "click:#new-todo"),
                (3, 18, "type:\"a;b\""),
                (3, 30, "key:enter"),
                (6, 1, "wait-for:value=\"x;y\",#s,5"),
                (7, 3, "drain"),
            ]
        );
        assert_eq!(script.steps[1].step, AutomationStep::type_text("a;b"));
        assert_eq!(script.len(), 5);
        assert!(!script.is_empty());
        assert!(parse_script("").unwrap().is_empty());
        assert!(parse_script("# only\n\n   \n").unwrap().is_empty());
    }

    #[test]
    fn hash_is_a_comment_only_at_the_start_of_a_line() {
        let script = parse_script("key:#\nclick:#a; #b").unwrap_err();
        // `#b` after `;` is a step, and not a verb.
        assert_eq!(script.len(), 1);
        assert_eq!(script.errors[0].kind, ErrorKind::UnknownVerb);
        assert_eq!((script.errors[0].line, script.errors[0].column), (2, 11));
        let script = parse_script("key:#\n\t#comment\nclick:#a").unwrap();
        assert_eq!(script.len(), 2);
        assert_eq!(script.steps[0].step, AutomationStep::key(KeyPress::char('#')));
    }

    #[test]
    fn every_error_is_collected_with_line_and_column() {
        let errors = parse_script(
            "click:#save\nclik:#save\n  type:\"unterminated\nresize:0x40; wait:25s\nkey:ctrl+entr\ntype:\"bad \\q escape\"",
        )
        .unwrap_err();
        let located: Vec<(ErrorKind, usize, usize, &str)> =
            errors.iter().map(|e| (e.kind, e.line, e.column, e.source.as_str())).collect();
        assert_eq!(
            located,
            [
                (ErrorKind::UnknownVerb, 2, 1, "clik:#save"),
                (ErrorKind::UnterminatedQuote, 3, 8, "type:\"unterminated"),
                (ErrorKind::MalformedSize, 4, 8, "resize:0x40"),
                (ErrorKind::MalformedDuration, 4, 19, "wait:25s"),
                (ErrorKind::UnknownKey, 5, 10, "key:ctrl+entr"),
                (ErrorKind::UnknownEscape, 6, 11, "type:\"bad \\q escape\""),
            ]
        );
        assert_eq!(errors.errors[4].span, 75..79);
        assert_eq!(errors.errors[4].end_column, 14);
        assert_eq!(errors.errors[4].suggestions, ["enter"]);
    }

    #[test]
    fn columns_count_characters_and_errors_draw_a_caret() {
        let errors = parse_script("type:ünï; click:#né").unwrap_err();
        let error = &errors.errors[0];
        assert_eq!((error.line, error.column, error.end_column), (1, 19, 20));
        assert_eq!(error.source_column, 11);
        assert_eq!(
            error.to_string(),
            "line 1, column 19: automation id `né` has 'é'; only letters, digits and `-_./:` are allowed\n    click:#né\n            ^"
        );
        let errors = parse_script("wait:1\n   type:\"x\"zz").unwrap_err();
        assert_eq!(
            errors.to_string(),
            "line 2, column 12: unexpected `zz` after the quoted string; a quoted string must be the whole text\n    type:\"x\"zz\n            ^^"
        );
    }

    #[test]
    fn an_error_in_a_step_over_several_lines_shows_its_own_line_with_the_caret() {
        let errors =
            parse_script("key:a\nexpect-tree:#todos,500 (\r\n  - list:\n    - lst\n)").unwrap_err();
        let error = &errors.errors[0];
        assert_eq!((error.line, error.column), (4, 7), "{error}");
        assert_eq!((error.source.as_str(), error.source_column), ("    - lst", 1));
        assert!(error.to_string().ends_with("\n        - lst\n          ^^^"), "{error}");
        // On the step's first line, the step's own first line.
        let errors = parse_script("expect-tree:#todos,50x (\n  - list\n)").unwrap_err();
        let error = &errors.errors[0];
        assert_eq!(error.source, "expect-tree:#todos,50x (", "{error}");
    }

    #[test]
    fn a_quoted_error_points_at_the_whole_string() {
        let errors = parse_script("click:\"Save me\"").unwrap_err();
        let error = &errors.errors[0];
        assert_eq!(error.span, 6..15);
        assert_eq!((error.column, error.end_column), (7, 16));
    }

    #[test]
    fn checks_run_over_the_script_with_the_context() {
        let ids = DeclaredIds::new(&["new-todo", "item-{n}"]);
        let refused = [KeyPress::from(KeyCode::F(4))];
        let context = CheckContext::new().declared_ids(&ids).refused_keys(&refused);
        let errors = parse_script_with(
            "click:#new-todoo\nclick:@button; type:x\nkey:f4\ncheckpoint:a\ncheckpoint:a\nclick:#item-7",
            &context,
        )
        .unwrap_err();
        let located: Vec<(ErrorKind, usize, usize)> =
            errors.iter().map(|e| (e.kind, e.line, e.column)).collect();
        assert_eq!(
            located,
            [
                (ErrorKind::UndeclaredId, 1, 8),
                (ErrorKind::TextNotAccepted, 2, 16),
                (ErrorKind::RefusedKey, 3, 5),
                (ErrorKind::DuplicateCheckpoint, 5, 12),
            ]
        );
        assert_eq!(errors.errors[1].related, Some((2, 7)));
        assert_eq!(errors.errors[3].related, Some((4, 12)));
        assert!(errors.errors[3].to_string().ends_with("(see line 4, column 12)"));
        // Without the context only the app-independent checks run.
        let errors = parse_script("click:#new-todoo\nkey:f4\nclick:@progress-bar").unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors.errors[0].kind, ErrorKind::UnsupportedAction);
    }

    #[test]
    fn a_failed_step_makes_focus_unknown() {
        // The misspelled step might have focused a text box: no cascade.
        let errors = parse_script("click:@button\nfocus:@text-bx\ntype:x").unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors.errors[0].kind, ErrorKind::UnknownRole);
    }

    #[test]
    fn lex_step_lexes_quotes_and_reports_escapes() {
        assert_eq!(
            lex_step("a\"b\\\"c\"").unwrap(),
            [Located::char('a', 0), Located::quoted("b\"c", 1)]
        );
        let error = lex_step("type:\"x\\q\"").unwrap_err();
        assert_eq!(error.kind, ErrorKind::UnknownEscape);
        assert_eq!(error.range, LocRange::new(Loc(7), Loc(8)));
        assert!(error.message.contains("the escapes are `\\\"`, `\\\\`, `\\n`, `\\t`"), "{error}");
        let error = lex_step("type:\"x").unwrap_err();
        assert_eq!((error.kind, error.range), (ErrorKind::UnterminatedQuote, LocRange::at(Loc(5))));
        let error = lex_step("type:\"x\\").unwrap_err();
        assert_eq!(error.kind, ErrorKind::UnterminatedQuote);
    }
}
