//! The text-script front-end: files and strings of steps, checked at run
//! time and reported by line and column.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

use crate::script::check::{CheckContext, Checker};
use crate::script::error::{ErrorKind, GrammarError};
use crate::script::parse::{Dialect, ParsedStep, parse_step_in};
use crate::script::source::{Lexeme, Loc, LocRange, Located};
use crate::script::text::{ESCAPES, unescape};
use crate::step::AutomationStep;

/// A parsed and checked text script.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Script {
    /// The steps, in order.
    pub steps: Vec<ScriptStep>,
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
    /// The step as written.
    pub source: String,
    /// The 1-based column the step starts at (for pointing into `source`).
    pub source_column: usize,
    /// Replacements for the offending token, best first.
    pub suggestions: Vec<String>,
    /// The line and column of a related place (the first use of a duplicated
    /// checkpoint name, the target of the step that moved focus).
    pub related: Option<(usize, usize)>,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)?;
        if !self.source.is_empty() {
            let offset = self.column.saturating_sub(self.source_column);
            let len = self.end_column.saturating_sub(self.column).max(1);
            write!(f, "\n    {}\n    {}{}", self.source, " ".repeat(offset), "^".repeat(len))?;
        }
        if let Some((line, column)) = self.related {
            write!(f, "\n    (see line {line}, column {column})")?;
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

/// Parses and checks a text script with no knowledge of the app (the action,
/// typing and duplicate-checkpoint checks run; declared ids and refused keys
/// are not checked).
///
/// Steps are separated by newlines or `;` (outside quotes). A line whose
/// first non-blank character is `#` is a comment; `#` anywhere else is part
/// of a step (`click:#save`). Every error of every step is collected.
///
/// ```
/// use rehearse_lang::script::parse_script;
/// use rehearse_lang::{AutomationStep, Selector};
///
/// let script = parse_script("# add a todo\nclick:#new-todo; type:\"Buy milk\"\nkey:enter").unwrap();
/// assert_eq!(script.steps[0].step, AutomationStep::click(Selector::id("new-todo")));
/// assert_eq!((script.steps[1].line, script.steps[1].column), (2, 18));
///
/// let errors = parse_script("click:#save\nclik:#save").unwrap_err();
/// assert_eq!(
///     errors.errors[0].to_string().lines().next().unwrap(),
///     "line 2, column 1: unknown verb `clik`; did you mean `click`, `rclick` or `mclick`? (valid verbs: key, type, click, rclick, mclick, hover, focus, scroll, drag, wait, sleep, resize, drain, checkpoint, wait-for)"
/// );
/// ```
pub fn parse_script(text: &str) -> Result<Script, ScriptErrors> {
    parse_script_with(text, &CheckContext::new())
}

/// Parses a text script and runs every check with what `context` knows
/// about the app.
pub fn parse_script_with(text: &str, context: &CheckContext<'_>) -> Result<Script, ScriptErrors> {
    let source = Source::new(text);
    if u32::try_from(text.len()).is_err() {
        let error = GrammarError::new(
            ErrorKind::ScriptTooLarge,
            LocRange::at(Loc(0)),
            format!("the script is {} bytes long; the limit is {} bytes", text.len(), u32::MAX),
        );
        return Err(ScriptErrors { errors: vec![source.locate(&error, 0..0)] });
    }
    let mut lexer = Lexer { text, quote_ends: HashMap::new() };
    let raw_steps = lexer.steps();
    let source = Source { quote_ends: lexer.quote_ends, ..source };
    let mut checker = Checker::new(context);
    let mut steps = Vec::new();
    let mut errors = Vec::new();
    for raw in raw_steps {
        let parsed = match raw.error {
            Some(error) => Err(error),
            None => parse_step_in(&raw.lexemes, Dialect::Script),
        };
        match parsed {
            Ok(parsed) => {
                for error in checker.step(&parsed) {
                    errors.push(source.locate(error, raw.span.clone()));
                }
                let (line, column) = source.line_column(raw.span.start);
                steps.push(ScriptStep {
                    step: parsed.step,
                    line,
                    column,
                    source: text[raw.span].to_owned(),
                });
            }
            Err(error) => {
                checker.unknown_step();
                errors.push(source.locate(&error, raw.span));
            }
        }
    }
    if errors.is_empty() {
        Ok(Script { steps })
    } else {
        errors.sort_by_key(|error| error.span.start);
        Err(ScriptErrors { errors })
    }
}

/// Lexes one step written in script syntax, locating each lexeme by its byte
/// offset in `text`. `;` and newlines are ordinary characters here; quotes
/// and escapes are lexed as in scripts.
///
/// ```
/// use rehearse_lang::script::{lex_step, Lexeme, Located};
/// assert_eq!(
///     lex_step(r#"type:"a;b""#).unwrap()[5],
///     Located::quoted("a;b", 5),
/// );
/// ```
pub fn lex_step(text: &str) -> Result<Vec<Located<Lexeme>>, GrammarError> {
    if u32::try_from(text.len()).is_err() {
        return Err(GrammarError::new(
            ErrorKind::ScriptTooLarge,
            LocRange::at(Loc(0)),
            "the step is longer than 4 GiB",
        ));
    }
    let mut lexer = Lexer { text, quote_ends: HashMap::new() };
    let mut lexemes = Vec::new();
    let mut at = 0;
    while let Some(character) = text[at..].chars().next() {
        if character == '"' {
            let (lexeme, next, error) = lexer.quoted(at, text.len());
            if let Some(error) = error {
                return Err(error);
            }
            lexemes.push(lexeme);
            at = next;
        } else {
            lexemes.push(Located::char(character, at as u32));
            at += character.len_utf8();
        }
    }
    Ok(lexemes)
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

/// One step's lexemes, as split from a script.
struct RawStep {
    lexemes: Vec<Located<Lexeme>>,
    /// The step's text, without surrounding whitespace.
    span: Range<usize>,
    /// A lexing error; the step is not parsed.
    error: Option<GrammarError>,
}

struct Lexer<'t> {
    text: &'t str,
    /// The byte after the closing quote of each quoted string, by the
    /// offset of its opening quote.
    quote_ends: HashMap<u32, u32>,
}

impl Lexer<'_> {
    fn steps(&mut self) -> Vec<RawStep> {
        let mut steps = Vec::new();
        let mut line_start = 0;
        let text = self.text;
        while line_start <= text.len() {
            let line_end = text[line_start..].find('\n').map_or(text.len(), |at| line_start + at);
            let content_end =
                if text[line_start..line_end].ends_with('\r') { line_end - 1 } else { line_end };
            self.line(line_start, content_end, &mut steps);
            if line_end == text.len() {
                break;
            }
            line_start = line_end + 1;
        }
        steps
    }

    fn line(&mut self, start: usize, end: usize, steps: &mut Vec<RawStep>) {
        let text = self.text;
        if text[start..end].trim_start().starts_with('#') {
            return;
        }
        let mut lexemes: Vec<Located<Lexeme>> = Vec::new();
        let mut error = None;
        let mut at = start;
        while at < end {
            let character = text[at..].chars().next().unwrap_or('\0');
            match character {
                ';' => {
                    flush(&mut lexemes, &mut error, &self.quote_ends, steps);
                    at += 1;
                }
                '"' => {
                    let (lexeme, next, failure) = self.quoted(at, end);
                    if error.is_none() {
                        error = failure;
                    }
                    lexemes.push(lexeme);
                    at = next;
                }
                other => {
                    lexemes.push(Located::char(other, at as u32));
                    at += other.len_utf8();
                }
            }
        }
        flush(&mut lexemes, &mut error, &self.quote_ends, steps);
    }

    /// Lexes the quoted string whose opening quote is at `open`, reading no
    /// further than `end`. Returns the lexeme, the byte after it, and the
    /// first error in it.
    fn quoted(
        &mut self,
        open: usize,
        end: usize,
    ) -> (Located<Lexeme>, usize, Option<GrammarError>) {
        let text = self.text;
        let mut content = String::new();
        let mut error = None;
        let mut at = open + 1;
        loop {
            let Some(character) = text[at..end].chars().next() else {
                let failure = GrammarError::new(
                    ErrorKind::UnterminatedQuote,
                    LocRange::at(Loc(open as u32)),
                    "unterminated quote: this `\"` has no closing `\"` on its line (write `\\\"` for a quote inside quotes)",
                );
                // The unterminated string runs to the end of the line.
                self.quote_ends.insert(open as u32, end as u32);
                return (Located::quoted(content, open as u32), end, Some(failure));
            };
            match character {
                '"' => {
                    at += 1;
                    break;
                }
                '\\' => {
                    let escaped = text[at + 1..end].chars().next();
                    match escaped.map(|c| (c, unescape(c))) {
                        // `\` at the end of the line: the quote is unterminated.
                        None => {}
                        Some((_, Some(meant))) => content.push(meant),
                        Some((written, None)) => {
                            let escapes: Vec<String> =
                                ESCAPES.iter().map(|(e, _)| format!("`\\{e}`")).collect();
                            if error.is_none() {
                                error = Some(GrammarError::new(
                                    ErrorKind::UnknownEscape,
                                    LocRange::new(Loc(at as u32), Loc((at + 1) as u32)),
                                    format!(
                                        "unknown escape `\\{written}` in quotes; the escapes are {} (write `\\\\` for a backslash)",
                                        escapes.join(", ")
                                    ),
                                ));
                            }
                            content.push(written);
                        }
                    }
                    at += 1 + escaped.map_or(0, char::len_utf8);
                }
                other => {
                    content.push(other);
                    at += other.len_utf8();
                }
            }
        }
        self.quote_ends.insert(open as u32, at as u32);
        (Located::quoted(content, open as u32), at, error)
    }
}

