//! `AutomationStep`: the typed operation every front-end lowers to.

use std::fmt;
use std::time::Duration;

use crate::key::KeyPress;
use crate::secret::Secret;
use crate::selector::Selector;
use crate::spelling::{TextContext, spell};
use crate::terminal::{PointerAction, PointerButton, TerminalCondition};
use crate::tree_pattern::TreePattern;
use crate::verb::Verb;
use crate::wait::WaitCondition;

mod guard;
mod parts;

pub use guard::{Guard, MAX_LABEL_BYTES, validate_label};
pub use parts::{FocusOrder, FocusTarget, MouseButton, ScrollDirection};

/// One automation operation, produced by `scenario!`, text scripts, the
/// control protocol and the CLI alike, and executed by the session engine.
///
/// `Display` prints the canonical script spelling, so a report can show what
/// ran in the words a test author writes, and parsing what it prints
/// ([`parse_step_str`](crate::script::parse_step_str)) gives the same step.
/// Free text is bare unless it must be quoted to read back the same
/// ([`needs_quotes`](crate::script::needs_quotes)):
///
/// ```
/// use std::time::Duration;
/// use rehearse_lang::{AutomationStep, Predicate, Selector, WaitCondition};
///
/// let steps = [
///     AutomationStep::click(Selector::id("save")),
///     AutomationStep::resize(120, 40),
///     AutomationStep::advance(Duration::from_millis(250)),
///     AutomationStep::wait_for(
///         WaitCondition::new(Predicate::ValueEquals("ready".into()), Selector::id("status")),
///         Duration::from_millis(500),
///     ),
///     AutomationStep::checkpoint("editor"),
///     AutomationStep::type_text("a;b"),
/// ];
/// let spelled: Vec<String> = steps.iter().map(ToString::to_string).collect();
/// assert_eq!(
///     spelled,
///     ["click:#save", "resize:120x40", "wait:250", "wait-for:value=ready,#status,500", "checkpoint:editor", r#"type:"a;b""#]
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AutomationStep {
    /// Pointer move, button down and button up at the centre of the one
    /// matching node's clipped bounds.
    Click {
        /// The node to click.
        target: Selector,
        /// The button.
        button: MouseButton,
    },
    /// Pointer move to the centre of the one matching node.
    Hover {
        /// The node to hover.
        target: Selector,
    },
    /// Move keyboard focus.
    Focus {
        /// Where to.
        target: FocusTarget,
    },
    /// Type text into the focused node, one key event per character.
    Type {
        /// The text.
        text: String,
    },
    /// Press and release one key with modifiers.
    Key {
        /// The key.
        key: KeyPress,
    },
    /// Scroll one notch, at a node or at the focused node.
    Scroll {
        /// The node to scroll at; `None` scrolls the focused node.
        target: Option<Selector>,
        /// The direction.
        direction: ScrollDirection,
    },
    /// Press on one node, move to another, release there.
    Drag {
        /// Where the drag starts.
        from: Selector,
        /// Where it ends.
        to: Selector,
    },
    /// Advance the controlled clock (`wait:250`), running timers that fall due.
    Advance {
        /// How far.
        duration: Duration,
    },
    /// Sleep in real time (`sleep:250`); logical time does not move.
    Sleep {
        /// How long.
        duration: Duration,
    },
    /// Resize the viewport, keeping the mounted app.
    Resize {
        /// Columns.
        cols: u16,
        /// Rows.
        rows: u16,
    },
    /// Drain ready work to a fixed point and commit.
    Drain,
    /// Record the committed generation under a name and feed the sinks.
    Checkpoint {
        /// The checkpoint's name; validated when it runs.
        name: String,
    },
    /// Wait until a condition holds or the timeout passes.
    WaitFor {
        /// The condition.
        condition: WaitCondition,
        /// How long to wait.
        timeout: Duration,
    },
    /// Type a secret into the focused node, like [`Type`](Self::Type); no
    /// echo of the step shows the text (`type:${secret.API_TOKEN}`).
    TypeSecret {
        /// The secret.
        secret: Secret,
    },
    /// Paste text (terminal plane): bracketed (`ESC[200~ … ESC[201~`) when
    /// the program enabled bracketed paste, else the literal text.
    Paste {
        /// The text.
        text: String,
    },
    /// Write raw text to the program (terminal plane), escapes already
    /// resolved (`send:"\e[A"` writes ESC `[` `A`).
    Send {
        /// What to write.
        text: String,
    },
    /// One raw mouse event at a zero-based cell, encoded as the program
    /// asked (SGR 1006, else X10).
    Mouse {
        /// Column.
        col: u16,
        /// Row.
        row: u16,
        /// The button.
        button: PointerButton,
        /// What it does.
        action: PointerAction,
    },
    /// Wait until a condition on a program's screen, scrollback or process
    /// holds, or the timeout passes (terminal plane).
    WaitForTerminal {
        /// The condition.
        condition: TerminalCondition,
        /// How long to wait.
        timeout: Duration,
    },
    /// Capture a file the program wrote as a named artifact (terminal
    /// plane): `download:out/report.txt,report`.
    Download {
        /// The file: absolute, or relative to the program's working
        /// directory.
        source: String,
        /// The artifact's name (the checkpoint name rules).
        name: String,
    },
    /// Run an external command (no shell) that produces a new artifact
    /// (terminal plane): `transform:upper,tr,a-z,A-Z`. In its arguments
    /// `${artifacts.NAME.path}` is an earlier artifact's path and `${out}`
    /// the file to write; without `${out}` its standard output is the
    /// artifact.
    Transform {
        /// The new artifact's name.
        name: String,
        /// The program to run.
        command: String,
        /// Its arguments.
        args: Vec<String>,
    },
    /// Sample the program's CPU and resident memory every `interval` for
    /// the rest of the run (terminal plane): `monitor:250`.
    Monitor {
        /// How often.
        interval: Duration,
    },
    /// Several input steps written to the target in one write, with an
    /// optional wait after them as the only point where the step waits
    /// (`batch:(type:"ls"; key:enter; wait-for:contains=README,screen,5000)`).
    /// Build it with [`batch`](Self::batch).
    Batch {
        /// The inputs: `key:`, `type:`, `paste:`, `send:` and `mouse:` steps.
        inputs: Vec<AutomationStep>,
        /// The wait after them, if any.
        then: Option<Box<AutomationStep>>,
    },
    /// Wait until the subtree of a node the selector matches has the shape
    /// an outline describes, or the timeout passes; a timeout shows the
    /// outline beside the subtree as it was (`expect-tree:#todos,500 (…)`).
    /// Build it with [`expect_tree`](Self::expect_tree).
    ExpectTree {
        /// The node whose subtree is checked (any of its matches may hold).
        target: Selector,
        /// The outline (boxed: it is larger than most steps).
        pattern: Box<TreePattern>,
        /// How long to wait.
        timeout: Duration,
    },
    /// A step with a label that results and failures name it by
    /// (`[open_menu] click:#menu`), a guard that skips it when false
    /// (`when(exists,#dialog) key:esc`), or both. Build it with
    /// [`labeled`](Self::labeled) and [`when`](Self::when).
    Annotated {
        /// The label.
        label: Option<String>,
        /// The guard (boxed: it is as large as a wait's condition).
        guard: Option<Box<Guard>>,
        /// The step (never itself annotated).
        step: Box<AutomationStep>,
    },
}

