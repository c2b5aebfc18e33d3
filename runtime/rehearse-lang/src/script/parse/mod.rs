//! The one step parser both front-ends call.
//!
//! [`parse_step_in`] reads one step's lexemes: the verb ([`Parser::step`]
//! here), then its argument, by the seams of the grammar:
//!
//! - [`piece`]: a run of lexemes being parsed, and its ranges;
//! - [`written`]: how text is written (bare, quoted, or a string literal in
//!   `scenario!`);
//! - [`selector`]: `#id`, `@role`, `@role=Name`, `text~substring`, `col,row`;
//! - [`regex`]: a name, a text or a value written as a regular expression
//!   (`/Sav(e|ing)/`, `/ok/i`);
//! - [`key`], [`numbers`] (durations, sizes, points), [`predicate`];
//! - [`arguments`]: the composite arguments of `focus:`, `scroll:`,
//!   `drag:`, `wait-for:` and `checkpoint:`.

mod annotation;
mod arguments;
mod batch;
mod key;
mod numbers;
mod outline;
mod outline_line;
mod piece;
mod pipeline;
mod predicate;
mod regex;
mod selector;
mod terminal;
mod written;

#[cfg(test)]
mod tests;

use std::time::Duration;

use crate::script::error::{ErrorKind, GrammarError};
use crate::script::facts::{ParsedStep, SelectorSlot, StepFacts};
use crate::script::source::{Lexeme, Loc, LocRange, Located, Spanned};
use crate::secret::{Secret, validate_env_name};
use crate::step::{AutomationStep, MouseButton};
use crate::verb::Verb;
use crate::vocabulary::{UnknownName, Vocabulary};

use piece::Piece;

/// How long `wait` and `sleep` last when no duration is given.
pub const DEFAULT_WAIT: Duration = Duration::from_millis(250);

/// The longest duration the grammar accepts, in milliseconds: 604,800,000
/// (7 days), for `wait:`, `sleep:` and a `wait-for` timeout. Longer is a
/// `malformed-duration` error. (A `wait:` also stops after
/// `MAX_TIMERS_PER_ADVANCE` timers, however long it is; see
/// `docs/limits.md`.)
pub const MAX_DURATION_MS: u64 = 7 * 24 * 60 * 60 * 1000;

/// Which front-end's rules apply. The grammar is the same; only the
/// spelling of free text differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// Text scripts: free text may be bare when unambiguous, or quoted.
    #[default]
    Script,
    /// `scenario!`: free text must be a string literal ([`Lexeme::Quoted`]).
    Scenario,
}

/// Parses one step with the text-script rules ([`Dialect::Script`]).
///
/// `input` is one step's lexemes, without the `;` or newline that ends it.
/// Whitespace characters at either end are ignored. An empty input is an
/// [`ErrorKind::EmptyStep`] located at `Loc(0)`; front-ends skip empty steps
/// before calling.
///
/// ```
/// use rehearse_lang::script::{parse_step, chars};
/// use rehearse_lang::{AutomationStep, Selector};
/// let parsed = parse_step(&chars("click:#save", 0)).unwrap();
/// assert_eq!(parsed.step, AutomationStep::click(Selector::id("save")));
/// ```
pub fn parse_step(input: &[Located<Lexeme>]) -> Result<ParsedStep, GrammarError> {
    parse_step_in(input, Dialect::Script)
}

/// Parses one step with the rules of `dialect`.
pub fn parse_step_in(
    input: &[Located<Lexeme>],
    dialect: Dialect,
) -> Result<ParsedStep, GrammarError> {
    Parser { dialect }.step(input)
}

fn error(kind: ErrorKind, range: LocRange, message: impl Into<String>) -> GrammarError {
    GrammarError::new(kind, range, message)
}

fn unknown_name(kind: ErrorKind, range: LocRange, unknown: &UnknownName) -> GrammarError {
    error(kind, range, unknown.to_string()).with_suggestions(unknown.suggestions().iter().copied())
}

/// The parser of one dialect; its methods are spread over this module's
/// files by the part of the grammar they read.
struct Parser {
    dialect: Dialect,
}

