//! The one step parser both front-ends call.

use std::time::Duration;

use crate::action::SemanticAction;
use crate::checkpoint::{CheckpointNameError, MAX_CHECKPOINT_NAME_BYTES, validate_checkpoint_name};
use crate::id::{AutomationIdError, MAX_AUTOMATION_ID_BYTES, validate_automation_id};
use crate::key::{KeyParseError, KeyPress};
use crate::role::SemanticRole;
use crate::script::error::{ErrorKind, GrammarError};
use crate::script::source::{Lexeme, Loc, LocRange, Located, Spanned};
use crate::script::text::quote;
use crate::script::verb::Verb;
use crate::selector::Selector;
use crate::step::{AutomationStep, FocusOrder, MouseButton, ScrollDirection};
use crate::suggest::{closest, or_list};
use crate::vocabulary::{UnknownName, Vocabulary};
use crate::wait::{Boolean, Predicate, PredicateName, WaitCondition};

/// How long `wait` and `sleep` last when no duration is given.
pub const DEFAULT_WAIT: Duration = Duration::from_millis(250);

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

/// What a selector is used for in its step; it decides which action the
/// selector's role must support.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SelectorSlot {
    /// The target of `click:`, `rclick:` or `mclick:`.
    Click(MouseButton),
    /// The target of `hover:`.
    Hover,
    /// The target of `focus:`.
    Focus,
    /// The node `scroll:` scrolls at.
    Scroll,
    /// Where `drag:` starts.
    DragFrom,
    /// Where `drag:` ends.
    DragTo,
    /// The nodes a `wait-for:` condition is about.
    WaitFor,
}

impl SelectorSlot {
    /// The action a node in this slot must support, as the engine checks it
    /// when the step runs: clicks need `click`, `focus:` needs `focus`, a
    /// drag's source needs `drag`. Hover, scroll (the wheel reaches the
    /// scrollable ancestor), a drag's drop target and wait conditions need
    /// none.
    pub const fn required_action(self) -> Option<SemanticAction> {
        match self {
            Self::Click(_) => Some(SemanticAction::Click),
            Self::Focus => Some(SemanticAction::Focus),
            Self::DragFrom => Some(SemanticAction::Drag),
            Self::Hover | Self::Scroll | Self::DragTo | Self::WaitFor => None,
        }
    }
}

/// One selector of a step with where its pieces are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectorFact {
    /// What the selector is used for.
    pub slot: SelectorSlot,
    /// The selector.
    pub selector: Selector,
    /// The whole selector's lexemes.
    pub range: LocRange,
    /// For `#id`: the id and the range of its characters (after `#`).
    pub id: Option<Spanned<String>>,
    /// For `@role`: the role and the range of its name (after `@`).
    pub role: Option<Spanned<SemanticRole>>,
}

/// The located pieces of a parsed step that the semantic checks need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepFacts {
    /// The whole step.
    pub range: LocRange,
    /// The verb.
    pub verb: Verb,
    /// Where the verb is.
    pub verb_range: LocRange,
    /// Every selector of the step, in order.
    pub selectors: Vec<SelectorFact>,
    /// The key of a `key:` step.
    pub key: Option<Spanned<KeyPress>>,
    /// The name of a `checkpoint:` step.
    pub checkpoint: Option<Spanned<String>>,
}

/// A step and the facts the checks need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedStep {
    /// The typed step.
    pub step: AutomationStep,
    /// Where its pieces are.
    pub facts: StepFacts,
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

/// A run of lexemes being parsed.
#[derive(Debug, Clone, Copy)]
struct Piece<'a> {
    lexemes: &'a [Located<Lexeme>],
    /// Where an empty piece is reported: the lexeme beside the gap.
    anchor: Loc,
}

impl<'a> Piece<'a> {
    fn new(lexemes: &'a [Located<Lexeme>], anchor: Loc) -> Self {
        Self { lexemes, anchor }
    }

    fn is_empty(&self) -> bool {
        self.lexemes.is_empty()
    }

    fn trim(self) -> Self {
        let is_space =
            |lexeme: &Located<Lexeme>| lexeme.value.as_char().is_some_and(char::is_whitespace);
        let start = self.lexemes.iter().position(|l| !is_space(l)).unwrap_or(self.lexemes.len());
        let end = self.lexemes.iter().rposition(|l| !is_space(l)).map_or(start, |at| at + 1);
        let anchor = self.lexemes.get(start).map_or(self.anchor, |l| l.loc);
        Self { lexemes: &self.lexemes[start..end], anchor }
    }