impl AutomationStep {
    /// Left click on the one node `target` matches.
    pub fn click(target: impl Into<Selector>) -> Self {
        Self::Click { target: target.into(), button: MouseButton::Left }
    }

    /// Right click.
    pub fn right_click(target: impl Into<Selector>) -> Self {
        Self::Click { target: target.into(), button: MouseButton::Right }
    }

    /// Middle click.
    pub fn middle_click(target: impl Into<Selector>) -> Self {
        Self::Click { target: target.into(), button: MouseButton::Middle }
    }

    /// Move the pointer over a node.
    pub fn hover(target: impl Into<Selector>) -> Self {
        Self::Hover { target: target.into() }
    }

    /// Focus the one node `target` matches.
    pub fn focus(target: impl Into<Selector>) -> Self {
        Self::Focus { target: FocusTarget::Selector(target.into()) }
    }

    /// Move focus to the next focusable node (Tab order).
    pub fn focus_next() -> Self {
        Self::Focus { target: FocusTarget::Next }
    }

    /// Move focus to the previous focusable node.
    pub fn focus_prev() -> Self {
        Self::Focus { target: FocusTarget::Prev }
    }

    /// Type text into the focused node.
    pub fn type_text(text: impl Into<String>) -> Self {
        Self::Type { text: text.into() }
    }

    /// Press a key.
    pub fn key(key: impl Into<KeyPress>) -> Self {
        Self::Key { key: key.into() }
    }

