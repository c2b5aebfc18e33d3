//! One line of an `expect-tree:` outline:
//! `- ROLE ["NAME" | /REGEX/] [STATE]... [= "VALUE" | = /REGEX/] [:]`.
//!
//! A name and a value are quoted (with the script's escapes) or a regular
//! expression `/PATTERN/` (`/PATTERN/i` ignores case) whose pattern ends at
//! the first `/` no backslash escapes (`\/` is a slash), or is quoted
//! between the slashes. A state is `[NAME]` or `[NAME=VALUE]`.

use crate::role::SemanticRole;
use crate::script::error::{ErrorKind, GrammarError};
use crate::script::source::{Lexeme, Loc, LocRange, Located};
use crate::state::Checked;
use crate::text_regex::{IGNORE_CASE_FLAG, TextRegex};
use crate::tree_pattern::{NodePattern, StatePattern, TextPattern};
use crate::vocabulary::{UnknownName, Vocabulary};

use super::{error, unknown_name};

/// The states a line may check.
const STATES: [&str; 8] =
    ["focused", "enabled", "disabled", "selected", "checked", "expanded", "readonly", "modal"];

/// What a line looks like, for messages.
const LINE_FORM: &str = "`- ROLE [\"NAME\" | /REGEX/] [STATE]... [= \"VALUE\" | = /REGEX/]`, such as `- list-item \"Buy milk\" [checked]`";

fn is_space(lexeme: &Located<Lexeme>) -> bool {
    lexeme.value.as_char().is_some_and(char::is_whitespace)
}

/// One line, trimmed and not a comment.
pub(super) fn line(lexemes: &[Located<Lexeme>]) -> Result<NodePattern, GrammarError> {
    let dash = lexemes.first().and_then(|lexeme| lexeme.value.as_char()) == Some('-');
    if !dash || !lexemes.get(1).is_some_and(is_space) {
        return Err(error(
            ErrorKind::MalformedTree,
            range_of(lexemes),
            format!("each line of an outline is {LINE_FORM}"),
        ));
    }
    let mut at = 1;
    while lexemes.get(at).is_some_and(is_space) {
        at += 1;
    }
    let start = at;
    while lexemes
        .get(at)
        .and_then(|lexeme| lexeme.value.as_char())
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        at += 1;
    }
    let word: String = lexemes[start..at].iter().filter_map(|l| l.value.as_char()).collect();
    let role_range = range_of(&lexemes[start..at.max(start + 1).min(lexemes.len())]);
    let role = SemanticRole::parse(&word).map_err(|unknown| {
        if word.is_empty() {
            error(
                ErrorKind::UnknownRole,
                role_range,
                format!("missing role after `- ` (valid roles: {})", unknown.valid().join(", ")),
            )
        } else {
            unknown_name(ErrorKind::UnknownRole, role_range, &unknown)
        }
    })?;
    let mut node = NodePattern::new(role);
    let mut states = StatePattern::default();
    let mut seen_state = false;
    loop {
        while lexemes.get(at).is_some_and(is_space) {
            at += 1;
        }
        let Some(lexeme) = lexemes.get(at) else { break };
        let here = LocRange::at(lexeme.loc);
        match &lexeme.value {
            Lexeme::Quoted(text) if node.name.is_none() && !seen_state => {
                node.name = Some(TextPattern::exact(text.clone()));
                at += 1;
            }
            Lexeme::Char('/') if node.name.is_none() && !seen_state => {
                let (regex, next) = regex(lexemes, at)?;
                node.name = Some(TextPattern::Regex(regex));
                at = next;
            }
            Lexeme::Char('[') => {
                let close = lexemes[at..]
                    .iter()
                    .position(|l| l.value.as_char() == Some(']'))
                    .map(|offset| at + offset)
                    .ok_or_else(|| {
                        error(
                            ErrorKind::MalformedTree,
                            here,
                            "this `[` has no closing `]`; a state is written `[checked]` or `[checked=mixed]`",
                        )
                    })?;
                state(&lexemes[at..=close], &mut states)?;
                seen_state = true;
                at = close + 1;
            }
            Lexeme::Char('=') if node.value.is_none() => {
                at += 1;
                while lexemes.get(at).is_some_and(is_space) {
                    at += 1;
                }
                match lexemes.get(at).map(|l| &l.value) {
                    Some(Lexeme::Quoted(text)) => {
                        node.value = Some(TextPattern::exact(text.clone()));
                        at += 1;
                    }
                    Some(Lexeme::Char('/')) => {
                        let (regex, next) = regex(lexemes, at)?;
                        node.value = Some(TextPattern::Regex(regex));
                        at = next;
                    }
                    _ => {
                        return Err(error(
                            ErrorKind::MalformedTree,
                            lexemes.get(at).map_or(here, |l| LocRange::at(l.loc)),
                            "a value after `=` is quoted (`= \"ready\"`) or a regular expression (`= /^ok/i`)",
                        ));
                    }
                }
                // The value comes last: only `:` may follow.
                while lexemes.get(at).is_some_and(is_space) {
                    at += 1;
                }
                if let Some(after) = lexemes.get(at)
                    && !(after.value.as_char() == Some(':') && at + 1 == lexemes.len())
                {
                    return Err(error(
                        ErrorKind::MalformedTree,
                        range_of(&lexemes[at..]),
                        format!("the value comes last on a line; each line is {LINE_FORM}"),
                    ));
                }
            }
            Lexeme::Char(':') if at + 1 == lexemes.len() => at += 1,
            _ => {
                let rest = &lexemes[at..];
                let end = rest.iter().position(is_space).unwrap_or(rest.len()).max(1);
                let word = spelling(&rest[..end]);
                let message = match &lexeme.value {
                    Lexeme::Quoted(_) | Lexeme::Char('/') => {
                        format!(
                            "`{word}` comes too late: the name comes right after the role, before the states; each line is {LINE_FORM}"
                        )
                    }
                    _ => format!(
                        "`{word}` is bare text; quote a name (`\"{word}\"`) or write a regular expression (`/{word}/`): each line is {LINE_FORM}"
                    ),
                };
                return Err(error(ErrorKind::MalformedTree, range_of(&rest[..end]), message));
            }
        }
    }
    node.states = states;
    Ok(node)
}

