//! `expect-tree:SELECTOR,MS (OUTLINE)`: the selector, the timeout and the
//! outline in parentheses — written as it is (in a script, on one line or
//! as a block of lines), or as one quoted string (always in `scenario!`).
//!
//! The outline's lines are read by [`outline_line`](super::outline_line);
//! here they are split, indented into a tree and bounded by the limits.

use crate::script::error::{ErrorKind, GrammarError};
use crate::script::facts::{SelectorSlot, StepFacts};
use crate::script::source::{Lexeme, Loc, LocRange, Located};
use crate::script::text_lexer::lex_step;
use crate::step::AutomationStep;
use crate::tree_pattern::{
    MAX_TREE_PATTERN_BYTES, MAX_TREE_PATTERN_DEPTH, MAX_TREE_PATTERN_LINES, NodePattern,
    TreePattern,
};
use crate::verb::Verb;

use super::outline_line::{line, range_of};
use super::piece::Piece;
use super::{Dialect, Parser, error};

impl Parser {
    pub(super) fn expect_tree(
        &self,
        piece: Piece<'_>,
        facts: &mut StepFacts,
    ) -> Result<AutomationStep, GrammarError> {
        let usage = Verb::ExpectTree.usage();
        let lexemes = piece.lexemes;
        let Some(open) = opening_paren(lexemes) else {
            if let Some(unclosed) = piece.find_char('(') {
                return Err(error(
                    ErrorKind::MalformedTree,
                    piece.sub_range(unclosed, unclosed + 1),
                    "the outline's `(` has no closing `)`; an outline of several lines ends with `)` alone on a line (parentheses in it must balance: quote a name or a pattern that holds one)",
                ));
            }
            return Err(error(
                ErrorKind::MalformedTree,
                piece.range(),
                format!("`expect-tree` puts its outline in parentheses after the timeout: {usage}"),
            ));
        };
        let head = Piece::new(&lexemes[..open], lexemes[open].loc).trim();
        let Some(comma) = head.rfind_char(',') else {
            return Err(error(
                ErrorKind::MissingTimeout,
                head.range(),
                format!(
                    "`expect-tree` needs a selector and a timeout before its outline, such as `expect-tree:{},500 (…)`",
                    head.spelling()
                ),
            ));
        };
        let (selector, comma_loc, timeout) = head.split_at(comma);
        let timeout = timeout.trim();
        if timeout.is_empty() {
            return Err(error(
                ErrorKind::MissingTimeout,
                LocRange::at(comma_loc),
                format!("missing timeout after the last `,`; {usage}"),
            ));
        }
        let target = self.selector(selector, SelectorSlot::WaitFor, facts)?;
        let timeout = self.duration(timeout)?;
        // Untrimmed: the first line's indentation counts.
        let written = &lexemes[open + 1..lexemes.len() - 1];
        let inner = Piece::new(written, lexemes[open].loc).trim();
        let pattern = match inner.lexemes {
            [] => {
                return Err(error(
                    ErrorKind::MalformedTree,
                    piece.sub_range(open, lexemes.len()),
                    "empty outline; write at least one line such as `- list-item \"Buy milk\"`",
                ));
            }
            [Located { value: Lexeme::Quoted(text), loc }] => quoted_outline(text, *loc)?,
            _ if self.dialect == Dialect::Scenario => {
                return Err(error(
                    ErrorKind::BareText,
                    inner.range(),
                    "the outline must be one string literal in `scenario!`: write it quoted, lines separated by `\\n`, or as a raw string of lines, such as `(r#\"- list-item \"Buy milk\"\"#)`",
                ));
            }
            _ => outline(written)?,
        };
        Ok(AutomationStep::expect_tree(target, pattern, timeout))
    }
}