    /// Scroll the focused node one notch.
    pub fn scroll(direction: ScrollDirection) -> Self {
        Self::Scroll { target: None, direction }
    }

    /// Scroll at a node one notch.
    pub fn scroll_at(target: impl Into<Selector>, direction: ScrollDirection) -> Self {
        Self::Scroll { target: Some(target.into()), direction }
    }

    /// Drag from one node to another.
    pub fn drag(from: impl Into<Selector>, to: impl Into<Selector>) -> Self {
        Self::Drag { from: from.into(), to: to.into() }
    }

    /// Advance the controlled clock.
    pub fn advance(duration: Duration) -> Self {
        Self::Advance { duration }
    }

    /// Sleep in real time.
    pub fn sleep(duration: Duration) -> Self {
        Self::Sleep { duration }
    }

    /// Resize the viewport.
    pub fn resize(cols: u16, rows: u16) -> Self {
        Self::Resize { cols, rows }
    }

    /// Drain ready work and commit.
    pub fn drain() -> Self {
        Self::Drain
    }

    /// Record a named checkpoint.
    pub fn checkpoint(name: impl Into<String>) -> Self {
        Self::Checkpoint { name: name.into() }
    }

    /// Wait for a condition.
    pub fn wait_for(condition: WaitCondition, timeout: Duration) -> Self {
        Self::WaitFor { condition, timeout }
    }

    /// Type a secret: `Secret::env("API_TOKEN")` reads the variable when the
    /// step runs.
    pub fn type_secret(secret: Secret) -> Self {
        Self::TypeSecret { secret }
    }

    /// Capture a file the program wrote as artifact `name`.
    pub fn download(source: impl Into<String>, name: impl Into<String>) -> Self {
        Self::Download { source: source.into(), name: name.into() }
    }

    /// Run `command` with `args` to produce artifact `name`.
    pub fn transform<I, S>(name: impl Into<String>, command: impl Into<String>, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self::Transform {
            name: name.into(),
            command: command.into(),
            args: args.into_iter().map(Into::into).collect(),
        }
    }

    /// Sample the program's CPU and memory every `interval`.
    pub const fn monitor(interval: Duration) -> Self {
        Self::Monitor { interval }
    }

    /// A batch of input steps written at once, then an optional wait.
    ///
    /// # Errors
    ///
    /// A step that is not an input (`key:`, `type:`, `paste:`, `send:`,
    /// `mouse:`), a `then` that is not a `wait-for:`, or no inputs: the
    /// message says which.
    pub fn batch(inputs: Vec<Self>, then: Option<Self>) -> Result<Self, String> {
        if inputs.is_empty() {
            return Err("a batch needs at least one input step".into());
        }
        if let Some(step) = inputs.iter().find(|step| !step.is_input()) {
            return Err(format!(
                "`{step}` is not an input step; a batch holds `key:`, `type:`, `paste:`, `send:` and `mouse:` steps, then at most one `wait-for:`, last"
            ));
        }
        if let Some(then) = &then
            && !matches!(then, Self::WaitFor { .. } | Self::WaitForTerminal { .. })
        {
            return Err(format!(
                "`{then}` cannot end a batch; only a `wait-for:` can, as the batch's one sync point"
            ));
        }
        Ok(Self::Batch { inputs, then: then.map(Box::new) })
    }

    /// Whether the step is plain input a batch can hold: `key:`, `type:`,
    /// `paste:`, `send:`, `mouse:`.
    pub const fn is_input(&self) -> bool {
        matches!(
            self,
            Self::Key { .. }
                | Self::Type { .. }
                | Self::TypeSecret { .. }
                | Self::Paste { .. }
                | Self::Send { .. }
                | Self::Mouse { .. }
        )
    }

    /// Wait until the subtree of a node `target` matches has the shape of
    /// `pattern`.
    pub fn expect_tree(
        target: impl Into<Selector>,
        pattern: TreePattern,
        timeout: Duration,
    ) -> Self {
        Self::ExpectTree { target: target.into(), pattern: Box::new(pattern), timeout }
    }

    /// Paste text.
    pub fn paste(text: impl Into<String>) -> Self {
        Self::Paste { text: text.into() }
    }

    /// Write raw text to the program.
    pub fn send(text: impl Into<String>) -> Self {
        Self::Send { text: text.into() }
    }

    /// A raw mouse event at a cell.
    pub const fn mouse(col: u16, row: u16, button: PointerButton, action: PointerAction) -> Self {
        Self::Mouse { col, row, button, action }
    }