impl Parser {
    fn step(&self, input: &[Located<Lexeme>]) -> Result<ParsedStep, GrammarError> {
        let whole = Piece::new(input, input.first().map_or(Loc(0), |l| l.loc)).trim();
        if whole.is_empty() {
            return Err(error(
                ErrorKind::EmptyStep,
                whole.range(),
                "empty step; write a step such as `click:#save`",
            ));
        }
        let annotations = self.annotations(whole)?;
        let mut parsed = self.body(annotations.body)?;
        if annotations.label.is_none() && annotations.guard.is_none() {
            return Ok(parsed);
        }
        let guard = match annotations.guard {
            Some(piece) => Some(Box::new(self.guard(piece, &mut parsed.facts)?)),
            None => None,
        };
        parsed.facts.range = whole.range();
        parsed.facts.guarded = guard.is_some();
        parsed.step = AutomationStep::Annotated {
            label: annotations.label,
            guard,
            step: Box::new(parsed.step),
        };
        Ok(parsed)
    }

    /// One step without its label and guard.
    fn body(&self, whole: Piece<'_>) -> Result<ParsedStep, GrammarError> {
        let (verb, verb_range, argument) = self.verb(whole)?;
        let mut facts = StepFacts {
            range: whole.range(),
            verb,
            verb_range,
            selectors: Vec::new(),
            key: None,
            checkpoint: None,
            guarded: false,
            inputs: Vec::new(),
        };
        let argument = argument.map(Piece::trim);
        let Some(argument) = argument.filter(|piece| !piece.is_empty()) else {
            let step = match verb {
                Verb::Drain => AutomationStep::drain(),
                Verb::Wait => AutomationStep::advance(DEFAULT_WAIT),
                Verb::Sleep => AutomationStep::sleep(DEFAULT_WAIT),
                _ => {
                    let at = argument.map_or(verb_range, |piece| piece.range());
                    return Err(error(
                        ErrorKind::MissingArgument,
                        at,
                        format!("`{verb}` needs an argument: {}", verb.usage()),
                    ));
                }
            };
            return Ok(ParsedStep { step, facts });
        };
        let step = match verb {
            Verb::Key => {
                let key = self.key(argument)?;
                facts.key = Some(Spanned::new(key, argument.range()));
                AutomationStep::key(key)
            }
            Verb::Type => match self.secret(argument)? {
                Some(secret) => AutomationStep::type_secret(secret),
                None => AutomationStep::type_text(
                    self.free_text(argument, "the text to type")?.unwrap_or_default(),
                ),
            },
            Verb::Click | Verb::RightClick | Verb::MiddleClick => {
                let button = MouseButton::clicked_by(verb).unwrap_or(MouseButton::Left);
                let target = self.selector(argument, SelectorSlot::Click(button), &mut facts)?;
                AutomationStep::Click { target, button }
            }
            Verb::Hover => {
                AutomationStep::hover(self.selector(argument, SelectorSlot::Hover, &mut facts)?)
            }
            Verb::Focus => self.focus(argument, &mut facts)?,
            Verb::Scroll => self.scroll(argument, &mut facts)?,
            Verb::Drag => self.drag(argument, &mut facts)?,
            Verb::Wait => AutomationStep::advance(self.duration(argument)?),
            Verb::Sleep => AutomationStep::sleep(self.duration(argument)?),
            Verb::Resize => {
                let (cols, rows) = self.size(argument)?;
                AutomationStep::resize(cols, rows)
            }
            Verb::Drain => {
                return Err(error(
                    ErrorKind::UnexpectedArgument,
                    argument.range(),
                    format!("`drain` takes no argument; found `{}`", argument.spelling()),
                ));
            }
            Verb::Checkpoint => {
                let name = self.file_name(argument, Verb::Checkpoint)?;
                facts.checkpoint = Some(Spanned::new(name.clone(), argument.range()));
                AutomationStep::checkpoint(name)
            }
            Verb::WaitFor => self.wait_for(argument, &mut facts)?,
            Verb::Paste => AutomationStep::paste(
                self.free_text(argument, "the text to paste")?.unwrap_or_default(),
            ),
            Verb::Send => AutomationStep::send(
                self.free_text(argument, "the text to send")?.unwrap_or_default(),
            ),
            Verb::Mouse => self.mouse(argument)?,
            Verb::Batch => self.batch(argument, &mut facts)?,
            Verb::ExpectTree => self.expect_tree(argument, &mut facts)?,
            Verb::Download => self.download(argument)?,
            Verb::Transform => self.transform(argument)?,
            Verb::Monitor => {
                let interval = self.duration(argument)?;
                if interval.is_zero() {
                    return Err(error(
                        ErrorKind::MalformedDuration,
                        argument.range(),
                        "a monitor samples every 1 ms at the most often; write `monitor:250`",
                    ));
                }
                AutomationStep::Monitor { interval }
            }
            Verb::Use => {
                return Err(error(
                    ErrorKind::InvalidInclude,
                    whole.range(),
                    "`use:` brings in the steps of a script file; a script or `scenario!` expands it, a single step cannot stand for it",
                ));
            }
        };
        Ok(ParsedStep { step, facts })
    }

