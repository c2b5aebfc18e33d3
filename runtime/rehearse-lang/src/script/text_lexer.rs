//! Lexing script text: splitting it into steps at newlines and `;`
//! (outside quotes), skipping comment lines, and turning each step into
//! located lexemes (quoted strings unescaped).

use std::collections::HashMap;
use std::ops::Range;

use crate::script::error::{ErrorKind, GrammarError};
use crate::script::source::{Lexeme, Loc, LocRange, Located};
use crate::spelling::{ESCAPES, unescape};

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
    let mut lexer = Lexer::new(text);
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

/// One step's lexemes, as split from a script.
pub(super) struct RawStep {
    pub(super) lexemes: Vec<Located<Lexeme>>,
    /// The step's text, without surrounding whitespace.
    pub(super) span: Range<usize>,
    /// A lexing error; the step is not parsed.
    pub(super) error: Option<GrammarError>,
}

/// Splits a script into steps and lexes each, remembering where every
/// quoted string ends.
pub(super) struct Lexer<'t> {
    text: &'t str,
    /// The byte after the closing quote of each quoted string, by the
    /// offset of its opening quote.
    pub(super) quote_ends: HashMap<u32, u32>,
    /// An `expect-tree:` step whose outline's `(` is still open at the end
    /// of a line: its lexemes, its first error and the depth, continued on
    /// the next line.
    open_block: Option<(Vec<Located<Lexeme>>, Option<GrammarError>, usize)>,
}

impl<'t> Lexer<'t> {
    /// A lexer over `text`.
    pub(super) fn new(text: &'t str) -> Self {
        Self { text, quote_ends: HashMap::new(), open_block: None }
    }

    /// Every non-blank step of the script, in order.
    pub(super) fn steps(&mut self) -> Vec<RawStep> {
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
        // An outline never closed: the parser says so.
        if let Some((mut lexemes, mut error, _)) = self.open_block.take() {
            flush(&mut lexemes, &mut error, &self.quote_ends, &mut steps);
        }
        steps
    }

    fn line(&mut self, start: usize, end: usize, steps: &mut Vec<RawStep>) {
        let text = self.text;
        if text[start..end].trim_start().starts_with('#') {
            return;
        }
        // Inside `batch:(...)`, `;` separates the batch's own steps; inside
        // an `expect-tree:` outline's `(...)`, `;` is text, and the outline
        // may go on over the next lines until its `)`.
        let continuing = self.open_block.is_some();
        let (mut lexemes, mut error, mut batch_depth) = match self.open_block.take() {
            Some((mut lexemes, error, depth)) => {
                lexemes.push(Located::char('\n', start.saturating_sub(1) as u32));
                (lexemes, error, depth)
            }
            None => (Vec::new(), None, 0usize),
        };
        let mut at = start;
        while at < end {
            let character = text[at..].chars().next().unwrap_or('\0');
            match character {
                '(' if batch_depth > 0
                    || ends_with_batch(&lexemes)
                    || is_verb(&lexemes, "expect-tree") =>
                {
                    batch_depth += 1;
                    lexemes.push(Located::char('(', at as u32));
                    at += 1;
                }
                ')' if batch_depth > 0 => {
                    batch_depth -= 1;
                    lexemes.push(Located::char(')', at as u32));
                    at += 1;
                }
                ';' if batch_depth > 0 => {
                    lexemes.push(Located::char(';', at as u32));
                    at += 1;
                }
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
        if batch_depth > 0 && (continuing || is_verb(&lexemes, "expect-tree")) {
            self.open_block = Some((lexemes, error, batch_depth));
            return;
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

/// Whether the step so far ends with the verb `batch:` (its `(` opens the
/// batch's steps): `batch:` is the step's verb only when what comes before
/// it is at most a `[label]` and a `when(...)` guard — no `:` outside their
/// brackets — so `type:call batch:(now` types text.
fn ends_with_batch(lexemes: &[Located<Lexeme>]) -> bool {
    let mut chars = lexemes.iter().rev().map_while(|lexeme| lexeme.value.as_char()).peekable();
    while chars.next_if(|character| character.is_whitespace()).is_some() {}
    let tail: String = chars.by_ref().take(6).collect::<Vec<char>>().into_iter().rev().collect();
    if tail != "batch:" {
        return false;
    }
    // What precedes `batch:`, in reading order: a quoted lexeme there is
    // a guard's argument or a label, and never a verb's colon.
    let before = &lexemes[..lexemes.len().saturating_sub(
        lexemes
            .iter()
            .rev()
            .take_while(|l| l.value.as_char().is_some_and(char::is_whitespace))
            .count()
            + 6,
    )];
    let mut depth = 0usize;
    for character in before.iter().filter_map(|lexeme| lexeme.value.as_char()) {
        match character {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            ':' if depth == 0 => return false,
            _ => {}
        }
    }
    before
        .iter()
        .rev()
        .filter_map(|lexeme| lexeme.value.as_char())
        .find(|character| !character.is_whitespace())
        .is_none_or(|character| character == ']' || character == ')')
}

/// How far into a step [`is_verb`] looks for its verb.
const VERB_WITHIN: usize = 1024;

/// Whether the step so far has the verb `verb`: after at most a `[label]`
/// and a `when(...)` guard, it starts with `verb` and then `:`.
fn is_verb(lexemes: &[Located<Lexeme>], verb: &str) -> bool {
    // Quoted strings stand as NUL: they are never part of a verb. Only the
    // first `VERB_WITHIN` lexemes are read (a label and a guard are
    // shorter), and each only when the scan reaches it, so asking at every
    // `(` of a long line stays cheap.
    let get = |at: usize| {
        (at < VERB_WITHIN)
            .then(|| lexemes.get(at))
            .flatten()
            .map(|lexeme| lexeme.value.as_char().unwrap_or('\0'))
    };
    let blanks = |mut at: usize| {
        while get(at).is_some_and(char::is_whitespace) {
            at += 1;
        }
        at
    };
    // Past the bracket that closes the one opened at `at`.
    let closed = |mut at: usize| {
        let mut depth = 0usize;
        while let Some(character) = get(at) {
            at += 1;
            match character {
                '(' | '[' => depth += 1,
                ')' | ']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(at);
                    }
                }
                _ => {}
            }
        }
        None
    };
    let starts =
        |at: usize, word: &str| word.chars().enumerate().all(|(i, c)| get(at + i) == Some(c));
    let mut at = blanks(0);
    if get(at) == Some('[') {
        let Some(next) = closed(at) else { return false };
        at = blanks(next);
    }
    if starts(at, "when(") {
        let Some(next) = closed(at + 4) else { return false };
        at = blanks(next);
    }
    starts(at, verb) && get(blanks(at + verb.chars().count())) == Some(':')
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