    /// Wait for a condition on a program in a terminal.
    pub fn wait_for_terminal(condition: TerminalCondition, timeout: Duration) -> Self {
        Self::WaitForTerminal { condition, timeout }
    }

    /// Whether the step needs a terminal (a program in a PTY): `paste:`,
    /// `send:`, the screen, scrollback and process waits, and a step whose
    /// guard is one of those conditions.
    pub fn needs_terminal(&self) -> bool {
        match self {
            // The cursor is known on every plane (where a frame placed it).
            Self::WaitForTerminal { condition, .. } => {
                condition.subject() != crate::terminal::TerminalSubject::Cursor
            }
            Self::Paste { .. }
            | Self::Send { .. }
            | Self::Download { .. }
            | Self::Transform { .. }
            | Self::Monitor { .. } => true,
            Self::Batch { inputs, then } => {
                inputs.iter().any(Self::needs_terminal)
                    || then.as_deref().is_some_and(Self::needs_terminal)
            }
            Self::Annotated { guard, step, .. } => {
                matches!(guard.as_deref(), Some(Guard::Terminal(condition)) if condition.subject() != crate::terminal::TerminalSubject::Cursor)
                    || step.needs_terminal()
            }
            _ => false,
        }
    }

    /// The step with a label that results and failures name it by. A label
    /// already there is replaced.
    #[must_use]
    pub fn labeled(self, label: impl Into<String>) -> Self {
        let (_, guard, step) = self.into_parts();
        Self::Annotated {
            label: Some(label.into()),
            guard: guard.map(Box::new),
            step: Box::new(step),
        }
    }

    /// The step guarded by `guard`: skipped when it does not hold. A guard
    /// already there is replaced.
    #[must_use]
    pub fn when(self, guard: impl Into<Guard>) -> Self {
        let (label, _, step) = self.into_parts();
        Self::Annotated { label, guard: Some(Box::new(guard.into())), step: Box::new(step) }
    }

    /// The label, the guard and the step itself.
    pub fn parts(&self) -> (Option<&str>, Option<&Guard>, &Self) {
        match self {
            Self::Annotated { label, guard, step } => (label.as_deref(), guard.as_deref(), step),
            other => (None, None, other),
        }
    }

    /// The label, the guard and the step itself, by value.
    pub fn into_parts(self) -> (Option<String>, Option<Guard>, Self) {
        match self {
            Self::Annotated { label, guard, step } => (label, guard.map(|guard| *guard), *step),
            other => (None, None, other),
        }
    }

    /// The verb of the step's script spelling (`click`, `wait-for`, ...).
    pub const fn verb(&self) -> Verb {
        match self {
            Self::Click { button, .. } => button.verb(),
            Self::Hover { .. } => Verb::Hover,
            Self::Focus { .. } => Verb::Focus,
            Self::Type { .. } | Self::TypeSecret { .. } => Verb::Type,
            Self::Key { .. } => Verb::Key,
            Self::Scroll { .. } => Verb::Scroll,
            Self::Drag { .. } => Verb::Drag,
            Self::Advance { .. } => Verb::Wait,
            Self::Sleep { .. } => Verb::Sleep,
            Self::Resize { .. } => Verb::Resize,
            Self::Drain => Verb::Drain,
            Self::Checkpoint { .. } => Verb::Checkpoint,
            Self::WaitFor { .. } | Self::WaitForTerminal { .. } => Verb::WaitFor,
            Self::Paste { .. } => Verb::Paste,
            Self::Send { .. } => Verb::Send,
            Self::Mouse { .. } => Verb::Mouse,
            Self::Annotated { step, .. } => step.verb(),
            Self::Batch { .. } => Verb::Batch,
            Self::Download { .. } => Verb::Download,
            Self::Transform { .. } => Verb::Transform,
            Self::Monitor { .. } => Verb::Monitor,
            Self::ExpectTree { .. } => Verb::ExpectTree,
        }
    }
}