fn spelling(lexemes: &[Located<Lexeme>]) -> String {
    lexemes
        .iter()
        .map(|lexeme| match &lexeme.value {
            Lexeme::Char(character) => character.to_string(),
            Lexeme::Quoted(text) => crate::spelling::quote(text),
        })
        .collect()
}

/// `/PATTERN/` or `/PATTERN/i` starting at `lexemes[at]`; the regex and the
/// index after it.
fn regex(lexemes: &[Located<Lexeme>], at: usize) -> Result<(TextRegex, usize), GrammarError> {
    let mut close = None;
    let mut escaped = false;
    for (offset, lexeme) in lexemes[at + 1..].iter().enumerate() {
        match lexeme.value.as_char() {
            Some('/') if !escaped => {
                close = Some(at + 1 + offset);
                break;
            }
            Some('\\') => escaped = !escaped,
            _ => escaped = false,
        }
    }
    let Some(close) = close else {
        return Err(error(
            ErrorKind::InvalidPattern,
            range_of(&lexemes[at..]),
            format!(
                "`{}` has no closing `/`; in an outline a regular expression is `/PATTERN/` or `/PATTERN/i`, and a `/` inside it is written `\\/`",
                spelling(&lexemes[at..])
            ),
        ));
    };
    let body = &lexemes[at + 1..close];
    let pattern = match body {
        [Located { value: Lexeme::Quoted(text), .. }] => text.clone(),
        _ if body.iter().any(|l| matches!(l.value, Lexeme::Quoted(_))) => {
            return Err(error(
                ErrorKind::MisplacedQuote,
                range_of(body),
                "a quote in the middle of a regular expression; quote the whole pattern between the slashes: /\"…\"/",
            ));
        }
        _ => body.iter().filter_map(|l| l.value.as_char()).collect(),
    };
    if pattern.is_empty() {
        return Err(error(
            ErrorKind::EmptyText,
            range_of(&lexemes[at..=close]),
            "empty regular expression `//`: it would match everything; leave the name or value out to match any",
        ));
    }
    let mut regex = TextRegex::new(pattern.as_str()).map_err(|why| {
        error(
            ErrorKind::InvalidPattern,
            range_of(body),
            format!("`{pattern}` is not a regular expression: {}", why.trim()),
        )
    })?;
    let mut next = close + 1;
    let flag = lexemes.get(next).and_then(|l| l.value.as_char()) == Some(IGNORE_CASE_FLAG);
    let ends = |at: usize| {
        lexemes
            .get(at)
            .is_none_or(|l| is_space(l) || matches!(l.value.as_char(), Some('[' | '=' | ':')))
    };
    if flag && ends(next + 1) {
        regex = regex.ignoring_case();
        next += 1;
    } else if !ends(next) {
        let rest = &lexemes[next..];
        let end = rest.iter().position(is_space).unwrap_or(rest.len());
        return Err(error(
            ErrorKind::InvalidPattern,
            range_of(&rest[..end]),
            format!(
                "`{}` after the closing `/` is not a flag: the one flag is `i` (ignore case); in an outline the pattern ends at the first `/`, so write a `/` inside it as `\\/`",
                spelling(&rest[..end])
            ),
        ));
    }
    Ok((regex, next))
}

