//! The terminal plane's words: raw mouse input (`mouse:`) and the
//! conditions a wait or a guard can put on a program's screen, scrollback,
//! process and cursor (`wait-for:contains=Ready,screen,5000`,
//! `wait-for:at=2x0,cursor,500`).
//!
//! These steps need a terminal: on the engine plane they fail with a "not
//! available on this plane" error, and a `plane = engine;` header in
//! `scenario!` makes them compile errors.

use std::fmt;
use std::time::Duration;

use crate::spelling::{TextContext, spell};
use crate::vocabulary::closed_set;

closed_set! {
    /// The button of a `mouse:` step.
    pub enum PointerButton: "mouse button" {
        /// The primary button (the default).
        Left = "left",
        /// The middle button.
        Middle = "middle",
        /// The secondary button.
        Right = "right",
        /// One wheel notch up.
        WheelUp = "wheel-up",
        /// One wheel notch down.
        WheelDown = "wheel-down",
        /// No button: with `move`, the pointer moves with nothing held.
        NoButton = "none",
    }
}

impl PointerButton {
    /// Whether `action` makes sense with this button: a wheel only turns
    /// (`click`), and no button can only `move`.
    pub fn takes(self, action: PointerAction) -> bool {
        match self {
            Self::WheelUp | Self::WheelDown => action == PointerAction::Click,
            Self::NoButton => action == PointerAction::Move,
            Self::Left | Self::Middle | Self::Right => true,
        }
    }

    /// Whether this is a wheel "button", which turns rather than goes down
    /// and up: it takes only the `click` action.
    pub const fn is_wheel(self) -> bool {
        matches!(self, Self::WheelUp | Self::WheelDown)
    }
}

closed_set! {
    /// What a `mouse:` step does with its button.
    pub enum PointerAction: "mouse action" {
        /// Press and release (the default); a wheel turns one notch.
        Click = "click",
        /// Press only.
        Press = "press",
        /// Release only.
        Release = "release",
        /// Move there (dragging when a button is held).
        Move = "move",
    }
}

closed_set! {
    /// What a terminal condition is about: the part after the predicate
    /// (`wait-for:contains=Ready,screen,5000`).
    pub enum TerminalSubject: "terminal subject" {
        /// The visible screen.
        Screen = "screen",
        /// The lines that scrolled off the top of the main screen.
        Scrollback = "scrollback",
        /// The scrollback followed by the visible screen.
        History = "history",
        /// The program itself.
        Process = "process",
        /// The terminal's cursor.
        Cursor = "cursor",
    }
}

closed_set! {
    /// The predicates of terminal conditions.
    pub enum TerminalPredicateName: "terminal predicate" {
        /// `contains=TEXT`: the text holds `TEXT`.
        Contains = "contains",
        /// `lacks=TEXT`: the text does not hold `TEXT`.
        Lacks = "lacks",
        /// `equals=TEXT`: the text is exactly `TEXT`.
        Equals = "equals",
        /// `matches=REGEX`: the text matches a regular expression
        /// (`regex=REGEX`, Glyphrun's older name, reads the same).
        Matches = "matches" | "regex",
        /// `lines=N`: the scrollback holds exactly `N` lines.
        Lines = "lines",
        /// `lines-at-least=N`.
        LinesAtLeast = "lines-at-least",
        /// `lines-at-most=N`.
        LinesAtMost = "lines-at-most",
        /// `lines-between=N..M` (both inclusive).
        LinesBetween = "lines-between",
        /// `exited`: the program has exited.
        Exited = "exited",
        /// `exit-code=N`: the program exited with this code.
        ExitCode = "exit-code",
        /// `quiet=MS`: the program wrote nothing for this long.
        Quiet = "quiet",
        /// `visible`: the cursor is shown.
        Visible = "visible",
        /// `hidden`: the cursor is hidden.
        Hidden = "hidden",
        /// `at=COLxROW`: the cursor is at this cell (zero-based).
        At = "at",
    }
}

impl TerminalPredicateName {
    /// The subjects the predicate may be about: text predicates take
    /// `screen`, `history` or `scrollback`; line counts only `scrollback`;
    /// `exited`, `exit-code` and `quiet` only `process`.
    pub const fn subjects(self) -> &'static [TerminalSubject] {
        match self {
            Self::Contains | Self::Lacks | Self::Equals | Self::Matches => {
                &[TerminalSubject::Screen, TerminalSubject::History, TerminalSubject::Scrollback]
            }
            Self::Lines | Self::LinesAtLeast | Self::LinesAtMost | Self::LinesBetween => {
                &[TerminalSubject::Scrollback]
            }
            Self::Exited | Self::ExitCode | Self::Quiet => &[TerminalSubject::Process],
            Self::Visible | Self::Hidden | Self::At => &[TerminalSubject::Cursor],
        }
    }
}

