//! The terminal plane's arguments: `mouse:COL,ROW[,BUTTON[,ACTION]]` and
//! the terminal conditions of `wait-for:PREDICATE,SUBJECT,TIMEOUT`.

use std::time::Duration;

use crate::script::error::{ErrorKind, GrammarError};
use crate::step::AutomationStep;
use crate::suggest::or_list;
use crate::terminal::{
    LineCount, Pattern, PointerAction, PointerButton, TerminalCondition, TerminalPredicateName,
    TerminalSubject, TextMatcher, TextRegion,
};
use crate::verb::Verb;
use crate::vocabulary::Vocabulary;

use super::numbers::x_hint;
use super::piece::Piece;
use super::{Parser, error, unknown_name};

impl Parser {
    /// `mouse:COL,ROW[,BUTTON[,ACTION]]`.
    pub(super) fn mouse(&self, piece: Piece<'_>) -> Result<AutomationStep, GrammarError> {
        let fields = split_commas(piece);
        if fields.len() < 2 || fields.len() > 4 {
            return Err(error(
                ErrorKind::MalformedMouse,
                piece.range(),
                format!(
                    "`mouse` takes 2 to 4 fields, found {}: {}",
                    fields.len(),
                    Verb::Mouse.usage()
                ),
            ));
        }
        let col = self.coordinate(fields[0], "the column")?;
        let row = self.coordinate(fields[1], "the row")?;
        let button = match fields.get(2) {
            Some(field) => self.word::<PointerButton>(*field, ErrorKind::MalformedMouse)?,
            None => PointerButton::Left,
        };
        let action = match fields.get(3) {
            Some(field) => self.word::<PointerAction>(*field, ErrorKind::MalformedMouse)?,
            None => PointerAction::Click,
        };
        if !button.takes(action) {
            let (field, message, suggestion) = if button.is_wheel() {
                (
                    fields.get(3).copied().unwrap_or(fields[2]),
                    format!(
                        "a wheel turns; it does not `{action}`: write `mouse:{col},{row},{button}` for one notch"
                    ),
                    format!("{col},{row},{button}"),
                )
            } else {
                (
                    fields.get(3).copied().unwrap_or(fields[2]),
                    format!(
                        "with no button the pointer can only move: write `mouse:{col},{row},none,move`"
                    ),
                    format!("{col},{row},none,move"),
                )
            };
            return Err(error(ErrorKind::MalformedMouse, field.range(), message)
                .with_suggestions([suggestion]));
        }
        Ok(AutomationStep::mouse(col, row, button, action))
    }

    /// A zero-based cell coordinate in `0..=65535`.
    fn coordinate(&self, piece: Piece<'_>, what: &str) -> Result<u16, GrammarError> {
        let piece = piece.trim();
        let text = self.strict(piece, &format!("{what} of a mouse event"))?;
        self.dimension(piece, &text, (0, text.len()), what, ErrorKind::MalformedPoint, 0)
    }

    /// One word of a closed set, bare.
    fn word<V: Vocabulary>(&self, piece: Piece<'_>, kind: ErrorKind) -> Result<V, GrammarError> {
        let piece = piece.trim();
        let text = self.strict(piece, &format!("a {}", V::KIND))?;
        V::parse(&text).map_err(|unknown| unknown_name(kind, piece.range(), &unknown))
    }