    /// The verb, its range and the argument after `:` (if there is a `:`).
    fn verb<'a>(
        &self,
        whole: Piece<'a>,
    ) -> Result<(Verb, LocRange, Option<Piece<'a>>), GrammarError> {
        let Some(colon) = whole.find_char(':') else {
            // No `:`: either an argument-less step or a missing colon.
            let word_len = whole
                .lexemes
                .iter()
                .take_while(|l| {
                    l.value.as_char().is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
                })
                .count();
            let word: String =
                whole.lexemes[..word_len].iter().filter_map(|l| l.value.as_char()).collect();
            let rest = whole.skip(word_len).trim();
            if let Ok(verb) = Verb::parse(&word) {
                let verb_range = whole.sub_range(0, word_len);
                if rest.is_empty() {
                    return Ok((verb, verb_range, None));
                }
                let fixed = format!("{word}:{}", rest.spelling());
                return Err(error(
                    ErrorKind::MissingColon,
                    whole.range(),
                    format!("missing `:` after `{word}`; write `{fixed}`"),
                )
                .with_suggestions([fixed]));
            }
            let (given, range) = if word_len == 0 || rest.is_empty() {
                (whole.spelling(), whole.range())
            } else {
                (word.clone(), whole.sub_range(0, word_len))
            };
            return Err(self.unknown_verb(&given, range));
        };
        let (verb_piece, colon, argument) = whole.split_at(colon);
        let verb_piece = verb_piece.trim();
        if verb_piece.is_empty() {
            return Err(error(
                ErrorKind::UnknownVerb,
                LocRange::at(colon),
                format!(
                    "missing verb before `:`; a step is `verb:argument` (valid verbs: {})",
                    Verb::names().collect::<Vec<_>>().join(", ")
                ),
            ));
        }
        let Some(word) = verb_piece.bare() else {
            return Err(error(
                ErrorKind::MisplacedQuote,
                verb_piece.range(),
                "a verb is never quoted; write `click:`, `type:`, ...",
            ));
        };
        match Verb::parse(&word) {
            Ok(verb) => Ok((verb, verb_piece.range(), Some(argument))),
            Err(_) => Err(self.unknown_verb(&word, verb_piece.range())),
        }
    }

    /// `${secret.NAME}`, written bare (quoted, it is the literal text).
    fn secret(&self, piece: Piece<'_>) -> Result<Option<Secret>, GrammarError> {
        if !piece.starts_with("${") {
            return Ok(None);
        }
        let usage = "write `${secret.NAME}` with NAME an environment variable";
        let Some(text) = piece.bare().filter(|text| text.ends_with('}')) else {
            let spelling = piece.spelling();
            let message = match spelling.split_once('}') {
                // Text after the reference: a secret is typed on its own.
                Some((_, after)) if !after.is_empty() => format!(
                    "`{spelling}` has `{after}` after the secret's `}}`; a secret is typed alone: type `{after}` in a step of its own (quote the whole text to type it as written)"
                ),
                _ => format!("`{spelling}` is not closed by `}}`; {usage}"),
            };
            return Err(error(ErrorKind::InvalidSecret, piece.range(), message));
        };
        let Some(name) = text.strip_prefix("${secret.").and_then(|rest| rest.strip_suffix('}'))
        else {
            return Err(error(
                ErrorKind::InvalidSecret,
                piece.range(),
                format!("`{text}` is not a secret; {usage} (quote the text to type it as it is)"),
            ));
        };
        validate_env_name(name).map_err(|why| {
            error(ErrorKind::InvalidSecret, piece.range(), format!("{why} ({usage})"))
        })?;
        Ok(Some(Secret::env(name)))
    }

    fn unknown_verb(&self, given: &str, range: LocRange) -> GrammarError {
        let unknown = UnknownName::new("verb", given, Verb::names());
        unknown_name(ErrorKind::UnknownVerb, range, &unknown)
    }
}