    fn range(&self) -> LocRange {
        match (self.lexemes.first(), self.lexemes.last()) {
            (Some(first), Some(last)) => LocRange::new(first.loc, last.loc),
            _ => LocRange::at(self.anchor),
        }
    }

    /// The range of lexemes `start..end` (by index; clamped, never empty).
    fn sub_range(&self, start: usize, end: usize) -> LocRange {
        let len = self.lexemes.len();
        if len == 0 {
            return LocRange::at(self.anchor);
        }
        let start = start.min(len - 1);
        let end = end.clamp(start + 1, len);
        LocRange::new(self.lexemes[start].loc, self.lexemes[end - 1].loc)
    }

    /// The range of the characters at byte range `bytes` of `text`, the
    /// bare spelling of this piece.
    fn byte_range(&self, text: &str, start: usize, end: usize) -> LocRange {
        let first = text[..start].chars().count();
        let last = text[..end.max(start)].chars().count();
        self.sub_range(first, last)
    }

    fn find_char(&self, wanted: char) -> Option<usize> {
        self.lexemes.iter().position(|l| l.value.as_char() == Some(wanted))
    }

    fn rfind_char(&self, wanted: char) -> Option<usize> {
        self.lexemes.iter().rposition(|l| l.value.as_char() == Some(wanted))
    }

    /// Splits around the lexeme at `index`: (before, separator, after).
    fn split_at(self, index: usize) -> (Self, Loc, Self) {
        let separator = self.lexemes[index].loc;
        (
            Self::new(&self.lexemes[..index], separator),
            separator,
            Self::new(&self.lexemes[index + 1..], separator),
        )
    }

    fn skip(self, count: usize) -> Self {
        let count = count.min(self.lexemes.len());
        let anchor = self.lexemes.get(count.saturating_sub(1)).map_or(self.anchor, |l| l.loc);
        Self::new(&self.lexemes[count..], anchor)
    }

    /// The text if every lexeme is a character.
    fn bare(&self) -> Option<String> {
        self.lexemes.iter().map(|l| l.value.as_char()).collect()
    }

    fn starts_with(&self, prefix: &str) -> bool {
        let mut lexemes = self.lexemes.iter();
        prefix.chars().all(|wanted| lexemes.next().and_then(|l| l.value.as_char()) == Some(wanted))
    }

    fn first_quote(&self) -> Option<usize> {
        self.lexemes.iter().position(|l| matches!(l.value, Lexeme::Quoted(_)))
    }

    /// How the piece is written, re-quoting quoted strings.
    fn spelling(&self) -> String {
        self.lexemes
            .iter()
            .map(|lexeme| match &lexeme.value {
                Lexeme::Char(character) => character.to_string(),
                Lexeme::Quoted(text) => quote(text),
            })
            .collect()
    }
}

/// What a name-like piece turned out to be.
enum Written {
    Bare(String),
    Quoted(String),
}

impl Written {
    fn into_text(self) -> String {
        match self {
            Self::Bare(text) | Self::Quoted(text) => text,
        }
    }
}

fn error(kind: ErrorKind, range: LocRange, message: impl Into<String>) -> GrammarError {
    GrammarError::new(kind, range, message)
}

fn unknown_name(kind: ErrorKind, range: LocRange, unknown: &UnknownName) -> GrammarError {
    error(kind, range, unknown.to_string()).with_suggestions(unknown.suggestions().iter().copied())
}

