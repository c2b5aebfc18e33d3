//! The composite arguments: `checkpoint:NAME`, `focus:next|prev|SELECTOR`,
//! `scroll:[SELECTOR,]DIRECTION`, `drag:FROM>TO` and
//! `wait-for:PREDICATE,SELECTOR,TIMEOUT`.

use crate::checkpoint::{CheckpointNameError, MAX_CHECKPOINT_NAME_BYTES, validate_checkpoint_name};
use crate::id::validate_automation_id;
use crate::role::SemanticRole;
use crate::script::error::{ErrorKind, GrammarError};
use crate::script::facts::{SelectorSlot, StepFacts};
use crate::script::source::{Lexeme, LocRange};
use crate::step::{AutomationStep, FocusOrder, ScrollDirection};
use crate::suggest::{closest, or_list};
use crate::terminal::{TerminalPredicateName, TerminalSubject};
use crate::verb::Verb;
use crate::vocabulary::Vocabulary;
use crate::wait::WaitCondition;

use std::time::Duration;

use super::piece::Piece;
use super::selector::SELECTOR_FORMS;
use super::written::Written;
use super::{Parser, error};

impl Parser {
    /// The name of a checkpoint, or of the artifact a `download:` or
    /// `transform:` makes (`verb` says which): it becomes a file name.
    pub(super) fn file_name(&self, piece: Piece<'_>, verb: Verb) -> Result<String, GrammarError> {
        let piece = piece.trim();
        let what = if verb == Verb::Checkpoint { "checkpoint name" } else { "artifact name" };
        let Some(written) = self.name(piece)? else {
            return Err(error(
                ErrorKind::MissingArgument,
                piece.range(),
                format!("`{}` needs a name: {}", verb.as_str(), verb.usage()),
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
                            "{what} `{name}` has {character:?}; only letters, digits and `._-` are allowed (the name becomes a file name)"
                        ),
                    ),
                    CheckpointNameError::LeadingDot => (
                        if quoted { piece.range() } else { piece.sub_range(0, 1) },
                        format!("{what} `{name}` starts with `.`; start it with a letter or digit"),
                    ),
                    CheckpointNameError::TooLong { len } => (
                        piece.range(),
                        format!(
                            "{what} is {len} bytes long; the limit is {MAX_CHECKPOINT_NAME_BYTES}"
                        ),
                    ),
                    CheckpointNameError::Empty => (piece.range(), format!("{what} is empty")),
                    CheckpointNameError::Reserved { len } => (
                        if quoted { piece.range() } else { piece.sub_range(0, len) },
                        format!(
                            "{what} `{name}` is a device name Windows reserves (CON, PRN, AUX, NUL, COM0 to COM9, LPT0 to LPT9, in any case, also before a `.`); no file can be named after it there, so choose another name"
                        ),
                    ),
                };
                Err(error(ErrorKind::InvalidCheckpointName, range, message))
            }
        }
    }

    pub(super) fn focus(
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

    pub(super) fn scroll(
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

    pub(super) fn drag(
        &self,
        piece: Piece<'_>,
        facts: &mut StepFacts,
    ) -> Result<AutomationStep, GrammarError> {
        // The first `>` that is not half of a chain's `>>`.
        let chained = super::selector::chain_separators(piece);
        let single = (0..piece.lexemes.len()).find(|&at| {
            piece.lexemes[at].value.as_char() == Some('>')
                && !chained.iter().any(|&pair| at == pair || at == pair + 1)
        });
        let Some(at) = single else {
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

    pub(super) fn wait_for(
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
        if let Some(name) = terminal_predicate(predicate_piece) {
            if first == last {
                return Err(error(
                    ErrorKind::MissingTimeout,
                    rest.range(),
                    format!(
                        "`wait-for` needs a timeout after the subject, such as `wait-for:{},5000`",
                        piece.spelling()
                    ),
                ));
            }
            let subject = Piece::new(&piece.lexemes[first + 1..last], piece.lexemes[first].loc);
            let condition = self.terminal_condition(name, predicate_piece.trim(), subject)?;
            let timeout = self.wait_timeout(piece, last)?;
            return Ok(AutomationStep::wait_for_terminal(condition, timeout));
        }
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
        let selector_piece = Piece::new(&piece.lexemes[first + 1..last], piece.lexemes[first].loc);
        if let Some(subject) =
            selector_piece.trim().bare().and_then(|word| TerminalSubject::parse(&word).ok())
        {
            return Err(error(
                ErrorKind::WrongSubject,
                selector_piece.trim().range(),
                format!(
                    "`{}` is about nodes, not the {subject}; on a terminal write a terminal predicate such as `contains=TEXT,{subject}`",
                    predicate.name()
                ),
            ));
        }
        let selector = self.selector(selector_piece, SelectorSlot::WaitFor, facts)?;
        let timeout = self.wait_timeout(piece, last)?;
        Ok(AutomationStep::wait_for(WaitCondition::new(predicate, selector), timeout))
    }

    /// The timeout after the last `,` of `wait-for`.
    fn wait_timeout(&self, piece: Piece<'_>, last: usize) -> Result<Duration, GrammarError> {
        let (_, comma, timeout) = piece.split_at(last);
        let timeout = timeout.trim();
        if timeout.is_empty() {
            return Err(error(
                ErrorKind::MissingTimeout,
                LocRange::at(comma),
                format!("missing timeout after the last `,`; {}", Verb::WaitFor.usage()),
            ));
        }
        self.duration(timeout)
    }
}

/// The terminal predicate a `wait-for` predicate field names, if it names
/// one (`contains=Ready` names `contains`).
pub(super) fn terminal_predicate(piece: Piece<'_>) -> Option<TerminalPredicateName> {
    let piece = piece.trim();
    let name = match piece.find_char('=') {
        Some(at) => piece.split_at(at).0.trim(),
        None => piece,
    };
    TerminalPredicateName::parse(&name.bare()?).ok()
}