    /// The terminal condition `NAME[=VALUE]` about `subject`: the fields of
    /// `wait-for` before its timeout, and of a `when(...)` guard.
    pub(super) fn terminal_condition(
        &self,
        name: TerminalPredicateName,
        predicate: Piece<'_>,
        subject: Piece<'_>,
    ) -> Result<TerminalCondition, GrammarError> {
        let value = predicate.find_char('=').map(|at| predicate.split_at(at).2);
        if name == TerminalPredicateName::At
            && let Some(value) = value
        {
            // `at=3,4` ends its value at the comma: say so before the
            // subject (`4,cursor`) is read.
            self.cursor_cell(value.trim())?;
        }
        let subject = self.subject(name, subject)?;
        let needs = |example: &str| {
            error(
                ErrorKind::MissingPredicateValue,
                predicate.range(),
                format!("`{name}` needs a value: write `{name}={example}`"),
            )
        };
        let region = match subject {
            TerminalSubject::Screen => TextRegion::Screen,
            TerminalSubject::History => TextRegion::History,
            TerminalSubject::Scrollback | TerminalSubject::Process | TerminalSubject::Cursor => {
                TextRegion::Scrollback
            }
        };
        use TerminalPredicateName as Name;
        match name {
            Name::Contains | Name::Lacks | Name::Equals | Name::Matches => {
                let Some(value) = value else { return Err(needs("Ready")) };
                let Some(text) = self.free_text(value, "a predicate value")? else {
                    return Err(error(
                        ErrorKind::EmptyText,
                        value.range(),
                        format!("empty text after `{name}=`; write `{name}=TEXT`"),
                    ));
                };
                let matcher = match name {
                    Name::Contains => TextMatcher::Contains(text),
                    Name::Lacks => TextMatcher::Lacks(text),
                    Name::Equals => TextMatcher::Equals(text),
                    _ => TextMatcher::Matches(Pattern::new(&text).map_err(|why| {
                        error(
                            ErrorKind::InvalidPattern,
                            value.range(),
                            format!("`{text}` is not a regular expression: {}", why.trim()),
                        )
                    })?),
                };
                Ok(TerminalCondition::Text { region, matcher })
            }
            Name::Lines | Name::LinesAtLeast | Name::LinesAtMost => {
                let Some(value) = value else { return Err(needs("3")) };
                let count = self.line_count(value)?;
                Ok(TerminalCondition::ScrollbackLines(match name {
                    Name::Lines => LineCount::Equals(count),
                    Name::LinesAtLeast => LineCount::AtLeast(count),
                    _ => LineCount::AtMost(count),
                }))
            }
            Name::LinesBetween => {
                let Some(value) = value else { return Err(needs("2..5")) };
                let text = self.strict(value.trim(), "a line range")?;
                let Some((low, _)) = text.split_once("..") else {
                    return Err(error(
                        ErrorKind::MalformedCount,
                        value.range(),
                        format!("`{text}` is not a line range; write `lines-between=2..5`"),
                    ));
                };
                let low_len = low.chars().count();
                let low =
                    self.line_count(Piece::new(&value.trim().lexemes[..low_len], value.anchor))?;
                let high = self.line_count(value.trim().skip(low_len + 2))?;
                if low > high {
                    return Err(error(
                        ErrorKind::MalformedCount,
                        value.range(),
                        format!(
                            "`{text}` is an empty range; write the smaller bound first: `{high}..{low}`"
                        ),
                    ));
                }
                Ok(TerminalCondition::ScrollbackLines(LineCount::Between(low, high)))
            }
            Name::Visible | Name::Hidden => match value {
                None => Ok(TerminalCondition::CursorVisible(name == Name::Visible)),
                Some(value) => Err(error(
                    ErrorKind::UnexpectedPredicateValue,
                    value.range(),
                    format!(
                        "`{name}` takes no value; write `visible,cursor` or `hidden,cursor`, or `at=COLxROW,cursor` for where it is"
                    ),
                )
                .with_suggestions([name.as_str()])),
            },
            Name::At => {
                let Some(value) = value else { return Err(needs("0x0")) };
                let (col, row) = self.cursor_cell(value.trim())?;
                Ok(TerminalCondition::CursorAt { col, row })
            }
            Name::Exited => match value {
                None => Ok(TerminalCondition::Exited),
                Some(value) => Err(error(
                    ErrorKind::UnexpectedPredicateValue,
                    value.range(),
                    "`exited` takes no value; write `exited`, or `exit-code=N` for a code",
                )
                .with_suggestions(["exited"])),
            },
            Name::ExitCode => {
                let Some(value) = value else { return Err(needs("0")) };
                let text = self.strict(value.trim(), "an exit code")?;
                text.parse::<i32>().map(TerminalCondition::ExitCode).map_err(|_| {
                    error(
                        ErrorKind::MalformedCount,
                        value.range(),
                        format!("`{text}` is not an exit code; write a whole number such as `exit-code=0`"),
                    )
                })
            }
            Name::Quiet => {
                let Some(value) = value else { return Err(needs("200")) };
                let quiet: Duration = self.duration(value.trim())?;
                Ok(TerminalCondition::Quiet(quiet))
            }
        }
    }