/// A regular expression, checked when the step is parsed (Rust `regex`
/// syntax: `(?s)` lets `.` cross lines, `(?m)` makes `^`/`$` match at
/// line ends).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pattern(String);

impl Pattern {
    /// Checks `pattern`'s syntax.
    ///
    /// # Errors
    ///
    /// The syntax error, as the regex parser words it.
    ///
    /// ```
    /// use rehearse_lang::Pattern;
    /// assert!(Pattern::new(r"^Ready \d+").is_ok());
    /// assert_eq!(Pattern::new("a(b").unwrap_err(), "unclosed group at character 2");
    /// ```
    pub fn new(pattern: impl Into<String>) -> Result<Self, String> {
        let pattern = pattern.into();
        regex_syntax::Parser::new().parse(&pattern).map_err(|error| {
            // One line: the kind and where, not the parser's caret diagram.
            let (kind, at) = match &error {
                regex_syntax::Error::Parse(error) => (error.kind().to_string(), error.span().start),
                regex_syntax::Error::Translate(error) => {
                    (error.kind().to_string(), error.span().start)
                }
                other => return other.to_string(),
            };
            let column = pattern[..at.offset].chars().count() + 1;
            format!("{kind} at character {column}")
        })?;
        Ok(Self(pattern))
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How text on the terminal must compare.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TextMatcher {
    /// Holds the text.
    Contains(String),
    /// Does not hold the text.
    Lacks(String),
    /// Is exactly the text: the lines joined by `\n`, each without its
    /// trailing blanks, without trailing blank lines.
    Equals(String),
    /// Matches the regular expression.
    Matches(Pattern),
}

impl TextMatcher {
    /// The predicate's name.
    pub const fn name(&self) -> TerminalPredicateName {
        match self {
            Self::Contains(_) => TerminalPredicateName::Contains,
            Self::Lacks(_) => TerminalPredicateName::Lacks,
            Self::Equals(_) => TerminalPredicateName::Equals,
            Self::Matches(_) => TerminalPredicateName::Matches,
        }
    }

    /// The text or pattern compared against.
    pub fn text(&self) -> &str {
        match self {
            Self::Contains(text) | Self::Lacks(text) | Self::Equals(text) => text,
            Self::Matches(pattern) => pattern.as_str(),
        }
    }
}

/// Which text region a text condition reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextRegion {
    /// The visible screen.
    Screen,
    /// The scrollback, then the screen.
    History,
    /// The scrollback alone.
    Scrollback,
}

impl TextRegion {
    /// The subject word.
    pub const fn subject(self) -> TerminalSubject {
        match self {
            Self::Screen => TerminalSubject::Screen,
            Self::History => TerminalSubject::History,
            Self::Scrollback => TerminalSubject::Scrollback,
        }
    }
}

/// A bound on how many lines the scrollback holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineCount {
    /// Exactly this many.
    Equals(usize),
    /// At least this many.
    AtLeast(usize),
    /// At most this many.
    AtMost(usize),
    /// Between the two, both inclusive.
    Between(usize, usize),
}

impl LineCount {
    /// Whether `count` lines satisfy the bound.
    pub const fn holds(self, count: usize) -> bool {
        match self {
            Self::Equals(n) => count == n,
            Self::AtLeast(n) => count >= n,
            Self::AtMost(n) => count <= n,
            Self::Between(low, high) => low <= count && count <= high,
        }
    }

    /// The predicate's name.
    pub const fn name(self) -> TerminalPredicateName {
        match self {
            Self::Equals(_) => TerminalPredicateName::Lines,
            Self::AtLeast(_) => TerminalPredicateName::LinesAtLeast,
            Self::AtMost(_) => TerminalPredicateName::LinesAtMost,
            Self::Between(..) => TerminalPredicateName::LinesBetween,
        }
    }
}

/// A condition on a program in a terminal: its screen, its scrollback, its
/// process, or its output going quiet.
///
/// ```
/// use std::time::Duration;
/// use rehearse_lang::{TerminalCondition, TextMatcher, TextRegion};
/// let ready = TerminalCondition::Text {
///     region: TextRegion::Screen,
///     matcher: TextMatcher::Contains("Ready".into()),
/// };
/// assert_eq!(ready.to_string(), "contains=Ready,screen");
/// assert_eq!(TerminalCondition::Quiet(Duration::from_millis(200)).to_string(), "quiet=200,process");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TerminalCondition {
    /// Text on the screen, in the scrollback, or both.
    Text {
        /// Where.
        region: TextRegion,
        /// How it compares.
        matcher: TextMatcher,
    },
    /// How many lines the scrollback holds.
    ScrollbackLines(LineCount),
    /// The program has exited.
    Exited,
    /// The program exited with this code.
    ExitCode(i32),
    /// The program wrote nothing for this long.
    Quiet(Duration),
    /// The cursor is shown (`visible,cursor`) or hidden (`hidden,cursor`).
    CursorVisible(bool),
    /// The cursor is at this zero-based cell (`at=3x4,cursor`), shown or
    /// not.
    CursorAt {
        /// The column, from 0.
        col: u16,
        /// The row, from 0.
        row: u16,
    },
}

