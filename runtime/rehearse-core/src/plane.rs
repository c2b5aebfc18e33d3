//! The plane trait: what the one executor needs from whatever it drives —
//! resolve a selector to a cell, deliver input, settle, commit, snapshot.
//!
//! The engine plane implements it over a mounted app; the terminal plane
//! over a program in a PTY. The executor ([`execute`](crate::execute)) owns
//! what a step means (a click is a move, a press and a release at the
//! centre of one actionable node; a wait polls until its condition holds or
//! its timeout passes); a plane owns how input reaches its target and when
//! its output has settled.

use std::ops::Range;
use std::time::Duration;

use ratatui::buffer::Buffer;
use rehearse_lang::Selector;
use rehearse_lang::script::CheckContext;

use crate::committed::CommittedFrame;
use crate::error::AutomationError;
use crate::input::Input;
use crate::kind::PlaneKind;
use crate::record::SinkHost;
use crate::semantic::{Generation, SemanticNode, SemanticTree};
use crate::terminal::TerminalPlane;
use crate::time::LogicalTime;
use crate::wait::IdleReport;

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
/// names what failed; nothing is rolled back. A plane commits its
/// generations into its [`CommitRecord`](crate::CommitRecord) (the
/// [`SinkHost`] it is), which holds the sinks, the hooks and the
/// checkpoints.
pub trait Plane: SinkHost {
    /// Which plane this is, for messages and traces.
    fn kind(&self) -> PlaneKind;

    /// Fails when the plane can take no more steps (the app quit, the
    /// program exited, the session closed).
    ///
    /// # Errors
    ///
    /// [`AutomationError::SessionClosed`] or the plane's reason.
    fn ensure_open(&self) -> Result<(), AutomationError>;

    /// The last committed generation.
    fn committed(&self) -> &CommittedFrame {
        self.commit_record().frame()
    }

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

    /// Where a pointer action on `node`, selected by `text~/REGEX/`, goes:
    /// `found` is the bytes of the node's name the expression matched. By
    /// default [`reach_text`](Self::reach_text) with the matched text; a
    /// plane whose nodes are long runs of text returns the centre of that
    /// very match (not of an earlier occurrence of the same text).
    ///
    /// # Errors
    ///
    /// As [`reach`](Self::reach).
    fn reach_match(
        &self,
        node: &SemanticNode,
        found: Range<usize>,
        operation: &str,
    ) -> Result<(u16, u16), AutomationError> {
        match node.name.get(found) {
            Some(text) => self.reach_text(node, text, operation),
            None => self.reach(node, operation),
        }
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

    /// What text scripts run on this plane are checked against before any
    /// step runs: the ids and refused keys its app declares. By default
    /// nothing: only the checks that need no knowledge of the app run.
    fn check_context(&self) -> CheckContext<'_> {
        CheckContext::new()
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

    /// The cells drawn with [`current_tree`](Self::current_tree)'s tree (or,
    /// after [`observe`](Self::observe) gave a tree, with that one): what a
    /// style predicate (`fg=red`, `bold`) reads. By default the buffer of
    /// [`current_frame`](Self::current_frame).
    ///
    /// # Errors
    ///
    /// What reading them fails with.
    fn current_cells(&mut self) -> Result<Buffer, AutomationError> {
        Ok(self.current_frame()?.buffer)
    }

    /// The plane's terminal, when it holds a program in one: what only
    /// such a plane does (screen, scrollback and process waits and guards,
    /// the artifact pipeline). By default none: those steps fail with
    /// [`AutomationError::NotAvailable`] saying why.
    fn terminal(&mut self) -> Option<&mut dyn TerminalPlane> {
        None
    }

    /// What the plane shows now, as a committed frame would show it but
    /// not committed (numbered as the last committed generation): what a
    /// diagnostic checkpoint records to explain a failure.
    ///
    /// # Errors
    ///
    /// What projecting it fails with.
    fn current_frame(&mut self) -> Result<CommittedFrame, AutomationError>;
}