/// Ends the current step: trims it, skips it if blank, and records it.
fn flush(
    lexemes: &mut Vec<Located<Lexeme>>,
    error: &mut Option<GrammarError>,
    quote_ends: &HashMap<u32, u32>,
    steps: &mut Vec<RawStep>,
) {
    let taken = std::mem::take(lexemes);
    let failure = error.take();
    let blank = |l: &Located<Lexeme>| l.value.as_char().is_some_and(char::is_whitespace);
    let first = taken.iter().position(|l| !blank(l));
    let last = taken.iter().rposition(|l| !blank(l));
    let (Some(first), Some(last)) = (first, last) else {
        return;
    };
    let start = taken[first].loc.0 as usize;
    let end = lexeme_end(quote_ends, &taken[last]);
    steps.push(RawStep { lexemes: taken, span: start..end, error: failure });
}

fn lexeme_end(quote_ends: &HashMap<u32, u32>, lexeme: &Located<Lexeme>) -> usize {
    let at = lexeme.loc.0 as usize;
    match &lexeme.value {
        Lexeme::Quoted(_) => quote_ends.get(&lexeme.loc.0).map_or(at + 1, |&end| end as usize),
        Lexeme::Char(character) => at + character.len_utf8(),
    }
}

/// The script text with what is needed to turn locations into lines and
/// columns.
struct Source<'t> {
    text: &'t str,
    line_starts: Vec<usize>,
    quote_ends: HashMap<u32, u32>,
}

impl<'t> Source<'t> {
    fn new(text: &'t str) -> Self {
        let line_starts =
            std::iter::once(0).chain(text.match_indices('\n').map(|(at, _)| at + 1)).collect();
        Self { text, line_starts, quote_ends: HashMap::new() }
    }

    fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= offset).max(1);
        let start = self.line_starts[line - 1];
        let column = self.text.get(start..offset).map_or(offset - start, |s| s.chars().count());
        (line, column + 1)
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
        let (_, source_column) = self.line_column(step.start);
        ScriptError {
            kind: error.kind,
            message: error.message.clone(),
            line,
            column,
            end_column,
            span,
            source: self.text[step].to_owned(),
            source_column,
            suggestions: error.suggestions.clone(),
            related: error.related.map(|related| self.line_column(related.start.0 as usize)),
        }
    }
}