impl TerminalCondition {
    /// The predicate's name.
    pub const fn name(&self) -> TerminalPredicateName {
        match self {
            Self::Text { matcher, .. } => matcher.name(),
            Self::ScrollbackLines(count) => count.name(),
            Self::Exited => TerminalPredicateName::Exited,
            Self::ExitCode(_) => TerminalPredicateName::ExitCode,
            Self::Quiet(_) => TerminalPredicateName::Quiet,
            Self::CursorVisible(true) => TerminalPredicateName::Visible,
            Self::CursorVisible(false) => TerminalPredicateName::Hidden,
            Self::CursorAt { .. } => TerminalPredicateName::At,
        }
    }

    /// What the condition is about.
    pub const fn subject(&self) -> TerminalSubject {
        match self {
            Self::Text { region, .. } => region.subject(),
            Self::ScrollbackLines(_) => TerminalSubject::Scrollback,
            Self::Exited | Self::ExitCode(_) | Self::Quiet(_) => TerminalSubject::Process,
            Self::CursorVisible(_) | Self::CursorAt { .. } => TerminalSubject::Cursor,
        }
    }
}

impl fmt::Display for TerminalCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.name();
        match self {
            Self::Text { matcher, .. } => {
                write!(f, "{name}={}", spell(matcher.text(), TextContext::Predicate))?;
            }
            Self::ScrollbackLines(LineCount::Between(low, high)) => {
                write!(f, "{name}={low}..{high}")?;
            }
            Self::ScrollbackLines(
                LineCount::Equals(n) | LineCount::AtLeast(n) | LineCount::AtMost(n),
            ) => write!(f, "{name}={n}")?,
            Self::Exited | Self::CursorVisible(_) => write!(f, "{name}")?,
            Self::CursorAt { col, row } => write!(f, "{name}={col}x{row}")?,
            Self::ExitCode(code) => write!(f, "{name}={code}")?,
            Self::Quiet(quiet) => write!(f, "{name}={}", quiet.as_millis())?,
        }
        write!(f, ",{}", self.subject())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_predicate_names_its_subjects() {
        for &name in TerminalPredicateName::ALL {
            assert!(!name.subjects().is_empty(), "{name}");
        }
        assert!(PointerButton::WheelDown.is_wheel());
        assert!(!PointerButton::Middle.is_wheel());
    }

    #[test]
    fn regex_is_read_as_matches_and_written_as_it() {
        use crate::vocabulary::Vocabulary;
        assert_eq!(TerminalPredicateName::parse("regex"), Ok(TerminalPredicateName::Matches));
        assert_eq!(TerminalPredicateName::Matches.to_string(), "matches");
        assert!(!TerminalPredicateName::names().any(|name| name == "regex"), "never listed");
    }

    #[test]
    fn line_counts_hold_inclusively() {
        assert!(LineCount::Between(2, 4).holds(2) && LineCount::Between(2, 4).holds(4));
        assert!(!LineCount::Between(2, 4).holds(5));
        assert!(LineCount::AtMost(0).holds(0) && !LineCount::AtLeast(1).holds(0));
    }

    #[test]
    fn display_quotes_what_would_misread() {
        let condition = TerminalCondition::Text {
            region: TextRegion::History,
            matcher: TextMatcher::Matches(Pattern::new(r"a,b\d").unwrap()),
        };
        assert_eq!(condition.to_string(), r#"matches="a,b\\d",history"#);
        assert_eq!(
            TerminalCondition::ScrollbackLines(LineCount::Between(1, 3)).to_string(),
            "lines-between=1..3,scrollback"
        );
        assert_eq!(TerminalCondition::ExitCode(-1).to_string(), "exit-code=-1,process");
        assert_eq!(TerminalCondition::CursorVisible(true).to_string(), "visible,cursor");
        assert_eq!(TerminalCondition::CursorVisible(false).to_string(), "hidden,cursor");
        assert_eq!(TerminalCondition::CursorAt { col: 3, row: 0 }.to_string(), "at=3x0,cursor");
    }
}