    /// `COLxROW` after `at=`: a zero-based cell, written as `resize:`
    /// writes a size because a predicate's value ends at the first `,`.
    fn cursor_cell(&self, piece: Piece<'_>) -> Result<(u16, u16), GrammarError> {
        let text = self.strict(piece, "a cell")?;
        let Some(x) = text.find('x') else {
            let hint = x_hint(&text, &['X', ':', ';']);
            let mut failure = error(
                ErrorKind::MalformedPoint,
                piece.range(),
                format!(
                    "`{text}` is not a cell; write COLxROW (zero-based) such as `at=0x0`{}",
                    match &hint {
                        Some(hint) => format!("; did you mean `{hint}`?"),
                        None if text.bytes().all(|b| b.is_ascii_digit()) => {
                            " (a predicate's value ends at the first `,`, so a cell is not `col,row` here)"
                                .to_owned()
                        }
                        None => String::new(),
                    }
                ),
            );
            if let Some(hint) = hint {
                failure = failure.with_suggestions([hint]);
            }
            return Err(failure);
        };
        let kind = ErrorKind::MalformedPoint;
        let col = self.dimension(piece, &text, (0, x), "the column", kind, 0)?;
        let row = self.dimension(piece, &text, (x + 1, text.len()), "the row", kind, 0)?;
        Ok((col, row))
    }

    fn line_count(&self, piece: Piece<'_>) -> Result<usize, GrammarError> {
        let text = self.strict(piece.trim(), "a line count")?;
        if !text.is_empty()
            && text.bytes().all(|b| b.is_ascii_digit())
            && let Ok(count) = text.parse::<usize>()
        {
            return Ok(count);
        }
        Err(error(
            ErrorKind::MalformedCount,
            piece.range(),
            format!("`{text}` is not a line count; write a whole number such as `3`"),
        ))
    }

    /// The subject after a terminal predicate, checked against what the
    /// predicate may be about.
    fn subject(
        &self,
        name: TerminalPredicateName,
        piece: Piece<'_>,
    ) -> Result<TerminalSubject, GrammarError> {
        let piece = piece.trim();
        let allowed: Vec<&str> = name.subjects().iter().map(|s| s.as_str()).collect();
        let written = piece.bare().unwrap_or_else(|| piece.spelling());
        match TerminalSubject::parse(&written) {
            Ok(subject) if name.subjects().contains(&subject) => Ok(subject),
            Ok(subject) => Err(error(
                ErrorKind::WrongSubject,
                piece.range(),
                format!("`{name}` is not about the {subject}; it takes {}", or_list(&allowed)),
            )
            .with_suggestions(allowed.iter().map(|s| (*s).to_owned()))),
            Err(unknown) => {
                let hint = if written.starts_with(['#', '@']) || written.starts_with("text") {
                    "; a selector goes with a node predicate such as `exists` or `text=`"
                } else {
                    ""
                };
                let suggestions = unknown.suggestions();
                let suggestions = if suggestions.is_empty() { &allowed[..] } else { suggestions };
                Err(error(
                    ErrorKind::WrongSubject,
                    piece.range(),
                    format!(
                        "`{written}` is not what `{name}` is about; write {}{hint}",
                        or_list(&allowed)
                    ),
                )
                .with_suggestions(suggestions.iter().map(|s| (*s).to_owned())))
            }
        }
    }
}