/// `[NAME]` or `[NAME=VALUE]`, brackets included, into `states`.
fn state(lexemes: &[Located<Lexeme>], states: &mut StatePattern) -> Result<(), GrammarError> {
    let inner = &lexemes[1..lexemes.len() - 1];
    let range = range_of(lexemes);
    let text: Option<String> = inner.iter().map(|l| l.value.as_char()).collect();
    let Some(text) = text else {
        return Err(error(
            ErrorKind::MisplacedQuote,
            range,
            "a state is never quoted; write `[checked]` or `[checked=mixed]`",
        ));
    };
    let (name, value) = match text.split_once('=') {
        Some((name, value)) => (name.trim(), Some(value.trim())),
        None => (text.trim(), None),
    };
    let Some(&name) = STATES.iter().find(|&&known| known == name) else {
        let unknown = UnknownName::new("state", name, STATES);
        let mut failure = unknown_name(ErrorKind::MalformedTree, range, &unknown);
        failure.message.push_str(" (an outline checks these states)");
        return Err(failure);
    };
    let malformed = |words: &str| {
        error(
            ErrorKind::MalformedBool,
            range,
            format!(
                "`{name}=` takes {words}; found `{}` (write `[{name}]` or `[{name}=false]`)",
                value.unwrap_or_default()
            ),
        )
    };
    let boolean = || match value {
        None | Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(_) => Err(malformed("`true` or `false`")),
    };
    let repeated = || {
        error(
            ErrorKind::MalformedTree,
            range,
            format!("the state `{name}` is given twice on this line"),
        )
    };
    let slot = |slot: &mut Option<bool>, value: bool| {
        if slot.is_some() {
            return Err(repeated());
        }
        *slot = Some(value);
        Ok(())
    };
    match name {
        "checked" => {
            let checked = match value {
                None | Some("true") => Checked::True,
                Some("false") => Checked::False,
                Some("mixed") => Checked::Mixed,
                Some(_) => return Err(malformed("`true`, `false` or `mixed`")),
            };
            if states.checked.replace(checked).is_some() {
                return Err(repeated());
            }
            Ok(())
        }
        "focused" => slot(&mut states.focused, boolean()?),
        "enabled" => slot(&mut states.disabled, !boolean()?),
        "disabled" => slot(&mut states.disabled, boolean()?),
        "selected" => slot(&mut states.selected, boolean()?),
        "expanded" => slot(&mut states.expanded, boolean()?),
        "readonly" => slot(&mut states.readonly, boolean()?),
        _ => slot(&mut states.modal, boolean()?),
    }
}

/// The range from the first lexeme to the last.
pub(super) fn range_of(lexemes: &[Located<Lexeme>]) -> LocRange {
    match (lexemes.first(), lexemes.last()) {
        (Some(first), Some(last)) => LocRange::new(first.loc, last.loc),
        _ => LocRange::at(Loc(0)),
    }
}