impl fmt::Display for AutomationStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = self.verb();
        match self {
            Self::Click { target, .. } | Self::Hover { target } => write!(f, "{verb}:{target}"),
            Self::Focus { target: FocusTarget::Selector(target) } => write!(f, "{verb}:{target}"),
            Self::Focus { target } => {
                let order = target.order().map_or("", FocusOrder::as_str);
                write!(f, "{verb}:{order}")
            }
            Self::Type { text } => write!(f, "{verb}:{}", spell(text, TextContext::Argument)),
            Self::TypeSecret { secret } => write!(f, "{verb}:{secret}"),
            Self::Key { key } => {
                write!(f, "{verb}:{}", spell(&key.to_string(), TextContext::Argument))
            }
            Self::Scroll { target: None, direction } => write!(f, "{verb}:{}", direction.as_str()),
            Self::Scroll { target: Some(target), direction } => {
                write!(f, "{verb}:{target},{}", direction.as_str())
            }
            Self::Drag { from, to } => write!(f, "{verb}:{from}>{to}"),
            Self::Advance { duration } | Self::Sleep { duration } => {
                write!(f, "{verb}:{}", duration.as_millis())
            }
            Self::Resize { cols, rows } => write!(f, "{verb}:{cols}x{rows}"),
            Self::Drain => write!(f, "{verb}"),
            Self::Checkpoint { name } => write!(f, "{verb}:{name}"),
            Self::WaitFor { condition, timeout } => {
                write!(f, "{verb}:{condition},{}", timeout.as_millis())
            }
            Self::WaitForTerminal { condition, timeout } => {
                write!(f, "{verb}:{condition},{}", timeout.as_millis())
            }
            Self::Paste { text } | Self::Send { text } => {
                write!(f, "{verb}:{}", spell(text, TextContext::Argument))
            }
            Self::Mouse { col, row, button, action } => {
                write!(f, "{verb}:{col},{row},{button},{action}")
            }
            Self::Download { source, name } => {
                write!(f, "{verb}:{},{}", spell(source, TextContext::Predicate), name)
            }
            Self::Transform { name, command, args } => {
                write!(f, "{verb}:{name},{}", spell(command, TextContext::Predicate))?;
                for arg in args {
                    write!(f, ",{}", spell(arg, TextContext::Predicate))?;
                }
                Ok(())
            }
            Self::Monitor { interval } => write!(f, "{verb}:{}", interval.as_millis()),
            Self::ExpectTree { target, pattern, timeout } => write!(
                f,
                "{verb}:{target},{} ({})",
                timeout.as_millis(),
                crate::spelling::quote(&pattern.to_string())
            ),
            Self::Batch { inputs, then } => {
                write!(f, "{verb}:(")?;
                for (at, input) in inputs.iter().enumerate() {
                    if at > 0 {
                        f.write_str("; ")?;
                    }
                    input.fmt(f)?;
                }
                if let Some(then) = then {
                    write!(f, "; {then}")?;
                }
                f.write_str(")")
            }
            Self::Annotated { label, guard, step } => {
                if let Some(label) = label {
                    write!(f, "[{label}] ")?;
                }
                if let Some(guard) = guard {
                    write!(f, "when({guard}) ")?;
                }
                step.fmt(f)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::{KeyCode, Modifiers};
    use crate::role::SemanticRole;
    use crate::wait::Predicate;

    #[test]
    fn display_is_the_script_spelling() {
        let cases = [
            (AutomationStep::right_click(Selector::point(3, 4)), "rclick:3,4"),
            (AutomationStep::middle_click(Selector::text_contains("x")), "mclick:text~x"),
            (AutomationStep::hover(Selector::role(SemanticRole::ListItem)), "hover:@list-item"),
            (AutomationStep::focus_next(), "focus:next"),
            (AutomationStep::focus_prev(), "focus:prev"),
            (AutomationStep::focus(Selector::id("a")), "focus:#a"),
            (AutomationStep::type_text("Buy milk"), "type:Buy milk"),
            (AutomationStep::key(KeyPress::new(KeyCode::Char('n'), Modifiers::CTRL)), "key:ctrl+n"),
            (AutomationStep::scroll(ScrollDirection::Down), "scroll:down"),
            (
                AutomationStep::scroll_at(Selector::id("list"), ScrollDirection::Up),
                "scroll:#list,up",
            ),
            (AutomationStep::drag(Selector::id("a"), Selector::id("b")), "drag:#a>#b"),
            (AutomationStep::sleep(Duration::from_millis(5)), "sleep:5"),
            (AutomationStep::drain(), "drain"),
            (
                AutomationStep::wait_for(
                    WaitCondition::new(Predicate::Selected(false), Selector::id("x")),
                    Duration::from_secs(1),
                ),
                "wait-for:selected=false,#x,1000",
            ),
        ];
        for (step, spelling) in cases {
            assert_eq!(step.to_string(), spelling);
            assert!(spelling.starts_with(step.verb().as_str()), "{spelling}");
        }
    }
}