/// The comma-separated fields of a piece (quotes are single lexemes, so a
/// comma inside quotes never splits).
fn split_commas(piece: Piece<'_>) -> Vec<Piece<'_>> {
    let mut fields = Vec::new();
    let mut rest = piece;
    while let Some(at) = rest.find_char(',') {
        let (field, _, after) = rest.split_at(at);
        fields.push(field);
        rest = after;
    }
    fields.push(rest);
    fields
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::AutomationStep;
    use crate::script::{ErrorKind, parse_step_str};
    use crate::terminal::{
        LineCount, Pattern, PointerAction, PointerButton, TerminalCondition, TextMatcher,
        TextRegion,
    };

    fn step(text: &str) -> AutomationStep {
        parse_step_str(text).unwrap_or_else(|error| panic!("{text}: {error}")).step
    }

    fn fails(text: &str, kind: ErrorKind, message: &str) {
        let error = parse_step_str(text).expect_err(text);
        assert_eq!(error.kind, kind, "{text}: {error}");
        assert!(error.message.contains(message), "{text}: {}", error.message);
    }

    fn wait(condition: TerminalCondition, ms: u64) -> AutomationStep {
        AutomationStep::wait_for_terminal(condition, Duration::from_millis(ms))
    }

    #[test]
    fn mouse_defaults_to_a_left_click() {
        use PointerAction::{Click, Press};
        use PointerButton::{Left, Right, WheelDown};
        assert_eq!(step("mouse:3,4"), AutomationStep::mouse(3, 4, Left, Click));
        assert_eq!(step("mouse:3,4,right,press"), AutomationStep::mouse(3, 4, Right, Press));
        assert_eq!(
            step("mouse: 0 , 0 , wheel-down"),
            AutomationStep::mouse(0, 0, WheelDown, Click)
        );
        assert_eq!(step("mouse:9,9,middle,move").to_string(), "mouse:9,9,middle,move");
    }

    #[test]
    fn mouse_rejects_what_a_pointer_cannot_do() {
        fails("mouse:3", ErrorKind::MalformedMouse, "takes 2 to 4 fields, found 1");
        fails("mouse:3,4,left,click,now", ErrorKind::MalformedMouse, "found 5");
        fails("mouse:3,x", ErrorKind::MalformedPoint, "the row must be a whole number");
        fails("mouse:3,4,wheel-up,press", ErrorKind::MalformedMouse, "a wheel turns");
        fails("mouse:3,4,none", ErrorKind::MalformedMouse, "can only move");
        assert_eq!(
            step("mouse:3,4,none,move"),
            AutomationStep::mouse(3, 4, PointerButton::NoButton, PointerAction::Move)
        );
        let error = parse_step_str("mouse:3,4,rigth").unwrap_err();
        assert_eq!(error.kind, ErrorKind::MalformedMouse);
        assert_eq!(error.suggestions, ["right"]);
        fails("mouse:3,4,left,tap", ErrorKind::MalformedMouse, "unknown mouse action `tap`");
    }

    #[test]
    fn terminal_waits_name_their_subject() {
        let contains = |region, text: &str| TerminalCondition::Text {
            region,
            matcher: TextMatcher::Contains(text.into()),
        };
        assert_eq!(
            step("wait-for:contains=Ready,screen,5000"),
            wait(contains(TextRegion::Screen, "Ready"), 5000)
        );
        assert_eq!(
            step(r#"wait-for:contains="a, b",history,10"#),
            wait(contains(TextRegion::History, "a, b"), 10)
        );
        assert_eq!(
            step(r"wait-for:matches=^\$ $,scrollback,10"),
            wait(
                TerminalCondition::Text {
                    region: TextRegion::Scrollback,
                    matcher: TextMatcher::Matches(Pattern::new(r"^\$ $").unwrap()),
                },
                10
            )
        );
        assert_eq!(
            step("wait-for:lines-between=2..5,scrollback,10"),
            wait(TerminalCondition::ScrollbackLines(LineCount::Between(2, 5)), 10)
        );
        assert_eq!(
            step("wait-for:exit-code=-1,process,10"),
            wait(TerminalCondition::ExitCode(-1), 10)
        );
        assert_eq!(step("wait-for:exited,process,10"), wait(TerminalCondition::Exited, 10));
        assert_eq!(
            step("wait-for:quiet=200ms,process,1000"),
            wait(TerminalCondition::Quiet(Duration::from_millis(200)), 1000)
        );
    }

    #[test]
    fn terminal_waits_refuse_the_wrong_subject() {
        fails(
            "wait-for:lines=3,screen,10",
            ErrorKind::WrongSubject,
            "`lines` is not about the screen; it takes `scrollback`",
        );
        fails(
            "wait-for:contains=x,#log,10",
            ErrorKind::WrongSubject,
            "a selector goes with a node predicate",
        );
        fails(
            "wait-for:exists,screen,10",
            ErrorKind::WrongSubject,
            "`exists` is about nodes, not the screen",
        );
        fails(
            "wait-for:matches=(a,screen,10",
            ErrorKind::InvalidPattern,
            "is not a regular expression",
        );
        fails(
            "wait-for:lines-between=5..2,scrollback,10",
            ErrorKind::MalformedCount,
            "empty range",
        );
        fails(
            "wait-for:exited=0,process,10",
            ErrorKind::UnexpectedPredicateValue,
            "`exited` takes no value",
        );
        fails("wait-for:exit-code=x,process,10", ErrorKind::MalformedCount, "not an exit code");
        fails("wait-for:contains,screen,10", ErrorKind::MissingPredicateValue, "contains=Ready");
        fails("wait-for:contains=x,screen", ErrorKind::MissingTimeout, "needs a timeout");
        let error = parse_step_str("wait-for:contians=x,screen,10").unwrap_err();
        assert_eq!(error.suggestions, ["contains"]);
    }

    #[test]
    fn cursor_waits_read_where_and_whether_it_shows() {
        assert_eq!(
            step("wait-for:visible,cursor,500"),
            wait(TerminalCondition::CursorVisible(true), 500)
        );
        assert_eq!(
            step("wait-for:hidden, cursor ,500"),
            wait(TerminalCondition::CursorVisible(false), 500)
        );
        assert_eq!(
            step("wait-for:at=12x3,cursor,500"),
            wait(TerminalCondition::CursorAt { col: 12, row: 3 }, 500)
        );
        assert_eq!(step("wait-for:at=0x0,cursor,1").to_string(), "wait-for:at=0x0,cursor,1");
        assert_eq!(step("when(hidden,cursor)key:q").to_string(), "when(hidden,cursor) key:q");
        fails(
            "wait-for:at=3,4,cursor,500",
            ErrorKind::MalformedPoint,
            "`3` is not a cell; write COLxROW",
        );
        fails(
            "wait-for:at=3x,cursor,500",
            ErrorKind::MalformedPoint,
            "the row must be a whole number",
        );
        fails(
            "wait-for:at=70000x1,cursor,500",
            ErrorKind::MalformedPoint,
            "larger than the largest",
        );
        fails("wait-for:at,cursor,500", ErrorKind::MissingPredicateValue, "write `at=0x0`");
        fails(
            "wait-for:visible=true,cursor,500",
            ErrorKind::UnexpectedPredicateValue,
            "takes no value",
        );
        fails("wait-for:visible,screen,500", ErrorKind::WrongSubject, "it takes `cursor`");
        fails(
            "wait-for:contains=x,cursor,500",
            ErrorKind::WrongSubject,
            "`contains` is not about the cursor",
        );
        fails(
            "wait-for:exists,cursor,500",
            ErrorKind::WrongSubject,
            "`exists` is about nodes, not the cursor",
        );
        let error = parse_step_str("wait-for:at=3:4,cursor,500").unwrap_err();
        assert_eq!(error.suggestions, ["3x4"]);
    }

    #[test]
    fn paste_and_send_take_text_with_escapes() {
        assert_eq!(step(r#"send:"\e[A""#), AutomationStep::send("\u{1b}[A"));
        assert_eq!(step(r#"send:"\e[A""#).to_string(), r#"send:"\e[A""#);
        assert_eq!(step("paste:two words"), AutomationStep::paste("two words"));
        assert_eq!(step(r#"paste:"a\nb""#), AutomationStep::paste("a\nb"));
    }
}