/// The index of the `(` that the last lexeme, a `)`, closes (parentheses
/// outside quotes balance in between).
fn opening_paren(lexemes: &[Located<Lexeme>]) -> Option<usize> {
    if lexemes.last()?.value.as_char() != Some(')') {
        return None;
    }
    let mut depth = 0usize;
    for (at, lexeme) in lexemes.iter().enumerate().rev() {
        match lexeme.value.as_char() {
            Some(')') => depth += 1,
            Some('(') => {
                depth -= 1;
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

/// An outline written as one quoted string: its text is lexed as a
/// script's would be, and an error in it is reported on the string, saying
/// where in the outline it is.
fn quoted_outline(text: &str, at: Loc) -> Result<TreePattern, GrammarError> {
    let relocate = |mut failure: GrammarError| {
        let offset = failure.range.start.0 as usize;
        let offset = offset.min(text.len());
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |tail| tail.chars().count()) + 1;
        failure.message =
            format!("line {line}, column {column} of the outline: {}", failure.message);
        failure.range = LocRange::at(at);
        failure.related = None;
        failure
    };
    let lexemes = lex_step(text).map_err(relocate)?;
    outline(&lexemes).map_err(relocate)
}

/// One open line while the outline is read: its indentation, the
/// indentation of its children (once one is read) and the node.
struct Open {
    indent: usize,
    children_indent: Option<usize>,
    node: NodePattern,
}

/// The outline written in `lexemes` (lines split at newlines).
pub(super) fn outline(lexemes: &[Located<Lexeme>]) -> Result<TreePattern, GrammarError> {
    let whole = range_of(lexemes);
    let bytes: usize = lexemes
        .iter()
        .map(|lexeme| match &lexeme.value {
            Lexeme::Char(character) => character.len_utf8(),
            Lexeme::Quoted(text) => text.len() + 2,
        })
        .sum();
    if bytes > MAX_TREE_PATTERN_BYTES {
        return Err(error(
            ErrorKind::MalformedTree,
            whole,
            format!(
                "the outline is {bytes} bytes long; the limit is {MAX_TREE_PATTERN_BYTES} (check a smaller subtree, or split it over several `expect-tree:` steps)"
            ),
        ));
    }
    let mut roots: Vec<NodePattern> = Vec::new();
    let mut root_indent: Option<usize> = None;
    let mut open: Vec<Open> = Vec::new();
    let mut count = 0usize;
    for written in lexemes.split(|lexeme| lexeme.value.as_char() == Some('\n')) {
        let is_space = |l: &Located<Lexeme>| l.value.as_char().is_some_and(char::is_whitespace);
        let indent_len = written.iter().take_while(|l| is_space(l)).count();
        let content = &written[indent_len..];
        let content_len = content.iter().rposition(|l| !is_space(l)).map_or(0, |at| at + 1);
        let content = &content[..content_len];
        if content.is_empty() || content[0].value.as_char() == Some('#') {
            continue;
        }
        if let Some(tab) = written[..indent_len].iter().find(|l| l.value.as_char() != Some(' ')) {
            return Err(error(
                ErrorKind::MalformedTree,
                LocRange::at(tab.loc),
                "the indentation holds a tab or another blank; indent an outline's lines with spaces",
            ));
        }
        count += 1;
        if count > MAX_TREE_PATTERN_LINES {
            return Err(error(
                ErrorKind::MalformedTree,
                range_of(content),
                format!(
                    "the outline has more than {MAX_TREE_PATTERN_LINES} lines, the limit; check a smaller subtree"
                ),
            ));
        }
        let node = line(content)?;
        let indent = indent_len;
        let root = *root_indent.get_or_insert(indent);
        if indent < root {
            return Err(error(
                ErrorKind::MalformedTree,
                range_of(content),
                format!(
                    "this line is indented {indent} spaces, less than the outline's first line ({root}); every line is indented at least as far"
                ),
            ));
        }
        while open.last().is_some_and(|top| top.indent >= indent) {
            close(&mut open, &mut roots);
        }
        let siblings = match open.last_mut() {
            Some(parent) => *parent.children_indent.get_or_insert(indent),
            None => root,
        };
        if siblings != indent {
            return Err(error(
                ErrorKind::MalformedTree,
                range_of(content),
                format!(
                    "this line is indented {indent} spaces, which matches no line above it: its siblings are indented {siblings}; indent it as far as them, or further than its parent's line"
                ),
            ));
        }
        if open.len() + 1 > MAX_TREE_PATTERN_DEPTH {
            return Err(error(
                ErrorKind::MalformedTree,
                range_of(content),
                format!(
                    "this line nests {} levels deep; an outline nests at most {MAX_TREE_PATTERN_DEPTH}",
                    open.len() + 1
                ),
            ));
        }
        open.push(Open { indent, children_indent: None, node });
    }
    while !open.is_empty() {
        close(&mut open, &mut roots);
    }
    if roots.is_empty() {
        return Err(error(
            ErrorKind::MalformedTree,
            whole,
            "the outline has no lines (only blanks and comments); write at least one line such as `- list-item \"Buy milk\"`",
        ));
    }
    Ok(TreePattern::new(roots))
}

/// Closes the innermost open line: it becomes its parent's last child (or
/// the last top-level line).
fn close(open: &mut Vec<Open>, roots: &mut Vec<NodePattern>) {
    if let Some(done) = open.pop() {
        match open.last_mut() {
            Some(parent) => parent.node.children.push(done.node),
            None => roots.push(done.node),
        }
    }
}
