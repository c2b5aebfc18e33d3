//! The plane trait: what the one executor needs from whatever it drives —
//! resolve a selector to a cell, deliver input, settle, commit, snapshot.
//!
//! The engine plane implements it over a mounted app; the terminal plane
//! over a program in a PTY. The executor ([`execute`](crate::execute)) owns
//! what a step means (a click is a move, a press and a release at the
//! centre of one actionable node; a wait polls until its condition holds or
//! its timeout passes); a plane owns how input reaches its target and when
//! its output has settled.

use std::time::Duration;

use rehearse_lang::{
    AutomationStep, FocusTarget, KeyPress, MouseButton, Selector, TerminalCondition,
};

use crate::committed::CommittedFrame;
use crate::error::AutomationError;
use crate::semantic::{Generation, SemanticNode, SemanticTree};
use crate::time::LogicalTime;
use crate::wait::IdleReport;

/// What a pointer does at a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PointerKind {
    /// The pointer moves there with no button held.
    Moved,
    /// A button goes down.
    Down(MouseButton),
    /// A button comes up.
    Up(MouseButton),
    /// The pointer moves there with a button held.
    Drag(MouseButton),
    /// The wheel turns up.
    ScrollUp,
    /// The wheel turns down.
    ScrollDown,
}

/// One input a step delivers to a plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Input<'a> {
    /// A pointer event at a zero-based cell.
    Pointer {
        /// What the pointer does.
        kind: PointerKind,
        /// Column.
        col: u16,
        /// Row.
        row: u16,
    },
    /// A key press.
    Key(KeyPress),
    /// Typed text, each character a key press.
    Text(&'a str),
    /// Move focus.
    Focus(&'a FocusTarget),
    /// Pasted text: bracketed when the target enabled bracketed paste.
    Paste(&'a str),
    /// Raw text written as it is (`send:`), escapes already resolved.
    Raw(&'a str),
    /// A secret typed like [`Text`](Self::Text): never expanded, never
    /// echoed in an error.
    Secret(&'a str),
}

/// What a plane knows is pending, for waits that have not held yet.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Pending {
    /// The work the plane knows about.
    pub idle: IdleReport,
    /// Whether waiting (in wall time) can change anything. When it cannot —
    /// under a controlled clock with no worker running — a wait fails at
    /// once instead of burning its timeout.
    pub can_change: bool,
    /// Why nothing can change any more because the target itself ended (a
    /// program in a PTY exited: `"exit code 3"`). A wait that cannot hold
    /// then fails with [`AutomationError::TargetEnded`] naming it, instead
    /// of a timeout.
    pub ended: Option<String>,
}

impl Pending {
    /// Pending work, and whether waiting can change anything.
    pub fn new(idle: IdleReport, can_change: bool) -> Self {
        Self { idle, can_change, ended: None }
    }

    /// The target ended (`status` says how, e.g. `"exit code 3"`): nothing
    /// can change any more.
    #[must_use]
    pub fn ended(mut self, status: impl Into<String>) -> Self {
        self.can_change = false;
        self.ended = Some(status.into());
        self
    }
}

/// Something steps run against: an app on the engine, a program in a PTY.
///
/// Every method either succeeds or fails with an [`AutomationError`] that
/// names what failed; nothing is rolled back.
pub trait Plane {
    /// Fails when the plane can take no more steps (the app quit, the
    /// program exited, the session closed).
    ///
    /// # Errors
    ///
    /// [`AutomationError::SessionClosed`] or the plane's reason.
    fn ensure_open(&self) -> Result<(), AutomationError>;

    /// The last committed generation.
    fn committed(&self) -> &CommittedFrame;

    /// The cell a pointer action on `node` (a node of the committed tree,
    /// already checked to be in view, enabled and able to take the action)
    /// goes to: the centre of its clipped bounds, after checking that a real
    /// pointer there reaches it.
    ///
    /// # Errors
    ///
    /// Why a pointer there would not reach the node.
    fn reach(&self, node: &SemanticNode, operation: &str) -> Result<(u16, u16), AutomationError>;

    /// Where a pointer action on `node`, selected by `text~"…"` for `text`,
    /// goes: by default the same cell as [`reach`](Self::reach) (the centre
    /// of the node). A plane whose nodes are long runs of text (the terminal
    /// plane's screen lines) returns the centre of the matched text inside
    /// the node instead, as a person would point at the words.
    ///
    /// # Errors
    ///
    /// As [`reach`](Self::reach).
    fn reach_text(
        &self,
        node: &SemanticNode,
        text: &str,
        operation: &str,
    ) -> Result<(u16, u16), AutomationError> {
        let _ = text;
        self.reach(node, operation)
    }

    /// Checks that this plane can answer `selector` before the executor
    /// resolves it or waits on it. By default every selector is accepted. A
    /// plane whose tree cannot carry some kinds (the terminal plane's tree is
    /// the screen's text: it has no automation ids and no roles) refuses them
    /// with [`AutomationError::NotAvailable`], so `#save` fails saying why
    /// rather than as a plain "no match".
    ///
    /// # Errors
    ///
    /// [`AutomationError::NotAvailable`] naming the selector and why.
    fn check_selector(&self, selector: &Selector) -> Result<(), AutomationError> {
        let _ = selector;
        Ok(())
    }

    /// Checks that a pointer at a raw cell (`col,row` selectors) meets
    /// something.
    ///
    /// # Errors
    ///
    /// [`AutomationError::NoMatch`] when nothing is there.
    fn reach_point(&self, col: u16, row: u16) -> Result<(), AutomationError>;

    /// Brings what the executor is about to judge up to date, before it
    /// resolves the target of a pointer action (`target`) or checks a
    /// `when(…)` guard on a node (`None`), and returns the tree to judge
    /// when it is not the committed one.
    ///
    /// By default `None`: the plane's every commit is settled, so the
    /// committed tree is what it shows. A plane whose input steps return
    /// before the target has answered (the terminal plane on a program with
    /// no exact settle signal) waits here instead, as Playwright waits for
    /// an element to be actionable: until the screen is stable and, given a
    /// target, until the target is on it (or the screen stayed unchanged
    /// long enough to say it is not coming); nothing is committed.
    ///
    /// # Errors
    ///
    /// What waiting fails with (the screen never became stable).
    fn observe(
        &mut self,
        target: Option<&Selector>,
    ) -> Result<Option<SemanticTree>, AutomationError> {
        let _ = target;
        Ok(None)
    }

    /// Delivers one input the way a terminal would.
    ///
    /// # Errors
    ///
    /// Input the plane refuses or cannot route, or what the target failed
    /// with while handling it.
    fn deliver(&mut self, input: Input<'_>) -> Result<(), AutomationError>;

    /// Delivers several inputs as one: a terminal writes them in one write
    /// (`batch:`, a click's press and release). By default, one by one.
    ///
    /// # Errors
    ///
    /// As [`deliver`](Self::deliver), for the first input that fails.
    fn deliver_all(&mut self, inputs: &[Input<'_>]) -> Result<(), AutomationError> {
        for &input in inputs {
            self.deliver(input)?;
        }
        Ok(())
    }

    /// Lets the plane's time pass: logical time under a controlled clock,
    /// wall time where time is real.
    ///
    /// # Errors
    ///
    /// A clock that cannot be moved, or what the work that came due failed
    /// with.
    fn advance(&mut self, duration: Duration) -> Result<(), AutomationError>;

    /// Lets `duration` of wall time pass.
    ///
    /// # Errors
    ///
    /// What settling afterwards fails with.
    fn sleep(&mut self, duration: Duration) -> Result<(), AutomationError>;

    /// Resizes the viewport.
    ///
    /// # Errors
    ///
    /// A size the plane cannot take.
    fn resize(&mut self, cols: u16, rows: u16) -> Result<(), AutomationError>;

    /// Processes what the delivered input caused until the plane is settled.
    ///
    /// # Errors
    ///
    /// Work that does not converge, or what the target failed with.
    fn settle(&mut self) -> Result<(), AutomationError>;

    /// Commits one generation: what the plane shows now.
    ///
    /// # Errors
    ///
    /// A generation that breaks the tree's rules (duplicate automation ids).
    fn commit(&mut self) -> Result<Generation, AutomationError>;

    /// Hands the committed generation to the checkpoint sinks under `name`
    /// (already validated).
    ///
    /// # Errors
    ///
    /// What a sink fails with.
    fn checkpoint(&mut self, name: &str) -> Result<(), AutomationError>;

    /// The plane's logical time.
    fn now(&self) -> LogicalTime;

    /// What is pending, for a wait that has not held yet.
    fn pending(&self) -> Pending;

    /// Blocks for at most `timeout` of wall time until something may have
    /// changed, then settles.
    ///
    /// # Errors
    ///
    /// What settling fails with.
    fn await_change(&mut self, timeout: Duration) -> Result<(), AutomationError>;

    /// The tree the plane shows now, which may be newer than the committed
    /// one (a wait reads it without committing).
    ///
    /// # Errors
    ///
    /// What projecting it fails with.
    fn current_tree(&self) -> Result<SemanticTree, AutomationError>;

    /// Waits until a condition on a program's screen, scrollback or process
    /// holds, on a settled screen, for at most `timeout`. By default the
    /// plane has no terminal and refuses.
    ///
    /// # Errors
    ///
    /// [`AutomationError::NotAvailable`] off a terminal;
    /// [`AutomationError::ScreenTimeout`] when it did not hold in time;
    /// [`AutomationError::TargetEnded`] when the program ended first.
    fn wait_terminal(
        &mut self,
        condition: &TerminalCondition,
        timeout: Duration,
    ) -> Result<(), AutomationError> {
        let _ = timeout;
        Err(no_terminal(&condition.to_string()))
    }

    /// Whether a condition on a program's screen, scrollback or process
    /// holds now, on a settled screen (a `when(...)` guard). By default the
    /// plane has no terminal and refuses.
    ///
    /// # Errors
    ///
    /// [`AutomationError::NotAvailable`] off a terminal, or what settling
    /// fails with.
    fn test_terminal(&mut self, condition: &TerminalCondition) -> Result<bool, AutomationError> {
        Err(no_terminal(&condition.to_string()))
    }

    /// Runs an artifact-pipeline step — `download:`, `transform:`,
    /// `monitor:` — against the program. By default the plane has no
    /// program and refuses.
    ///
    /// # Errors
    ///
    /// [`AutomationError::NotAvailable`] off a terminal; what the pipeline
    /// fails with (a missing file, a command's exit status and stderr).
    fn pipeline(&mut self, step: &AutomationStep) -> Result<(), AutomationError> {
        Err(no_terminal(&step.to_string()))
    }

    /// Records what the plane shows now to explain a failure, when sinks are
    /// configured; returns the checkpoint's name.
    ///
    /// # Errors
    ///
    /// What taking the snapshot fails with (a sink's own failure is
    /// reported in the returned name instead).
    fn diagnostic_checkpoint(&mut self) -> Result<Option<String>, AutomationError>;
}

/// Why a terminal step fails on a plane without a terminal.
pub fn no_terminal(what: &str) -> AutomationError {
    AutomationError::NotAvailable {
        what: what.to_owned(),
        reason: "it needs a program in a terminal (the terminal plane, `rehearse::pty::Terminal`); an app on the engine has no screen bytes, scrollback or process".into(),
    }
}