const SELECTOR_FORMS: &str = "`#id`, `@role`, `@role=Name`, `text~substring` or `col,row`";

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
        let (verb, verb_range, argument) = self.verb(whole)?;
        let mut facts = StepFacts {
            range: whole.range(),
            verb,
            verb_range,
            selectors: Vec::new(),
            key: None,
            checkpoint: None,
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
            Verb::Type => {
                let text = self.free_text(argument, "the text to type")?.unwrap_or_default();
                AutomationStep::type_text(text)
            }
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
                let name = self.checkpoint(argument)?;
                facts.checkpoint = Some(Spanned::new(name.clone(), argument.range()));
                AutomationStep::checkpoint(name)
            }
            Verb::WaitFor => self.wait_for(argument, &mut facts)?,
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

    fn unknown_verb(&self, given: &str, range: LocRange) -> GrammarError {
        let unknown = UnknownName::new("verb", given, Verb::names());
        unknown_name(ErrorKind::UnknownVerb, range, &unknown)
    }

    /// A name that may be bare or quoted (a key, a checkpoint name); `None`
    /// when the piece is empty.
    fn name(&self, piece: Piece<'_>) -> Result<Option<Written>, GrammarError> {
        let piece = piece.trim();
        if piece.is_empty() {
            return Ok(None);
        }
        if let Some(text) = piece.bare() {
            return Ok(Some(Written::Bare(text)));
        }
        match (&piece.lexemes[0].value, piece.lexemes.len()) {
            (Lexeme::Quoted(text), 1) => Ok(Some(Written::Quoted(text.clone()))),
            (Lexeme::Quoted(_), _) => Err(error(
                ErrorKind::TrailingInput,
                piece.skip(1).range(),
                format!(
                    "unexpected `{}` after the quoted string; a quoted string must be the whole text",
                    piece.skip(1).spelling()
                ),
            )),
            _ => {
                let at = piece.first_quote().unwrap_or(0);
                let whole = piece.spelling();
                Err(error(
                    ErrorKind::MisplacedQuote,
                    piece.sub_range(at, at + 1),
                    format!(
                        "a quote in the middle of `{}`; quote the whole text: {}",
                        piece.spelling(),
                        quote(&whole)
                    ),
                )
                .with_suggestions([quote(&whole)]))
            }
        }
    }

    /// Free text, bare (scripts only) or quoted; `None` when empty.
    fn free_text(&self, piece: Piece<'_>, what: &str) -> Result<Option<String>, GrammarError> {
        match self.name(piece)? {
            None => Ok(None),
            Some(Written::Quoted(text)) => Ok(Some(text)),
            Some(Written::Bare(text)) if self.dialect == Dialect::Scenario => Err(error(
                ErrorKind::BareText,
                piece.trim().range(),
                format!("{what} must be a string literal in `scenario!`: write {}", quote(&text)),
            )
            .with_suggestions([quote(&text)])),
            Some(Written::Bare(text)) => Ok(Some(text)),
        }
    }

    /// A piece that must be written bare: a number, a role, a verb.
    fn strict(&self, piece: Piece<'_>, what: &str) -> Result<String, GrammarError> {
        piece.bare().ok_or_else(|| {
            let at = piece.first_quote().unwrap_or(0);
            error(
                ErrorKind::MisplacedQuote,
                piece.sub_range(at, at + 1),
                format!("{what} is never quoted; found `{}`", piece.spelling()),
            )
        })
    }

    fn key(&self, piece: Piece<'_>) -> Result<KeyPress, GrammarError> {
        let piece = piece.trim();
        let Some(written) = self.name(piece)? else {
            return Err(error(ErrorKind::EmptyKey, piece.range(), "`key` needs a key name"));
        };
        let quoted = matches!(written, Written::Quoted(_));
        let spelling = written.into_text();
        spelling.parse::<KeyPress>().map_err(|failure| {
            // The byte range of the offending part of the spelling.
            let part = |start: usize, end: usize| {
                if quoted { piece.range() } else { piece.byte_range(&spelling, start, end) }
            };
            match &failure {
                KeyParseError::Empty => error(
                    ErrorKind::EmptyKey,
                    part(spelling.len().saturating_sub(1), spelling.len()),
                    format!(
                        "`{spelling}` has no key after its modifiers; write a key name such as `ctrl+n`"
                    ),
                ),
                KeyParseError::UnknownKey(unknown) => {
                    let start = spelling.len() - unknown.given().len();
                    unknown_name(ErrorKind::UnknownKey, part(start, spelling.len()), unknown)
                }
                KeyParseError::UnknownModifier(unknown) => {
                    let start = modifier_offset(&spelling, |m| m == unknown.given(), 0);
                    let range = part(start, start + unknown.given().len());
                    unknown_name(ErrorKind::UnknownModifier, range, unknown)
                }
                KeyParseError::RepeatedModifier(name) => {
                    let start = modifier_offset(&spelling, |m| m.eq_ignore_ascii_case(name), 1);
                    let range = part(start, start + name.len());
                    error(ErrorKind::RepeatedModifier, range, failure.to_string())
                }
            }
        })
    }

    fn checkpoint(&self, piece: Piece<'_>) -> Result<String, GrammarError> {
        let piece = piece.trim();
        let Some(written) = self.name(piece)? else {
            return Err(error(
                ErrorKind::MissingArgument,
                piece.range(),
                format!("`checkpoint` needs a name: {}", Verb::Checkpoint.usage()),
            ));
        };
        let quoted = matches!(written, Written::Quoted(_));
        let name = written.into_text();
        match validate_checkpoint_name(&name) {
            Ok(()) => Ok(name),
            Err(failure) => {
                let (range, message) = match failure {
                    CheckpointNameError::InvalidCharacter { position, character } => (
                        if quoted {
                            piece.range()
                        } else {
                            piece.byte_range(&name, position, position + character.len_utf8())
                        },
                        format!(
                            "checkpoint name `{name}` has {character:?}; only letters, digits and `._-` are allowed (the name becomes a file name)"
                        ),
                    ),
                    CheckpointNameError::LeadingDot => (
                        if quoted { piece.range() } else { piece.sub_range(0, 1) },
                        format!(
                            "checkpoint name `{name}` starts with `.`; start it with a letter or digit"
                        ),
                    ),
                    CheckpointNameError::TooLong { len } => (
                        piece.range(),
                        format!(
                            "checkpoint name is {len} bytes long; the limit is {MAX_CHECKPOINT_NAME_BYTES}"
                        ),
                    ),
                    CheckpointNameError::Empty => {
                        (piece.range(), "checkpoint name is empty".to_owned())
                    }
                };
                Err(error(ErrorKind::InvalidCheckpointName, range, message))
            }
        }
    }

    fn duration(&self, piece: Piece<'_>) -> Result<Duration, GrammarError> {
        let piece = piece.trim();
        let text = self.strict(piece, "a duration")?;
        let malformed =
            |message: String| error(ErrorKind::MalformedDuration, piece.range(), message);
        if text.is_empty() {
            return Err(malformed(
                "missing duration; write milliseconds such as `500` or `500ms`".to_owned(),
            ));
        }
        let digits = text.strip_suffix("ms").unwrap_or(&text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return digits.parse::<u64>().map(Duration::from_millis).map_err(|_| {
                malformed(format!("duration `{text}` is too long; the limit is {} ms", u64::MAX))
            });
        }
        if text.starts_with('-') {
            return Err(malformed(format!(
                "duration `{text}` is negative; write a whole number of milliseconds such as `250`"
            )));
        }
        if let Some(seconds) = text.strip_suffix('s')
            && !seconds.is_empty()
            && seconds.bytes().all(|b| b.is_ascii_digit())
            && let Some(millis) = seconds.parse::<u64>().ok().and_then(|s| s.checked_mul(1000))
        {
            return Err(malformed(format!(
                "durations are milliseconds: `{text}` is `{millis}` (or `{millis}ms`); `s` is not a unit here"
            ))
            .with_suggestions([millis.to_string()]));
        }
        Err(malformed(format!(
            "`{text}` is not a duration; write a whole number of milliseconds such as `250` or `250ms`"
        )))
    }

    /// A number in `1..=65535` (sizes) or `0..=65535` (points).
    fn dimension(
        &self,
        piece: Piece<'_>,
        text: &str,
        (start, end): (usize, usize),
        what: &str,
        kind: ErrorKind,
        min: u16,
    ) -> Result<u16, GrammarError> {
        let part = &text[start..end];
        let range = piece.byte_range(text, start, end);
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            let found = if part.is_empty() { "nothing".to_owned() } else { format!("`{part}`") };
            return Err(error(
                kind,
                range,
                format!("{what} must be a whole number; found {found}"),
            ));
        }
        match part.parse::<u64>() {
            Ok(value) if value > u64::from(u16::MAX) => Err(error(
                kind,
                range,
                format!("{what} `{part}` is larger than the largest, {}", u16::MAX),
            )),
            Ok(value) if value < u64::from(min) => {
                Err(error(kind, range, format!("{what} must be at least {min}; found `{part}`")))
            }
            Ok(value) => Ok(u16::try_from(value).unwrap_or(u16::MAX)),
            Err(_) => Err(error(
                kind,
                range,
                format!("{what} `{part}` is larger than the largest, {}", u16::MAX),
            )),
        }
    }

    fn size(&self, piece: Piece<'_>) -> Result<(u16, u16), GrammarError> {
        let text = self.strict(piece, "a size")?;
        let Some(x) = text.find('x') else {
            let hint = ['X', '*', ',']
                .into_iter()
                .find_map(|sep| text.split_once(sep))
                .filter(|(a, b)| {
                    !a.is_empty()
                        && !b.is_empty()
                        && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
                })
                .map(|(a, b)| format!("{a}x{b}"));
            let mut failure = error(
                ErrorKind::MalformedSize,
                piece.range(),
                format!(
                    "`{text}` is not a size; write COLSxROWS such as `120x40`{}",
                    hint.as_ref().map(|h| format!("; did you mean `{h}`?")).unwrap_or_default()
                ),
            );
            if let Some(hint) = hint {
                failure = failure.with_suggestions([hint]);
            }
            return Err(failure);
        };
        let kind = ErrorKind::MalformedSize;
        let cols = self.dimension(piece, &text, (0, x), "the column count", kind, 1)?;
        let rows = self.dimension(piece, &text, (x + 1, text.len()), "the row count", kind, 1)?;
        Ok((cols, rows))
    }

    fn point(&self, piece: Piece<'_>) -> Result<Selector, GrammarError> {
        let text = self.strict(piece, "a point")?;
        let Some(comma) = text.find(',') else {
            return Err(error(
                ErrorKind::MalformedPoint,
                piece.range(),
                format!("`{text}` is not a point; write `col,row` such as `3,4`"),
            ));
        };
        let kind = ErrorKind::MalformedPoint;
        let col = self.dimension(piece, &text, (0, comma), "the column", kind, 0)?;
        let row = self.dimension(piece, &text, (comma + 1, text.len()), "the row", kind, 0)?;
        Ok(Selector::point(col, row))
    }

    fn selector(
        &self,
        piece: Piece<'_>,
        slot: SelectorSlot,
        facts: &mut StepFacts,
    ) -> Result<Selector, GrammarError> {
        let piece = piece.trim();
        let mut fact = SelectorFact {
            slot,
            selector: Selector::point(0, 0),
            range: piece.range(),
            id: None,
            role: None,
        };
        if piece.is_empty() {
            return Err(error(
                ErrorKind::MissingSelector,
                piece.range(),
                format!("missing selector; write {SELECTOR_FORMS}"),
            ));
        }
        let selector = match &piece.lexemes[0].value {
            Lexeme::Quoted(text) => {
                let as_text = format!("text~{}", quote(text));
                return Err(error(
                    ErrorKind::InvalidSelector,
                    piece.sub_range(0, 1),
                    format!(
                        "a quoted string is not a selector; write `{as_text}` to find text, or `@ROLE={}` for an accessible name",
                        quote(text)
                    ),
                )
                .with_suggestions([as_text]));
            }
            Lexeme::Char('#') => {
                let id_piece = piece.skip(1);
                let id = self.strict(id_piece, "an automation id")?;
                if let Err(failure) = validate_automation_id(&id) {
                    return Err(match failure {
                        AutomationIdError::Empty => error(
                            ErrorKind::InvalidId,
                            piece.range(),
                            "missing automation id after `#`; write at least one of [A-Za-z0-9-_./:]",
                        ),
                        AutomationIdError::InvalidCharacter { position, character } => error(
                            ErrorKind::InvalidId,
                            id_piece.byte_range(&id, position, position + character.len_utf8()),
                            format!(
                                "automation id `{id}` has {character:?}; only letters, digits and `-_./:` are allowed"
                            ),
                        ),
                        AutomationIdError::TooLong { len } => error(
                            ErrorKind::InvalidId,
                            id_piece.range(),
                            format!(
                                "automation id is {len} bytes long; the limit is {MAX_AUTOMATION_ID_BYTES}"
                            ),
                        ),
                    });
                }
                fact.id = Some(Spanned::new(id.clone(), id_piece.range()));
                Selector::Id(id)
            }
            Lexeme::Char('@') => {
                let rest = piece.skip(1);
                let (role_piece, name_piece) = match rest.find_char('=') {
                    Some(at) => {
                        let (role, _, name) = rest.split_at(at);
                        (role, Some(name))
                    }
                    None => (rest, None),
                };
                let role_name = self.strict(role_piece, "a role")?;
                let role = SemanticRole::parse(&role_name).map_err(|unknown| {
                    if role_name.is_empty() {
                        error(
                            ErrorKind::UnknownRole,
                            piece.sub_range(0, 1),
                            format!(
                                "missing role after `@` (valid roles: {})",
                                unknown.valid().join(", ")
                            ),
                        )
                    } else {
                        unknown_name(ErrorKind::UnknownRole, role_piece.range(), &unknown)
                    }
                })?;
                fact.role = Some(Spanned::new(role, role_piece.range()));
                match name_piece {
                    None => Selector::role(role).into(),
                    Some(name_piece) => match self.free_text(name_piece, "an accessible name")? {
                        Some(name) => Selector::role(role).name(name).into(),
                        None => {
                            return Err(error(
                                ErrorKind::EmptyName,
                                name_piece.range(),
                                format!(
                                    "empty accessible name after `@{role}=`; write `@{role}` to match any name, or `@{role}=\"\"` for an empty one"
                                ),
                            ));
                        }
                    },
                }
            }
            Lexeme::Char(first) if first.is_ascii_digit() => self.point(piece)?,
            Lexeme::Char(_) if piece.starts_with("text~") => {
                match self.free_text(piece.skip(5), "the text to find")? {
                    Some(text) => Selector::text_contains(text),
                    None => {
                        return Err(error(
                            ErrorKind::EmptyText,
                            piece.range(),
                            "empty text after `text~`; write the text to find, such as `text~Saved`",
                        ));
                    }
                }
            }
            Lexeme::Char(_) => {
                let given = piece.spelling();
                let mut suggestions = Vec::new();
                if SemanticRole::parse(&given).is_ok() {
                    suggestions.push(format!("@{given}"));
                } else if let Some(rest) =
                    given.strip_prefix("text").filter(|rest| rest.starts_with(['=', ':']))
                {
                    suggestions.push(format!("text~{}", &rest[1..]));
                } else if validate_automation_id(&given).is_ok() {
                    suggestions.push(format!("#{given}"));
                }
                let hint = if suggestions.is_empty() {
                    String::new()
                } else {
                    let names: Vec<&str> = suggestions.iter().map(String::as_str).collect();
                    format!("; did you mean {}?", or_list(&names))
                };
                return Err(error(
                    ErrorKind::InvalidSelector,
                    piece.range(),
                    format!("`{given}` is not a selector{hint} (write {SELECTOR_FORMS})"),
                )
                .with_suggestions(suggestions));
            }
        };
        fact.selector = selector.clone();
        facts.selectors.push(fact);
        Ok(selector)
    }

    fn focus(
        &self,
        piece: Piece<'_>,
        facts: &mut StepFacts,
    ) -> Result<AutomationStep, GrammarError> {
        if let Some(order) = piece.bare().and_then(|word| FocusOrder::parse(&word).ok()) {
            return Ok(AutomationStep::Focus { target: order.into() });
        }
        let looks_like_selector = match &piece.lexemes[0].value {
            Lexeme::Quoted(_) => true,
            Lexeme::Char(c) => matches!(c, '#' | '@') || c.is_ascii_digit(),
        } || piece.starts_with("text~");
        if !looks_like_selector {
            let given = piece.spelling();
            let mut suggestions: Vec<String> =
                closest(&given, FocusOrder::names()).into_iter().map(str::to_owned).collect();
            if suggestions.is_empty() && SemanticRole::parse(&given).is_ok() {
                suggestions.push(format!("@{given}"));
            } else if suggestions.is_empty() && validate_automation_id(&given).is_ok() {
                suggestions.push(format!("#{given}"));
            }
            let names: Vec<&str> = suggestions.iter().map(String::as_str).collect();
            let hint = if names.is_empty() {
                String::new()
            } else {
                format!("; did you mean {}?", or_list(&names))
            };
            return Err(error(
                ErrorKind::InvalidSelector,
                piece.range(),
                format!(
                    "`{given}` is not a focus target{hint} (write `next`, `prev` or a selector: {SELECTOR_FORMS})"
                ),
            )
            .with_suggestions(suggestions));
        }
        Ok(AutomationStep::focus(self.selector(piece, SelectorSlot::Focus, facts)?))
    }

    fn scroll(
        &self,
        piece: Piece<'_>,
        facts: &mut StepFacts,
    ) -> Result<AutomationStep, GrammarError> {
        let (target, direction_piece) = match piece.rfind_char(',') {
            Some(at) => {
                let (target, _, direction) = piece.split_at(at);
                (Some(target), direction.trim())
            }
            None => (None, piece),
        };
        let direction = match direction_piece.bare().map(|word| ScrollDirection::parse(&word)) {
            Some(Ok(direction)) => direction,
            _ => {
                let given = direction_piece.spelling();
                if target.is_none()
                    && (given.starts_with(['#', '@', '"']) || given.starts_with("text~"))
                {
                    return Err(error(
                        ErrorKind::InvalidScrollDirection,
                        direction_piece.range(),
                        format!(
                            "`scroll` needs a direction after the selector: `scroll:{given},down` or `scroll:{given},up`"
                        ),
                    )
                    .with_suggestions([format!("{given},down"), format!("{given},up")]));
                }
                let suggestions = closest(&given, ScrollDirection::names());
                let hint = if suggestions.is_empty() {
                    String::new()
                } else {
                    format!("did you mean {}? ", or_list(&suggestions))
                };
                return Err(error(
                    ErrorKind::InvalidScrollDirection,
                    direction_piece.range(),
                    format!("`{given}` is not a scroll direction; {hint}(write `up` or `down`)"),
                )
                .with_suggestions(suggestions));
            }
        };
        Ok(match target {
            None => AutomationStep::scroll(direction),
            Some(target) => AutomationStep::scroll_at(
                self.selector(target, SelectorSlot::Scroll, facts)?,
                direction,
            ),
        })
    }

    fn drag(
        &self,
        piece: Piece<'_>,
        facts: &mut StepFacts,
    ) -> Result<AutomationStep, GrammarError> {
        let Some(at) = piece.find_char('>') else {
            return Err(error(
                ErrorKind::MissingDragTarget,
                piece.range(),
                format!(
                    "`drag` needs `>` between where it starts and where it ends: drag:{}>TO",
                    piece.spelling()
                ),
            ));
        };
        let (from, separator, to) = piece.split_at(at);
        if to.trim().is_empty() {
            return Err(error(
                ErrorKind::MissingDragTarget,
                LocRange::at(separator),
                format!("missing drop target after `>`; write {SELECTOR_FORMS}"),
            ));
        }
        let from = self.selector(from, SelectorSlot::DragFrom, facts)?;
        let to = self.selector(to, SelectorSlot::DragTo, facts)?;
        Ok(AutomationStep::drag(from, to))
    }

    fn wait_for(
        &self,
        piece: Piece<'_>,
        facts: &mut StepFacts,
    ) -> Result<AutomationStep, GrammarError> {
        let usage = Verb::WaitFor.usage();
        let (Some(first), Some(last)) = (piece.find_char(','), piece.rfind_char(',')) else {
            return Err(error(
                ErrorKind::MalformedWaitFor,
                piece.range(),
                format!("`wait-for` needs a predicate, a selector and a timeout: {usage}"),
            ));
        };
        let (predicate_piece, _, rest) = piece.split_at(first);
        let predicate = self.predicate(predicate_piece)?;
        if first == last {
            // One comma: a selector or the timeout is missing.
            let single = rest.trim();
            if !single.is_empty() && self.duration(single).is_ok() {
                return Err(error(
                    ErrorKind::MalformedWaitFor,
                    single.range(),
                    format!("`wait-for` is missing the selector before the timeout: {usage}"),
                ));
            }
            return Err(error(
                ErrorKind::MissingTimeout,
                rest.range(),
                format!(
                    "`wait-for` needs a timeout after the selector, such as `wait-for:{},500`",
                    piece.spelling()
                ),
            ));
        }
        let (middle, comma, timeout) = piece.split_at(last);
        let selector_piece = Piece::new(&middle.lexemes[first + 1..], piece.lexemes[first].loc);
        let selector = self.selector(selector_piece, SelectorSlot::WaitFor, facts)?;
        let timeout = timeout.trim();
        if timeout.is_empty() {
            return Err(error(
                ErrorKind::MissingTimeout,
                LocRange::at(comma),
                format!("missing timeout after the last `,`; {usage}"),
            ));
        }
        let timeout = self.duration(timeout)?;
        Ok(AutomationStep::wait_for(WaitCondition::new(predicate, selector), timeout))
    }

    fn predicate(&self, piece: Piece<'_>) -> Result<Predicate, GrammarError> {
        let piece = piece.trim();
        let (name_piece, value_piece) = match piece.find_char('=') {
            Some(at) => {
                let (name, _, value) = piece.split_at(at);
                (name.trim(), Some(value))
            }
            None => (piece, None),
        };
        let name_text = self.strict(name_piece, "a predicate name")?;
        let name = PredicateName::parse(&name_text).map_err(|unknown| {
            if name_text.is_empty() {
                error(
                    ErrorKind::UnknownPredicate,
                    name_piece.range(),
                    format!("missing predicate (valid predicates: {})", unknown.valid().join(", ")),
                )
            } else {
                unknown_name(ErrorKind::UnknownPredicate, name_piece.range(), &unknown)
            }
        })?;
        let missing = |example: &str| {
            error(
                ErrorKind::MissingPredicateValue,
                piece.range(),
                format!("`{name}` needs a value: write `{name}={example}`"),
            )
        };
        let plain = |predicate: Predicate| match value_piece {
            None => Ok(predicate),
            Some(value) => Err(error(
                ErrorKind::UnexpectedPredicateValue,
                value.range(),
                format!("`{name}` takes no value; write `{name}`"),
            )
            .with_suggestions([name.as_str()])),
        };
        match name {
            PredicateName::Exists => plain(Predicate::Exists),
            PredicateName::Missing => plain(Predicate::Missing),
            PredicateName::InView => plain(Predicate::InView),
            PredicateName::Focused => plain(Predicate::Focused),
            PredicateName::Enabled => plain(Predicate::Enabled),
            PredicateName::Disabled => plain(Predicate::Disabled),
            PredicateName::Value | PredicateName::Text => {
                let Some(value_piece) = value_piece else { return Err(missing("ready")) };
                match self.free_text(value_piece, "a predicate value")? {
                    Some(text) if name == PredicateName::Value => Ok(Predicate::ValueEquals(text)),
                    Some(text) => Ok(Predicate::TextContains(text)),
                    None => Err(error(
                        ErrorKind::EmptyText,
                        value_piece.range(),
                        format!(
                            "empty value after `{name}=`; write `{name}=\"\"` to wait for an empty {}",
                            if name == PredicateName::Value { "value" } else { "text" }
                        ),
                    )),
                }
            }
            PredicateName::Count => {
                let Some(value_piece) = value_piece.map(Piece::trim) else {
                    return Err(missing("1"));
                };
                if value_piece.is_empty() {
                    return Err(missing("1"));
                }
                let text = self.strict(value_piece, "a count")?;
                if text.bytes().all(|b| b.is_ascii_digit()) {
                    if let Ok(count) = text.parse::<usize>() {
                        return Ok(Predicate::Count(count));
                    }
                    return Err(error(
                        ErrorKind::MalformedCount,
                        value_piece.range(),
                        format!("count `{text}` is too large"),
                    ));
                }
                Err(error(
                    ErrorKind::MalformedCount,
                    value_piece.range(),
                    format!(
                        "`{text}` is not a count; write a whole number of matches such as `count=3`"
                    ),
                ))
            }
            PredicateName::Selected => {
                let Some(value_piece) = value_piece.map(Piece::trim) else {
                    return Ok(Predicate::Selected(true));
                };
                match value_piece.bare().map(|word| Boolean::parse(&word)) {
                    Some(Ok(selected)) => Ok(Predicate::Selected(selected.into())),
                    _ => {
                        let given = value_piece.spelling();
                        let suggestions = closest(&given, Boolean::names());
                        Err(error(
                            ErrorKind::MalformedBool,
                            value_piece.range(),
                            format!(
                                "`{name}=` takes `true` or `false`; found `{given}` (write `selected` or `selected=false`)"
                            ),
                        )
                        .with_suggestions(suggestions))
                    }
                }
            }
        }
    }
}

/// The byte offset of the modifier in `spelling` that `matches`, skipping
/// the first `skip` matches (to point at the second of a repeated one).
fn modifier_offset(spelling: &str, matches: impl Fn(&str) -> bool, skip: usize) -> usize {
    let mut seen = 0;
    let mut offset = 0;
    for segment in spelling.split('+') {
        if matches(segment) {
            if seen == skip {
                return offset;
            }
            seen += 1;
        }
        offset += segment.len() + 1;
    }
    0
}
